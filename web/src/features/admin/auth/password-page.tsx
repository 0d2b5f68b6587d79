import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError, serverMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { useSite } from '../../../lib/site-context';
import { useAppDispatch } from '../../../lib/hooks';
import { sharedAdminApi, useGetAdminUserQuery, useLogoutMutation } from '../shared/api';
import { useChangePasswordMutation } from './api';
import { FormTextField } from '../shared/form-field';
import { SubPage } from '../shared/sub-page';
import { validateNewPassword, type PasswordErrors } from './password-validation';

/** The three fields: their ids, labels, and the autocomplete words a password manager reads. */
const PASSWORD_FIELDS = {
  current: { id: 'current-password', label: 'Current password', autoComplete: 'current-password' },
  next: {
    id: 'new-password',
    label: 'New password',
    autoComplete: 'new-password',
    helperText: 'At least 12 characters. A few unrelated words are easy to remember.',
  },
  repeat: { id: 'repeat-password', label: 'New password again', autoComplete: 'new-password' },
} satisfies Record<keyof PasswordErrors, object>;

/**
 * What the first sign-in with the one-time password shows before anything else: she chooses her
 * own (the server refuses every other admin call until then). No current password is asked: she
 * has just typed it.
 */
export function ChoosePasswordPage({ username }: { username: string }) {
  const { siteName } = useSite();
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [logout, { isLoading: leaving }] = useLogoutMutation();

  const signOut = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(sharedAdminApi.util.upsertQueryData('getAdminUser', undefined, null));
    toast({ title: 'Logged out' });
    navigate('/admin/login', { replace: true });
  };

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <title>{`Choose a new password | ${siteName}`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {siteName} Admin
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mb: 1.5 }}>
          Choose a new password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You signed in as <strong>{username}</strong> with the one-time password from the shop&apos;s first
          start. Choose your own password to continue.
        </Typography>
        <PasswordForm
          username={username}
          forced
          submitLabel="Save and continue"
          onDone={() => {
            toast({ title: 'Password changed', description: 'Your new password is saved.' });
            navigate('/admin/dashboard', { replace: true });
          }}
        />
        <Button onClick={() => void signOut()} disabled={leaving} sx={{ mt: 2, ml: -1 }}>
          Logout
        </Button>
      </Paper>
    </Box>
  );
}

/** Her own password, changed whenever she likes (the checklist links here): the current one is asked. */
export default function ChangePasswordPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const { data: user } = useGetAdminUserQuery();
  return (
    <SubPage title="Change password" backTo="/admin/dashboard" backLabel="Back to Dashboard" maxWidth="md">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 520 }}>
        <PasswordForm
          username={user?.username ?? ''}
          submitLabel="Save password"
          onDone={() => {
            toast({
              title: 'Password changed',
              description: 'Use your new password the next time you sign in.',
            });
            navigate('/admin/dashboard');
          }}
        />
      </Paper>
    </SubPage>
  );
}

function PasswordForm({
  username,
  forced = false,
  submitLabel,
  onDone,
}: {
  username: string;
  forced?: boolean;
  submitLabel: string;
  onDone: () => void;
}) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword({ current: forced ? undefined : current, next, repeat });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    try {
      await change({ ...(forced ? {} : { currentPassword: current }), newPassword: next }).unwrap();
      onDone();
    } catch (err) {
      const fields = isApiError(err)
        ? (err.data as { errors?: Record<string, string> } | undefined)?.errors
        : undefined;
      if (fields?.currentPassword || fields?.newPassword)
        setErrors({ current: fields.currentPassword, next: fields.newPassword });
      else setFailure(serverMessage(err) ?? 'The password could not be saved. Please try again.');
    }
  };

  /** A field's value, its change (which clears its error) and its error. */
  const field = (name: keyof PasswordErrors, value: string, setValue: (value: string) => void) => ({
    value,
    onValueChange: (v: string) => {
      setValue(v);
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
    },
    error: errors[name],
    disabled: isLoading,
    required: true,
    type: 'password',
    fullWidth: true,
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void onSubmit(e)}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!forced && <FormTextField {...PASSWORD_FIELDS.current} {...field('current', current, setCurrent)} />}
      <FormTextField {...PASSWORD_FIELDS.next} {...field('next', next, setNext)} />
      <FormTextField {...PASSWORD_FIELDS.repeat} {...field('repeat', repeat, setRepeat)} />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Saving...' : submitLabel}
      </Button>
      {/* the account's name, unseen: a password manager saves the new password for it */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
    </Stack>
  );
}
