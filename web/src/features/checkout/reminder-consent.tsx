import { useEffect, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { serverMessage } from '../../lib/api';
import { useGetCartReminderQuery, useSetCartReminderMutation } from './api';
import { EMAIL } from './checkout-validation';

const SAVE_FAILED = 'Your choice could not be saved. Please try again.';
const EMAIL_SETTLE_MS = 800;

/**
 * "E-mail me a reminder if I don't finish" (issue 49): shown once a valid e-mail is typed, unticked
 * unless she ticked it for this cart, never when the owner turned reminders off. Ticking stores her
 * consent for this cart with the address; unticking withdraws it; a changed address while ticked
 * is stored too.
 */
export function ReminderConsent({ email, disabled }: { email: string; disabled: boolean }) {
  const { data } = useGetCartReminderQuery();
  const [save, { isLoading }] = useSetCartReminderMutation();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = email.trim();
  const valid = EMAIL.test(typed);
  // the last valid address: an unticking after she started editing it still names one
  const [lastValid, setLastValid] = useState<string | null>(null);
  if (valid && typed !== lastValid) setLastValid(typed);
  // ticked for this cart before (a reload): shown ticked
  const [seenConsent, setSeenConsent] = useState(false);
  if (data?.consented && !seenConsent) {
    setSeenConsent(true);
    setChecked(true);
  }
  // the address her consent was stored with: a changed one, while ticked, is stored too (once typing
  // settles; unticking cancels it)
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (!checked || !valid || typed === saved) return;
    const timer = window.setTimeout(
      () =>
        void save({ email: typed, consent: true })
          .unwrap()
          .then(() => setSaved(typed))
          .catch(() => undefined),
      EMAIL_SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [checked, valid, typed, saved, save]);

  if (!data?.offered || lastValid === null) return null;
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.checked;
    setChecked(next);
    setError(null);
    try {
      await save({ email: lastValid, consent: next }).unwrap();
      setSaved(next ? lastValid : null);
    } catch (err) {
      setChecked(!next);
      setError(serverMessage(err) ?? SAVE_FAILED);
    }
  };
  return (
    <Box sx={{ mt: '-8px !important' }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={onChange}
            disabled={disabled || isLoading}
            slotProps={{ input: { 'aria-describedby': 'checkout-reminder-hint' } }}
          />
        }
        label="E-mail me a reminder if I don't finish"
      />
      <FormHelperText id="checkout-reminder-hint" sx={{ mt: 0, ml: 4 }}>
        One e-mail about this cart, only if you don't complete your order. You can stop it from the e-mail.
      </FormHelperText>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
