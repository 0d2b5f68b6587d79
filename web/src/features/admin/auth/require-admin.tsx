import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { errorMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { useGetAdminUserQuery } from '../shared/api';
import { CenteredSpinner } from '../shared/centered-spinner';
import { LoadError } from '../shared/load-error';
import type { AdminSessionContext } from '../shared/session';
import { ChoosePasswordPage } from './password-page';

/**
 * Protection wrapper of every admin screen except sign-in; with a one-time password, the screen
 * that replaces it instead.
 */
export function RequireAdmin() {
  const toast = useToast();
  const [loggedOut, setLoggedOut] = useState(false);
  const {
    data: user,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useGetAdminUserQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  // After a deliberate logout the 401 is expected: no 'Authentication required' toast or redirect.
  const signedOut = user === null && !loggedOut;

  useEffect(() => {
    if (signedOut)
      toast({
        title: 'Authentication required',
        description: 'Please log in to access the admin dashboard.',
        variant: 'destructive',
      });
  }, [signedOut, toast]);

  if (loggedOut) return <CenteredSpinner label="Signing out..." />;
  if (isLoading) return <CenteredSpinner label="Checking your session..." />;
  if (signedOut) return <Navigate to="/admin" replace />;
  if (!user) {
    return (
      <Box sx={{ p: 3, maxWidth: 560, mx: 'auto', width: '100%' }}>
        <LoadError onRetry={refetch} retrying={isFetching}>
          Could not check your session. {error ? errorMessage(error) : ''}
        </LoadError>
      </Box>
    );
  }
  // the first start's one-time password: her own first, before anything else (the server
  // refuses every other admin call until then)
  if (user.mustChangePassword) return <ChoosePasswordPage username={user.username} />;
  return <Outlet context={{ markSignedOut: () => setLoggedOut(true) } satisfies AdminSessionContext} />;
}
