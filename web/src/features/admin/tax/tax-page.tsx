import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { US_STATES } from '../../checkout';
import { formatDate } from '../shared/relative-time';
import { failureToast } from '../shared/action-toast';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { Loaded } from '../shared/load-error';
import { SaveChangesButton } from '../shared/save-changes-button';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
import {
  taxReportUrl,
  useGetTaxSettingsQuery,
  useSaveTaxSettingsMutation,
  type TaxProvider,
  type TaxSettingsView,
  type TaxStateView,
} from './api';
import { visuallyHidden } from '../shared/visually-hidden';
import { useFocusAfterSave } from '../shared/use-focus-after-save';

// Read by screen readers, not shown.

type StateCode = keyof typeof US_STATES;
const STATE_CODES = Object.keys(US_STATES) as StateCode[];
const stateName = (code: string) => (US_STATES as Record<string, string>)[code] ?? code;

/** One state on screen: what the owner edits, and what the server last said about it (none when new). */
type StateRow = { state: string; rate: string; shippingTaxed: boolean; saved?: TaxStateView };

const rowsOf = (settings: TaxSettingsView): StateRow[] =>
  settings.states.map((s) => ({ state: s.state, rate: s.rate, shippingTaxed: s.shippingTaxed, saved: s }));

const pad = (n: number) => String(n).padStart(2, '0');
/** This month as an input type=month value: '2026-11'. */
const thisMonth = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

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
  return { byField, other };
}

// the warning Alert's own colours: MUI's orange on white is under 4.5:1 for small text
const presetChip = { bgcolor: '#fff4e5', color: '#663c00', fontWeight: 600 } as const;

type StateCardProps = {
  row: StateRow;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<StateRow>) => void;
  onRemove: () => void;
};

function StateCard({ row, errors, disabled, onChange, onRemove }: StateCardProps) {
  const name = stateName(row.state);
  const headingId = `tax-state-${row.state}`;
  const { saved } = row;
  const stateError = errors[`${row.state}.state`];
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}>
      <Box role="group" aria-labelledby={headingId}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Button
            color="error"
            size="small"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </Box>
        {stateError && (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {stateError}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 220px) 1fr' },
            alignItems: 'center',
          }}
        >
          <FormTextField
            id={`tax-rate-${row.state}`}
            label="Tax rate"
            value={row.rate}
            onValueChange={(rate) => onChange({ rate })}
            error={errors[`${row.state}.rate`]}
            disabled={disabled}
            required
            size="small"
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={row.shippingTaxed}
                onChange={(event) => onChange({ shippingTaxed: event.target.checked })}
                disabled={disabled}
              />
            }
            label="Tax shipping"
          />
        </Box>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          {saved ? (
            <>
              <Typography variant="body2">
                <Link href={saved.sourceUrl} target="_blank" rel="noopener noreferrer">
                  Official rates: {saved.sourceName}
                  <OpenInNewIcon sx={{ fontSize: '1em', ml: 0.5, verticalAlign: '-0.125em' }} aria-hidden />
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (opens in a new tab)
                  </Box>
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Rate last changed {formatDate(saved.rateChangedAt)}
              </Typography>
              {saved.preset && (
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                >
                  <Chip size="small" label="Preset: check this rate" sx={presetChip} />
                  <Typography variant="body2" color="text.secondary">
                    A suggestion: not collected until you save.
                  </Typography>
                </Stack>
              )}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              New: save to see where the official rate is published.
            </Typography>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

function TaxSettingsForm({ settings }: { settings: TaxSettingsView }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [save, { isLoading: saving }] = useSaveTaxSettingsMutation();
  const [provider, setProvider] = useState<TaxProvider>(settings.provider);
  const [rows, setRows] = useState<StateRow[]>(() => rowsOf(settings));
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  // the field to focus once the form is enabled again after a refused save
  const focusAfterSaveRef = useFocusAfterSave(saving, errors);

  const listed = useMemo(() => new Set(rows.map((r) => r.state)), [rows]);
  const addable = STATE_CODES.filter((code) => !listed.has(code));

  const clear = (...keys: string[]) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const key of keys) delete next[key];
      return next;
    });

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
    setOtherErrors([]);
    const sent = rows;
    try {
      await save({
        provider,
        states: sent.map((r) => ({ state: r.state, rate: r.rate.trim(), shippingTaxed: r.shippingTaxed })),
      }).unwrap();
      setErrors({});
      toast({ title: 'Tax Settings Saved', description: 'Checkout uses these settings from now on.' });
    } catch (err) {
      checkSession(err);
      const { byField, other } = errorsByState(isApiError(err) ? err.errors : undefined, sent);
      setErrors(byField);
      setOtherErrors(other);
      // the server's messages show where they belong (the first rate refused is focused), not in a toast
      const firstRate = sent.find((r) => byField[`${r.state}.rate`]);
      if (firstRate) focusAfterSaveRef.current = `tax-rate-${firstRate.state}`;
      else if (Object.keys(byField).length === 0 && other.length === 0)
        toast(failureToast('save tax settings', err));
    }
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
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 320px) auto' },
            alignItems: 'center',
            justifyContent: 'start',
          }}
        >
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
        </Box>
      </FormSection>

      {otherErrors.map((message) => (
        <Alert key={message} severity="error" role="alert">
          {message}
        </Alert>
      ))}
      <SaveChangesButton saving={saving} />
    </Stack>
  );
}

function TaxReport() {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <FormSection
      title="Monthly tax report"
      description="A CSV per state: taxable sales, tax collected and the tax given back with refunds."
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 220px) auto' },
          alignItems: 'center',
          justifyContent: 'start',
        }}
      >
        <TextField
          id="tax-report-month"
          type="month"
          label="Month"
          size="small"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth() } }}
        />
        <Button
          component="a"
          href={valid ? taxReportUrl(month) : undefined}
          download
          variant="outlined"
          disabled={!valid}
          startIcon={<FileDownloadOutlinedIcon />}
        >
          Download CSV
        </Button>
      </Box>
    </FormSection>
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
