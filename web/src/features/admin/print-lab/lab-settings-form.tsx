import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { LAB_NAME } from '../shared/lab/lab-model';
import { OtherErrors } from '../shared/other-errors';
import { SaveChangesButton } from '../shared/save-changes-button';
import { splitServerErrors } from '../shared/server-errors';
import { useSessionExpiryCheck } from '../shared/session';
import { useSettingsForm } from '../shared/use-settings-form';
import { SwitchRow } from './switch-row';
import {
  PRODUCTION_TIME_LABELS,
  SHIPPING_METHOD_LABELS,
  useSaveLabSettingsMutation,
  useTestLabConnectionMutation,
  type LabConnection,
  type LabProductionTime,
  type LabSettingsRequest,
  type LabSettingsView,
  type LabShippingMethod,
} from './api';

const FIELDS = [
  'enabled',
  'sandbox',
  'apiKey',
  'apiSecret',
  'storeId',
  'shippingMethod',
  'productionTime',
  'holdMinutes',
  'minMarginPercent',
] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (field: Field) => `lab-${field}`;

const SHIPPING_METHODS = Object.entries(SHIPPING_METHOD_LABELS) as Array<[LabShippingMethod, string]>;
const PRODUCTION_TIMES = Object.entries(PRODUCTION_TIME_LABELS) as Array<[LabProductionTime, string]>;
const SAVED_SECRET = 'Saved — leave blank to keep';

type Store = LabConnection['stores'][number];
/** 'Wildframe Prints (#82222)'; the saved store before a test has named it: 'Store #82222'. */
const storeText = (s: Store) => (s.storeName ? `${s.storeName} (#${s.storeId})` : `Store #${s.storeId}`);
/** What the connection test said, shown under its button. */
type ConnectionNote = { ok: boolean; text: string };

/** The lab's connection (key, secret, store, test mode) and the defaults of the orders sent to it. */
export function LabSettingsForm({ settings }: { settings: LabSettingsView }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [saveSettings, { isLoading: saving }] = useSaveLabSettingsMutation();
  const [testConnection, { isLoading: testing }] = useTestLabConnectionMutation();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [sandbox, setSandbox] = useState(settings.sandbox);
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [storeId, setStoreId] = useState<number | ''>(settings.storeId ?? '');
  const [shippingMethod, setShippingMethod] = useState<LabShippingMethod>(settings.shippingMethod);
  const [productionTime, setProductionTime] = useState<LabProductionTime>(settings.productionTime);
  const [holdMinutes, setHoldMinutes] = useState(String(settings.holdMinutes));
  const [minMargin, setMinMargin] = useState(String(settings.minMarginPercent));
  const [stores, setStores] = useState<Store[] | null>(null);
  const [connection, setConnection] = useState<ConnectionNote | null>(null);
  const { errors, otherErrors, clear, save } = useSettingsForm<Field>({
    saving,
    failure: 'save print lab settings',
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, FIELDS);
      return { byField, focusId: first && fieldId(first), other };
    },
  });
  const busy = saving || testing;

  const request = (): LabSettingsRequest => ({
    enabled,
    sandbox,
    // blank: the stored key and secret are kept
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    ...(apiSecret.trim() ? { apiSecret: apiSecret.trim() } : {}),
    storeId: storeId === '' ? null : storeId,
    shippingMethod,
    productionTime,
    holdMinutes: holdMinutes.trim(),
    minMarginPercent: minMargin.trim(),
  });

  /** Saves; the server's refusals go under their fields. Answers the saved settings, or null. */
  const send = async (body: LabSettingsRequest): Promise<LabSettingsView | null> => {
    const saved = await save(() => saveSettings(body).unwrap());
    if (saved) {
      // stored now: the fields empty and say so
      setApiKey('');
      setApiSecret('');
    }
    return saved;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const saved = await send(request());
    if (!saved) return;
    setEnabled(saved.enabled);
    setSandbox(saved.sandbox);
    setStoreId(saved.storeId ?? '');
    setShippingMethod(saved.shippingMethod);
    setProductionTime(saved.productionTime);
    setHoldMinutes(String(saved.holdMinutes));
    setMinMargin(String(saved.minMarginPercent));
    toast({
      title: 'Print Lab Settings Saved',
      description: saved.enabled
        ? `Paid orders for prints ${LAB_NAME} makes go to the lab.`
        : 'You ship every order yourself.',
    });
  };

  // The test uses the saved key, secret and mode: typed ones are saved first (without turning the
  // lab on while no store is chosen: the store comes from this test).
  const onTest = async () => {
    if (busy) return;
    setConnection(null);
    if (apiKey.trim() || apiSecret.trim() || sandbox !== settings.sandbox) {
      const saved = await send({ ...request(), enabled: enabled && storeId !== '' });
      if (!saved) return;
    }
    try {
      const answer = await testConnection().unwrap();
      setStores(answer.stores);
      const known = answer.stores.some((s) => s.storeId === storeId);
      // one store: it is the one
      const picked = !known && answer.stores.length === 1;
      if (picked) setStoreId(answer.stores[0].storeId);
      const found = `${answer.stores.length} ${answer.stores.length === 1 ? 'store' : 'stores'} found`;
      const next = known ? '' : picked ? ' Save to send orders to it.' : ' Choose the store, then save.';
      setConnection({
        ok: true,
        text: `Connected to ${LAB_NAME}${sandbox ? ' (test mode)' : ''}: ${found}.${next}`,
      });
    } catch (err) {
      checkSession(err);
      setConnection({ ok: false, text: errorMessage(err) });
    }
  };

  // the stores the test found, and the saved one (by its number) until the test has run
  const storeChoices: Store[] = [...(stores ?? [])];
  if (storeId !== '' && !storeChoices.some((s) => s.storeId === storeId))
    storeChoices.push({ storeId, storeName: '' });

  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={3}>
      <FormSection
        title={LAB_NAME}
        description="A US fine-art lab: archival papers, canvas, metal and framed prints. Paid orders for the prints it makes go to the lab, and come back with tracking."
      >
        <Stack spacing={2}>
          <SwitchRow
            id={fieldId('enabled')}
            checked={enabled}
            onChange={(checked) => {
              setEnabled(checked);
              clear('enabled', 'storeId');
            }}
            disabled={busy}
            title={`Send orders to ${LAB_NAME}`}
            text="When off, you ship every order yourself."
          />
          <SwitchRow
            id={fieldId('sandbox')}
            checked={sandbox}
            onChange={(checked) => {
              setSandbox(checked);
              setStores(null);
              setConnection(null);
              clear('sandbox');
            }}
            disabled={busy}
            title="Test mode (sandbox)"
            text="Orders go to the lab’s sandbox: nothing is printed, shipped or charged."
          />
          <GridBox columns={{ xs: '1fr', sm: '1fr 1fr' }} alignStart sx={{ pt: 1 }}>
            <FormTextField
              id={fieldId('apiKey')}
              label="API key"
              type="password"
              autoComplete="new-password"
              value={apiKey}
              onValueChange={(v) => {
                setApiKey(v);
                clear('apiKey');
              }}
              error={errors.apiKey}
              helperText={settings.apiKeySet ? SAVED_SECRET : undefined}
              disabled={busy}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
            <FormTextField
              id={fieldId('apiSecret')}
              label="API secret"
              type="password"
              autoComplete="new-password"
              value={apiSecret}
              onValueChange={(v) => {
                setApiSecret(v);
                clear('apiSecret');
              }}
              error={errors.apiSecret}
              helperText={settings.apiSecretSet ? SAVED_SECRET : undefined}
              disabled={busy}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
          </GridBox>
          <GridBox columns={{ xs: '1fr', sm: 'auto minmax(0, 1fr)' }} alignStart>
            <Button
              variant="outlined"
              onClick={() => void onTest()}
              disabled={busy}
              sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
            >
              {testing ? 'Testing...' : 'Test connection'}
            </Button>
            <TextField
              select
              id={fieldId('storeId')}
              label="Store"
              value={storeChoices.some((s) => s.storeId === storeId) ? storeId : ''}
              onChange={(event) => {
                setStoreId(Number(event.target.value));
                clear('storeId');
              }}
              disabled={busy || storeChoices.length === 0}
              error={Boolean(errors.storeId)}
              helperText={
                errors.storeId ??
                (storeChoices.length === 0
                  ? 'Test the connection to list your stores.'
                  : 'Orders go to this store.')
              }
            >
              {storeChoices.map((s) => (
                <MenuItem key={s.storeId} value={s.storeId}>
                  {storeText(s)}
                </MenuItem>
              ))}
            </TextField>
          </GridBox>
          {connection && (
            <Alert severity={connection.ok ? 'success' : 'error'} role={connection.ok ? 'status' : 'alert'}>
              {connection.text}
              {connection.ok && stores && stores.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Stores found">
                  {stores.map((s) => (
                    <li key={s.storeId}>{storeText(s)}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </Stack>
      </FormSection>

      <FormSection title="Orders sent to the lab">
        <GridBox columns={{ xs: '1fr', sm: '1fr 1fr' }} alignStart>
          <TextField
            select
            id={fieldId('shippingMethod')}
            label="Shipping method"
            value={shippingMethod}
            onChange={(event) => {
              setShippingMethod(event.target.value as LabShippingMethod);
              clear('shippingMethod');
            }}
            disabled={busy}
            error={Boolean(errors.shippingMethod)}
            helperText={errors.shippingMethod}
          >
            {SHIPPING_METHODS.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id={fieldId('productionTime')}
            label="Production time"
            value={productionTime}
            onChange={(event) => {
              setProductionTime(event.target.value as LabProductionTime);
              clear('productionTime');
            }}
            disabled={busy}
            error={Boolean(errors.productionTime)}
            helperText={errors.productionTime}
          >
            {PRODUCTION_TIMES.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
          </TextField>
          <FormTextField
            id={fieldId('holdMinutes')}
            label="Hold"
            value={holdMinutes}
            onValueChange={(v) => {
              setHoldMinutes(v);
              clear('holdMinutes');
            }}
            error={errors.holdMinutes}
            helperText="Paid orders wait this long before they go to the lab, so you can cancel or correct the address"
            disabled={busy}
            required
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">minutes</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
          <FormTextField
            id={fieldId('minMarginPercent')}
            label="Margin warning"
            value={minMargin}
            onValueChange={(v) => {
              setMinMargin(v);
              clear('minMarginPercent');
            }}
            error={errors.minMarginPercent}
            helperText="Prints whose margin is under this are marked Low margin."
            disabled={busy}
            required
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
        </GridBox>
      </FormSection>

      <OtherErrors messages={otherErrors} />
      <SaveChangesButton saving={saving} />
    </Stack>
  );
}
