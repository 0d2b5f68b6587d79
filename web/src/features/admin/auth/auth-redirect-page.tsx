import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../components/toast';
import { sharedAdminApi } from '../shared/api';
import { CenteredSpinner } from '../shared/centered-spinner';

/** Session check after sign-in: 10 attempts 750 ms apart. */
export const SESSION_ATTEMPTS = 10;
export const SESSION_INTERVAL_MS = 750;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export default function AuthRedirectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  // set by the sign-in form from its answer (login-page.tsx)
  const firstSignIn = (useLocation().state as { firstSignIn?: boolean } | null)?.firstSignIn === true;

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      for (let attempt = 1; attempt <= SESSION_ATTEMPTS; attempt++) {
        const request = dispatch(
          sharedAdminApi.endpoints.getAdminUser.initiate(undefined, { forceRefetch: true }),
        );
        const result = await request;
        if (cancelled) {
          request.unsubscribe();
          return;
        }
        if (result.data) {
          // The one-time password of the first start, or any account's very first sign-in (one
          // made from ADMIN_USERNAME): not "back" yet.
          toast(
            result.data.mustChangePassword
              ? { title: 'Welcome!', description: 'Choose your own password to begin.' }
              : { title: firstSignIn ? 'Welcome!' : 'Welcome back!' },
          );
          navigate('/admin/dashboard', { replace: true });
          // Held a moment longer so the dashboard's own session check finds the answer cached.
          window.setTimeout(() => request.unsubscribe(), 2000);
          return;
        }
        request.unsubscribe();
        if (attempt < SESSION_ATTEMPTS) await sleep(SESSION_INTERVAL_MS);
        if (cancelled) return;
      }
      toast({
        title: 'Session error',
        description: 'Could not establish a secure session. Please try logging in again.',
        variant: 'destructive',
      });
      navigate('/admin', { replace: true });
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [dispatch, navigate, toast, firstSignIn]);

  return (
    <>
      <title>Signing in | Admin</title>
      <CenteredSpinner label="Establishing your session..." />
    </>
  );
}
