import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import { useToast } from '../../../../components/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { failureToast } from '../action-toast';
import { FormTextField } from '../form-field';
import { useFocusAfterSave } from '../use-focus-after-save';
import { useSessionExpiryCheck } from '../session';
import {
  useGetLabCatalogQuery,
  useGetLabOptionGroupsQuery,
  useGetLabProductsQuery,
  useGetLabSettingsQuery,
  useRemoveLabProductMutation,
  useSaveLabProductMutation,
  type LabCatalog,
  type LabProductView,
} from './api';
import { splitServerErrors } from '../server-errors';
import { inchesText, LAB_NAME, sizeInches } from './lab-model';
import { LabProductFigures } from './lab-money';

const TITLE_ID = 'lab-product-dialog-title';
const FIELDS = ['subcategoryId', 'widthIn', 'heightIn', 'optionIds'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_IDS: Record<Field, string> = {
  subcategoryId: 'lab-product-subcategory',
  widthIn: 'lab-product-width',
  heightIn: 'lab-product-height',
  optionIds: 'lab-product-options',
};

/** The print option being mapped, as its card or the lab list knows it. */
export type LabProductTarget = { printOptionId: number; size: string; format: string };

type Props = {
  /** The print option to map; null keeps the dialog closed. */
  target: LabProductTarget | null;
  onClose: () => void;
  fullScreen: boolean;
};

/** Maps one print option to a lab product (category, product, size, options) and shows its margin. */
export function LabProductDialog({ target, onClose, fullScreen }: Props) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
    >
      {target && <LabProductForm target={target} onClose={onClose} />}
    </Dialog>
  );
}

type Subcategory = LabCatalog['categories'][number]['subcategories'][number];

function categoryOf(catalog: LabCatalog | undefined, subcategoryId: number | undefined) {
  return catalog?.categories.find((c) => c.subcategories.some((s) => s.subcategoryId === subcategoryId));
}

function LabProductForm({ target, onClose }: { target: LabProductTarget; onClose: () => void }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const label = `${target.size}, ${target.format}`;
  const catalog = useGetLabCatalogQuery(undefined, { refetchOnMountOrArgChange: 600 });
  const { data: products } = useGetLabProductsQuery();
  const { data: settings } = useGetLabSettingsQuery();
  const current = products?.find((p) => p.printOptionId === target.printOptionId);
  const [saveLabProduct, { isLoading: saving }] = useSaveLabProductMutation();
  const [removeLabProduct, { isLoading: removing }] = useRemoveLabProductMutation();

  // the form starts from the current mapping, or from the option's size
  const fromSize = sizeInches(target.size);
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [subcategoryId, setSubcategoryId] = useState<number | ''>(current?.subcategoryId ?? '');
  const [width, setWidth] = useState(current ? inchesText(current.widthIn) : (fromSize?.width ?? ''));
  const [height, setHeight] = useState(current ? inchesText(current.heightIn) : (fromSize?.height ?? ''));
  const [optionIds, setOptionIds] = useState<number[]>(current?.optionIds ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<LabProductView | null>(null);
  const focusAfterSaveRef = useFocusAfterSave(saving, errors);
  const resultRef = useRef<HTMLDivElement>(null);
  // once saved, the focus goes to what the lab quoted (after it is on screen)
  useEffect(() => {
    if (saved) resultRef.current?.focus();
  }, [saved]);

  // the category shown: the one picked, else the one holding the mapped product
  const category =
    catalog.data?.categories.find((c) => c.id === categoryId) ??
    (categoryId === '' ? categoryOf(catalog.data, subcategoryId || undefined) : undefined);
  const subcategory: Subcategory | undefined = category?.subcategories.find(
    (s) => s.subcategoryId === subcategoryId,
  );
  const groups = useGetLabOptionGroupsQuery(subcategory?.subcategoryId ?? 0, { skip: !subcategory });
  const groupOf = useMemo(() => {
    const byOption = new Map<number, string>();
    for (const g of groups.data ?? []) for (const o of g.options) byOption.set(o.optionId, g.group);
    return byOption;
  }, [groups.data]);

  const clear = (...fields: Field[]) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

  const chooseOption = (group: string, optionId: number | '') => {
    setOptionIds((prev) => [
      ...prev.filter((id) => groupOf.get(id) !== group),
      ...(optionId === '' ? [] : [optionId]),
    ]);
    clear('optionIds');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setOtherErrors([]);
    try {
      const answer = await saveLabProduct({
        printOptionId: target.printOptionId,
        // none chosen: the server says what to choose
        subcategoryId: subcategory?.subcategoryId ?? 0,
        widthIn: width.trim(),
        heightIn: height.trim(),
        // only the options of the chosen product's groups
        optionIds: optionIds.filter((id) => groupOf.has(id)),
      }).unwrap();
      setErrors({});
      setSaved(answer);
      toast({ title: 'Print Lab Product Saved', description: `${label} is made by ${LAB_NAME}.` });
    } catch (err) {
      checkSession(err);
      const { byField, other } = splitServerErrors(isApiError(err) ? err.errors : undefined, FIELDS);
      // without option selects on screen, their message shows with the others
      if (byField.optionIds && !groups.data?.length) {
        other.push(byField.optionIds);
        delete byField.optionIds;
      }
      setErrors(byField);
      const first = FIELDS.find((f) => byField[f]);
      if (first) focusAfterSaveRef.current = FIELD_IDS[first];
      // the lab's or the shop's own refusal (not configured, lab down) shows here, not in a toast
      setOtherErrors(other.length || first ? other : [errorMessage(err)]);
    }
  };

  const onRemove = async () => {
    try {
      await removeLabProduct(target.printOptionId).unwrap();
      toast({ title: 'You Ship It', description: `${label} is no longer sent to the lab.` });
      onClose();
    } catch (err) {
      checkSession(err);
      toast(failureToast('stop sending to the lab', err));
    }
  };

  const shown = saved ?? current;
  const busy = saving || removing;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'contents' }}>
      <DialogTitle id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
        Print lab: {label}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose the {LAB_NAME} product that makes this print. Paid orders for it go to the lab.
        </Typography>
        {catalog.isLoading ? (
          <Stack spacing={2} aria-busy="true" aria-label="Loading the lab’s products">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : !catalog.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void catalog.refetch()}>
                Try Again
              </Button>
            }
          >
            {errorMessage(catalog.error)}{' '}
            <Link component={RouterLink} to="/admin/orders/print-lab" color="inherit" underline="always">
              Print Lab settings
            </Link>
          </Alert>
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              select
              id="lab-product-category"
              label="Category"
              value={category?.id ?? ''}
              onChange={(event) => {
                setCategoryId(Number(event.target.value));
                setSubcategoryId('');
                setOptionIds([]);
                clear('subcategoryId', 'optionIds');
              }}
              disabled={busy}
            >
              {catalog.data.categories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              id={FIELD_IDS.subcategoryId}
              label="Lab product"
              value={subcategory?.subcategoryId ?? ''}
              onChange={(event) => {
                setSubcategoryId(Number(event.target.value));
                setOptionIds([]);
                clear('subcategoryId', 'optionIds');
              }}
              disabled={busy || !category}
              error={Boolean(errors.subcategoryId)}
              helperText={
                errors.subcategoryId ??
                (subcategory
                  ? `Sizes from ${inchesText(subcategory.minWidth)}×${inchesText(subcategory.minHeight)} to ${inchesText(subcategory.maxWidth)}×${inchesText(subcategory.maxHeight)} in`
                  : category
                    ? undefined
                    : 'Choose a category first.')
              }
            >
              {(category?.subcategories ?? []).map((s) => (
                <MenuItem key={s.subcategoryId} value={s.subcategoryId}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
              <FormTextField
                id={FIELD_IDS.widthIn}
                label="Width"
                value={width}
                onValueChange={(v) => {
                  setWidth(v);
                  clear('widthIn');
                }}
                error={errors.widthIn}
                disabled={busy}
                required
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">in</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
              />
              <FormTextField
                id={FIELD_IDS.heightIn}
                label="Height"
                value={height}
                onValueChange={(v) => {
                  setHeight(v);
                  clear('heightIn');
                }}
                error={errors.heightIn}
                disabled={busy}
                required
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">in</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
              />
            </Box>
            {subcategory && groups.isFetching && !groups.data && (
              <Skeleton variant="rounded" height={56} aria-label="Loading the product’s options" />
            )}
            {subcategory && groups.isError && (
              <Alert severity="error">
                Failed to load the product’s options. {errorMessage(groups.error)}
              </Alert>
            )}
            {subcategory &&
              (groups.data ?? []).map((g, index) => (
                <TextField
                  select
                  key={g.group}
                  id={index === 0 ? FIELD_IDS.optionIds : `lab-product-group-${index}`}
                  label={g.group}
                  value={g.options.find((o) => optionIds.includes(o.optionId))?.optionId ?? ''}
                  onChange={(event) =>
                    chooseOption(g.group, event.target.value === '' ? '' : Number(event.target.value))
                  }
                  disabled={busy}
                  error={Boolean(errors.optionIds) && index === 0}
                  helperText={index === 0 ? errors.optionIds : undefined}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">Not set</MenuItem>
                  {g.options.map((o) => (
                    <MenuItem key={o.optionId} value={o.optionId}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
          </Stack>
        )}
        {otherErrors.map((message) => (
          <Alert key={message} severity="error" role="alert" sx={{ mt: 2.5 }}>
            {message}
          </Alert>
        ))}
        {shown && (
          <LabProductFigures
            ref={resultRef}
            product={shown}
            saved={saved !== null}
            minMarginPercent={settings?.minMarginPercent}
          />
        )}
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {current && (
          <Button color="error" onClick={() => void onRemove()} disabled={busy} sx={{ mr: 'auto' }}>
            {removing ? 'Removing...' : 'Make it myself'}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {saved ? 'Done' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || !catalog.data}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
