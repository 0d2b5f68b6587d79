import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError, serverMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { useSite } from '../../../lib/site-context';
import { useGetAdminUserQuery } from '../shared/api';
import { useLoginMutation } from './api';
import { FormTextField } from '../shared/form-field';
import { CenteredSpinner } from '../shared/centered-spinner';
import { validateLogin, type LoginErrors } from './login-validation';

function loginFailureText(err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 429) return serverMessage(err) ?? 'Too many sign-in attempts. Please try again later.';
    if (err.status === 'FETCH_ERROR' || err.status === 'TIMEOUT_ERROR')
      return 'Could not reach the server. Please check your connection and try again.';
  }
  return 'Invalid username or password.';
}

export default function LoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { siteName } = useSite();
  // Always re-checked: a cached answer from before a logout must not bounce her to the dashboard.
  const session = useGetAdminUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const [login, { isLoading: signingIn }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});

  if (session.isFetching && !signingIn) return <CenteredSpinner label="Checking your session..." />;
  if (session.data) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(username, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { firstSignIn } = await login({ username: username.trim(), password }).unwrap();
      toast({ title: 'Login successful', description: 'Please wait while we establish your session...' });
      // her very first sign-in is greeted as such on the next page, not as a return
      navigate('/admin/auth-redirect', { replace: true, state: { firstSignIn } });
    } catch (err) {
      toast({ title: 'Login failed', description: loginFailureText(err), variant: 'destructive' });
    }
  };

  /** A field's value, its change (which clears its error) and its error. */
  const field = (name: keyof LoginErrors, value: string, setValue: (value: string) => void) => ({
    value,
    onValueChange: (next: string) => {
      setValue(next);
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
    },
    error: errors[name],
    disabled: signingIn,
    required: true,
  });

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <title>{`Admin Sign In | ${siteName}`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {siteName} Admin
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Admin Sign In
        </Typography>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void onSubmit(e)}>
          <FormTextField
            id="admin-username"
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...field('username', username, setUsername)}
          />
          <FormTextField
            id="admin-password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            {...field('password', password, setPassword)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={signingIn}>
            {signingIn ? 'Signing in...' : 'Sign In'}
          </Button>
        </Stack>
        <Link component={RouterLink} to="/" variant="body2" sx={{ display: 'inline-block', mt: 3 }}>
          Back to the site
        </Link>
      </Paper>
    </Box>
  );
}
