import { useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useToast } from '../../../components/toast';
import { US_STATES } from '../../checkout';
import { GridBox } from '../shared/grid-box';
import { FormSection } from '../shared/form-section';
import { Loaded } from '../shared/load-error';
import { OtherErrors } from '../shared/other-errors';
import { SaveChangesButton } from '../shared/save-changes-button';
import { SubPage } from '../shared/sub-page';
import { useSettingsForm } from '../shared/use-settings-form';
import {
  useGetTaxSettingsQuery,
  useSaveTaxSettingsMutation,
  type TaxProvider,
  type TaxSettingsView,
} from './api';
import { StateCard, type StateRow } from './state-card';
import { FIELD_AND_BUTTON, TaxReport } from './tax-report';

type StateCode = keyof typeof US_STATES;
const STATE_CODES = Object.keys(US_STATES) as StateCode[];

const rowsOf = (settings: TaxSettingsView): StateRow[] =>
  settings.states.map((s) => ({ state: s.state, rate: s.rate, shippingTaxed: s.shippingTaxed, saved: s }));

/** The server's messages, by field: 'provider', or '<state>.rate' (it answers by position: 'states.1.rate'). */
function errorsByState(errors: Record<string, string> | undefined, rows: StateRow[]) {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const match = /^states\.(\d+)\.(\w+)/.exec(key);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row && match) byField[`${row.state}.${match[2]}`] ??= message;
    else if (key === 'provider') byField.provider ??= message;
    else other.push(message);
  }
  // the first rate refused is focused
  const firstRate = rows.find((r) => byField[`${r.state}.rate`]);
  return { byField, focusId: firstRate && `tax-rate-${firstRate.state}`, other };
}

function TaxSettingsForm({ settings }: { settings: TaxSettingsView }) {
  const toast = useToast();
  const [saveSettings, { isLoading: saving }] = useSaveTaxSettingsMutation();
  const [provider, setProvider] = useState<TaxProvider>(settings.provider);
  const [rows, setRows] = useState<StateRow[]>(() => rowsOf(settings));
  const [adding, setAdding] = useState('');
  // the rows as sent: the server answers by position
  const sentRef = useRef<StateRow[]>(rows);
  const { errors, otherErrors, clear, save } = useSettingsForm<string>({
    saving,
    failure: 'save tax settings',
    placeErrors: (answer) => errorsByState(answer, sentRef.current),
  });

  const listed = useMemo(() => new Set(rows.map((r) => r.state)), [rows]);
  const addable = STATE_CODES.filter((code) => !listed.has(code));

  const changeRow = (state: string, patch: Partial<StateRow>) => {
    setRows((prev) => prev.map((r) => (r.state === state ? { ...r, ...patch } : r)));
    clear(...Object.keys(patch).map((field) => `${state}.${field}`));
  };

  const addState = () => {
    if (!adding || listed.has(adding)) return;
    setRows((prev) => [...prev, { state: adding, rate: '', shippingTaxed: false }]);
    setAdding('');
    // the new card's rate field is next: the owner types the rate there
    window.setTimeout(() => document.getElementById(`tax-rate-${adding}`)?.focus(), 0);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const sent = (sentRef.current = rows);
    const saved = await save(() =>
      saveSettings({
        provider,
        states: sent.map((r) => ({ state: r.state, rate: r.rate.trim(), shippingTaxed: r.shippingTaxed })),
      }).unwrap(),
    );
    if (saved)
      toast({ title: 'Tax Settings Saved', description: 'Checkout uses these settings from now on.' });
  };

  // after a save the page shows what the server kept (its rates, dates and sources)
  const [shown, setShown] = useState(settings);
  if (shown !== settings) {
    setShown(settings);
    setProvider(settings.provider);
    setRows(rowsOf(settings));
  }

  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={3}>
      {!settings.saved && (
        <Alert severity="warning" role="note">
          <AlertTitle>No sales tax is collected yet</AlertTitle>
          Checkout charges no tax until you save these settings. The District of Columbia below is a
          suggestion: check its rate with the official source, change what you need, then save.
        </Alert>
      )}
      <FormSection title="How tax is calculated">
        <FormControl error={Boolean(errors.provider)} disabled={saving}>
          <FormLabel id="tax-provider-label" sx={{ mb: 0.5 }}>
            Tax rates
          </FormLabel>
          <RadioGroup
            aria-labelledby="tax-provider-label"
            name="tax-provider"
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value === 'stripe' ? 'stripe' : 'manual');
              clear('provider');
            }}
          >
            <FormControlLabel
              value="manual"
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography>Our rates</Typography>
                  <Typography variant="body2" color="text.secondary" id="tax-provider-manual-text">
                    You set the rate of each state you collect in, below.
                  </Typography>
                </Box>
              }
            />
            <FormControlLabel
              value="stripe"
              disabled={saving || (!settings.stripeTaxAvailable && provider !== 'stripe')}
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography>Stripe Tax</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {settings.stripeTaxAvailable
                      ? 'Stripe calculates the tax of each order from the buyer’s address, and records it for your filings.'
                      : 'Stripe Tax needs Stripe payments: set STRIPE_SECRET_KEY first.'}
                  </Typography>
                </Box>
              }
            />
          </RadioGroup>
          {errors.provider && <FormHelperText>{errors.provider}</FormHelperText>}
        </FormControl>
      </FormSection>

      <FormSection
        title="States you collect tax in"
        description="Tax is charged on orders shipped to these states, on the discounted prints (and shipping where it is taxed). Other states pay no tax."
      >
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No states yet: no order is taxed.
          </Typography>
        ) : (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ p: 0, m: 0, mb: 2.5 }}
            aria-label="States you collect tax in"
          >
            {rows.map((row) => (
              <StateCard
                key={row.state}
                row={row}
                errors={errors}
                disabled={saving}
                onChange={(patch) => changeRow(row.state, patch)}
                onRemove={() => setRows((prev) => prev.filter((r) => r.state !== row.state))}
              />
            ))}
          </Stack>
        )}
        <GridBox columns={{ xs: '1fr', sm: 'minmax(0, 320px) auto' }} sx={FIELD_AND_BUTTON}>
          <TextField
            select
            id="tax-add-state"
            label="Add a state"
            size="small"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            disabled={saving || addable.length === 0}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {addable.map((code) => (
              <MenuItem key={code} value={code}>
                {US_STATES[code]}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addState} disabled={saving || !adding}>
            Add State
          </Button>
        </GridBox>
      </FormSection>

      <OtherErrors messages={otherErrors} />
      <SaveChangesButton saving={saving} />
    </Stack>
  );
}

/** Sales tax: where it is collected, at what rate, and the monthly report. */
export default function TaxPage() {
  const query = useGetTaxSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SubPage title="Sales Tax" backTo="/admin/orders" backLabel="Back to Orders" maxWidth="md">
      <Stack spacing={3}>
        <Loaded query={query} what="tax settings" placeholderHeight={280}>
          {(settings) => <TaxSettingsForm settings={settings} />}
        </Loaded>
        <TaxReport />
      </Stack>
    </SubPage>
  );
}
