import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../components/toast';
import { FormSection } from '../shared/form-section';
import { ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { OtherErrors } from '../shared/other-errors';
import { splitServerErrors } from '../shared/server-errors';
import { SubPage } from '../shared/sub-page';
import { useSettingsForm } from '../shared/use-settings-form';
import {
  useGetCartReminderSettingsQuery,
  useSaveCartReminderSettingsMutation,
  type CartReminderSettings,
} from './api';

const FIELDS = ['enabled', 'delayHours'] as const;
type Field = (typeof FIELDS)[number];

/** Her settings: reminders offered at checkout or not, and how long after the cart is left. */
function SettingsForm({ settings }: { settings: CartReminderSettings }) {
  const toast = useToast();
  const [save, { isLoading: saving }] = useSaveCartReminderSettingsMutation();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [delay, setDelay] = useState(String(settings.delayHours));
  const form = useSettingsForm<Field>({
    saving,
    failure: 'save cart reminder settings',
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, FIELDS);
      return { byField, focusId: first && `cart-reminder-${first}`, other };
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // sent as typed: the server refuses what is not a whole number of hours, 1 to 72
    const saved = await form.save(() =>
      save({ enabled, delayHours: delay.trim() === '' ? Number.NaN : Number(delay) }).unwrap(),
    );
    if (saved)
      toast({
        title: 'Cart Reminder Settings Saved',
        description: saved.enabled
          ? `Buyers who ask get one reminder ${saved.delayHours} hours after they leave.`
          : 'The checkout no longer offers reminders.',
      });
  };

  return (
    <FormSection
      title="Settings"
      titleId="cart-reminder-settings-title"
      description="When on, the checkout offers an unticked box, “E-mail me a reminder if I don't finish”. A buyer who ticks it gets one e-mail after the delay, unless she pays first."
    >
      <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)} noValidate>
        <FormControlLabel
          control={
            <Switch
              id="cart-reminder-enabled"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              disabled={saving}
            />
          }
          label="Offer cart reminders at checkout"
        />
        <TextField
          id="cart-reminder-delayHours"
          label="Send after (hours)"
          value={delay}
          onChange={(e) => {
            form.clear('delayHours');
            setDelay(e.target.value);
          }}
          error={Boolean(form.errors.delayHours)}
          helperText={form.errors.delayHours ?? '1 to 72 hours after the buyer ticks the box. 24 is usual.'}
          disabled={saving}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ maxWidth: { sm: 240 } }}
        />
        <OtherErrors messages={form.otherErrors} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </Box>
      </Stack>
    </FormSection>
  );
}

function Count({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, flex: 1, minWidth: 0 }}>
      <Typography variant="overline" component="h3" sx={{ letterSpacing: { xs: '0.02em', sm: undefined } }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ fontSize: { xs: '0.8rem', sm: undefined } }}>
        {hint}
      </Typography>
    </Paper>
  );
}

/** Orders > Cart reminders: what reminders did, and her settings. */
export default function CartRemindersPage() {
  const settings = useGetCartReminderSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = settings.data;
  return (
    <SubPage title="Cart Reminders" backTo="/admin/orders" backLabel="Back to Orders" maxWidth="md">
      {data ? (
        <Stack spacing={3}>
          <Box component="section" aria-labelledby="cart-reminder-counts">
            <Typography id="cart-reminder-counts" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              Since the start
            </Typography>
            <Stack direction="row" spacing={{ xs: 1, sm: 1.5 }}>
              <Count label="Waiting" value={data.counts.waiting} hint="Asked for, not yet due." />
              <Count label="Sent" value={data.counts.sent} hint="One e-mail per cart." />
              <Count label="Recovered" value={data.counts.recovered} hint="Paid after the reminder." />
            </Stack>
          </Box>
          <SettingsForm key={`${data.enabled}-${data.delayHours}`} settings={data} />
          <Typography variant="body2" color="text.secondary">
            Only buyers who tick the box are reminded. Their address is kept until the reminder is sent, the
            order is paid or they untick the box; anyone can stop reminders from the e-mail.
          </Typography>
        </Stack>
      ) : settings.isError ? (
        <LoadError
          onRetry={settings.refetch}
          retrying={settings.isFetching}
          what="cart reminder settings"
          error={settings.error}
        />
      ) : (
        <ListSkeleton label="Loading cart reminders" height={120} />
      )}
    </SubPage>
  );
}
