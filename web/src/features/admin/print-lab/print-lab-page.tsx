import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useToast } from '../../../components/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { failureToast } from '../shared/action-toast';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { Loaded, LoadError } from '../shared/load-error';
import { SaveChangesButton } from '../shared/save-changes-button';
import { useFocusAfterSave } from '../shared/use-focus-after-save';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
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
import {
  useGetLabProductsQuery,
  useGetLabSettingsQuery,
  useRemoveLabProductMutation,
  type LabProductView,
} from '../shared/lab/api';
import { LabMoneyLines, LabProductDialog, type LabProductTarget } from '../shared/lab/lab-product-dialog';
import { inchesText, LAB_NAME } from '../shared/lab/lab-model';
import { splitServerErrors } from '../shared/server-errors';

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

/** A switch with its title and a sentence under it. */
function SwitchRow(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  title: string;
  text: string;
}) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', ml: 0, gap: 1.5 }}
      control={
        <Switch
          id={props.id}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          disabled={props.disabled}
          slotProps={{ input: { 'aria-describedby': `${props.id}-text` } }}
          sx={{ ml: -1.5, flexShrink: 0 }}
        />
      }
      label={
        <Box sx={{ pt: 0.75 }}>
          <Typography>{props.title}</Typography>
          <Typography id={`${props.id}-text`} variant="body2" color="text.secondary">
            {props.text}
          </Typography>
        </Box>
      }
    />
  );
}

function LabSettingsForm({ settings }: { settings: LabSettingsView }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [save, { isLoading: saving }] = useSaveLabSettingsMutation();
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const focusAfterSaveRef = useFocusAfterSave(saving, errors);
  const busy = saving || testing;

  const clear = (...fields: Field[]) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

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
    setOtherErrors([]);
    try {
      const saved = await save(body).unwrap();
      setErrors({});
      // stored now: the fields empty and say so
      setApiKey('');
      setApiSecret('');
      return saved;
    } catch (err) {
      checkSession(err);
      const { byField, first, other } = splitServerErrors(isApiError(err) ? err.errors : undefined, FIELDS);
      setErrors(byField);
      setOtherErrors(other);
      if (first) focusAfterSaveRef.current = fieldId(first);
      else if (other.length === 0) toast(failureToast('save print lab settings', err));
      return null;
    }
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

      {otherErrors.map((message) => (
        <Alert key={message} severity="error" role="alert">
          {message}
        </Alert>
      ))}
      <SaveChangesButton saving={saving} />
    </Stack>
  );
}

const labelOf = (p: LabProductView) => `${p.size}, ${p.format}`;
// the warning Alert's own colours: MUI's orange on white is under 4.5:1 for small text
const lowMarginChip = {
  bgcolor: '#fff4e5',
  color: '#663c00',
  fontWeight: 600,
  '& .MuiChip-icon': { color: '#663c00' },
} as const;

function LabProductRow({
  product: p,
  onEdit,
  onRemove,
  removing,
}: {
  product: LabProductView;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const headingId = `lab-product-${p.printOptionId}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'flex-start' },
        gap: { xs: 1.5, sm: 3 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.25 }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {p.size} · {p.format}
          </Typography>
          {p.lowMargin && (
            <Chip size="small" icon={<WarningAmberIcon />} label="Low margin" sx={lowMarginChip} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {p.productName}, {inchesText(p.widthIn)}×{inchesText(p.heightIn)} in
        </Typography>
        <LabMoneyLines product={p} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          justifyContent: { xs: 'flex-end', sm: 'flex-start' },
          flexShrink: 0,
        }}
      >
        <Button
          variant="outlined"
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          disabled={removing}
          aria-label={`Edit ${labelOf(p)}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Make it myself: ${labelOf(p)}`}
        >
          Make it myself
        </Button>
      </Box>
    </Paper>
  );
}

function LabProducts({ fullScreen }: { fullScreen: boolean }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const { data, isLoading, error, refetch, isFetching } = useGetLabProductsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [remove] = useRemoveLabProductMutation();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<LabProductTarget | null>(null);

  const onRemove = async (p: LabProductView) => {
    setRemovingId(p.printOptionId);
    try {
      await remove(p.printOptionId).unwrap();
      toast({ title: 'You Ship It', description: `${labelOf(p)} is no longer sent to the lab.` });
    } catch (err) {
      checkSession(err);
      toast(failureToast('stop sending to the lab', err));
    } finally {
      setRemovingId(null);
    }
  };

  let body: ReactNode;
  if (isLoading) body = <Skeleton variant="rounded" height={140} aria-label="Loading the prints" />;
  else if (!data)
    body = <LoadError onRetry={refetch} retrying={isFetching} what="the prints" error={error} />;
  else if (data.length === 0)
    body = (
      <Typography color="text.secondary">
        None yet: you ship every print yourself. In{' '}
        <Link component={RouterLink} to="/admin/manage-item-options" underline="always">
          Manage Item Options
        </Link>
        , a print’s Print lab button sends it to {LAB_NAME}.
      </Typography>
    );
  else
    body = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Prints made by the lab">
        {data.map((p) => (
          <LabProductRow
            key={p.printOptionId}
            product={p}
            onEdit={() => setEditing({ printOptionId: p.printOptionId, size: p.size, format: p.format })}
            onRemove={() => void onRemove(p)}
            removing={removingId === p.printOptionId}
          />
        ))}
      </Stack>
    );

  return (
    <FormSection
      title="Prints made by the lab"
      description="Your price against the lab’s cost and shipping (quoted to your own state)."
    >
      {body}
      <LabProductDialog target={editing} onClose={() => setEditing(null)} fullScreen={fullScreen} />
    </FormSection>
  );
}

/** The print lab: its connection and defaults, and the prints it makes with their margins. */
export default function PrintLabPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useGetLabSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SubPage title="Print Lab" backTo="/admin/orders" backLabel="Back to Orders" maxWidth="md">
      <Stack spacing={3}>
        <Loaded query={query} what="print lab settings" placeholderHeight={420}>
          {(settings) => <LabSettingsForm settings={settings} />}
        </Loaded>
        <LabProducts fullScreen={isPhone} />
      </Stack>
    </SubPage>
  );
}
