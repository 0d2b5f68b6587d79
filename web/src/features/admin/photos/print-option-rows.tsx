import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import CropIcon from '@mui/icons-material/Crop';
import type { AdminPhotoDetail, PrintOption } from '../../../lib/api-types';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { matchingOption } from '../shared/print-option-match';
import { FormTextField, MoneyField, type FormTextFieldProps } from '../shared/form-field';
import type { AddOptionRow, EditOptionRow, RowErrors } from './photo-form-model';
import type { OptionPatch } from './photo-form-state';
import { useIdParam } from '../shared/use-id-param';
import { useGetPrintSizesQuery, type PrintSize } from '../shared/print-sizes-api';
import { MadeByLine, SizeNote } from '../shared/print-size-status';
import { PrintCropDialog, cropAdjustable } from './print-crop-dialog';

const fullOnPhone = { gridColumn: { xs: '1 / -1', md: 'auto' } } as const;
const noOptions: PrintOption[] = [];

/** The add form's rows are the older per-photo options (size, format shown as Material, price, shipping, in
 * stock), matched against the catalogue by the photo's ratio; the edit form's are catalogue options
 * (size, format, price, shipping). */
type ModeRows =
  | { mode: 'add'; rows: AddOptionRow[]; aspectRatio: string; offered: boolean }
  | { mode: 'edit'; rows: EditOptionRow[]; photo: AdminPhotoDetail };
type ModeRow =
  | { mode: 'add'; row: AddOptionRow; catalogued?: PrintOption }
  | { mode: 'edit'; row: EditOptionRow; status?: PrintSize; onAdjustCrop?: () => void };

type Handlers = {
  errors: Record<string, RowErrors>;
  onChange: (key: string, patch: OptionPatch) => void;
  /** The form's own change of a row (a matching row takes the catalogue's price), not the owner's. */
  onSync: (key: string, patch: OptionPatch) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
};

type OptionRowProps = ModeRow &
  Omit<Handlers, 'errors'> & {
    index: number;
    errors: RowErrors;
    /** The rows are the catalogue's own options of the ratio (no need to say each one is). */
    offered?: boolean;
  };

/** A dollar amount; read-only (its value kept, no spinner) when it is the catalogue's. */
function AmountField({ min, readOnly, ...props }: FormTextFieldProps & { min: number; readOnly: boolean }) {
  if (!readOnly) return <MoneyField min={min} {...props} />;
  return (
    <FormTextField
      {...props}
      // a tinted box: visibly not a field to type in
      sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
      slotProps={{
        input: { readOnly: true, startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
}

/**
 * An add row matching a catalogue option (ratio, size, format) is that option: the server reuses it
 * as it is, so the row takes its price and shipping and shows them read-only. Once the row no longer
 * matches, the values stay and are editable again (a new catalogue option is made on save).
 */
function useCatalogueValues(
  row: AddOptionRow | EditOptionRow,
  catalogued: PrintOption | undefined,
  onChange: Handlers['onSync'],
) {
  const price = catalogued && String(catalogued.price);
  const shipping = catalogued && String(catalogued.shipping);
  const { key, price: rowPrice, shipping: rowShipping } = row;
  useEffect(() => {
    if (price === undefined || shipping === undefined) return;
    if (rowPrice !== price || rowShipping !== shipping) onChange(key, { price, shipping });
  }, [key, onChange, price, shipping, rowPrice, rowShipping]);
}

/** One option: stacked on a phone under a heading with its remove button, one line on desktop. */
function OptionRow({
  index,
  errors: e,
  onChange,
  onSync,
  onRemove,
  disabled,
  offered,
  ...props
}: OptionRowProps) {
  const { key, size, price } = props.row;
  const set = (patch: OptionPatch) => onChange(key, patch);
  const isNew = props.mode === 'edit' && !props.row.id;
  const catalogued = props.mode === 'add' ? props.catalogued : undefined;
  const status = props.mode === 'edit' ? props.status : undefined;
  const onAdjustCrop = props.mode === 'edit' ? props.onAdjustCrop : undefined;
  useCatalogueValues(props.row, catalogued, onSync);
  /** The props of one text field of the row. */
  const text = (name: keyof RowErrors, label: string, value: string) => ({
    label,
    value,
    onValueChange: (next: string) => set({ [name]: next }),
    error: e[name],
    disabled,
    size: 'small' as const,
  });
  /** Price and shipping: the catalogue's, read-only, when the add row matches a catalogue option. */
  const amount = (name: 'price' | 'shipping', label: string, value: string) => ({
    ...text(name, label, value),
    readOnly: Boolean(catalogued),
    ...(catalogued ? { helperText: 'From the catalogue' } : {}),
  });
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-label={`Print option ${index + 1}`}
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: props.mode === 'add' ? '2fr 2fr 1.2fr 1.2fr auto auto' : '2fr 2fr 1.2fr 1.2fr auto',
        },
      }}
    >
      <Box
        sx={{
          display: { xs: 'flex', md: 'contents' },
          gridColumn: '1 / -1',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Typography variant="subtitle2" component="p" sx={{ display: { md: 'none' }, flex: 1 }}>
          Print option {index + 1}{' '}
          {isNew && (
            <Typography component="span" variant="caption" color="primary">
              (new)
            </Typography>
          )}
        </Typography>
        <IconButton
          aria-label={`Remove print option ${index + 1}`}
          onClick={() => onRemove(key)}
          disabled={disabled}
          sx={{ order: { md: 1 }, justifySelf: 'end', mt: { md: 0.25 } }}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      <FormTextField {...text('size', 'Size', size)} sx={fullOnPhone} />
      {/* "Format" in both forms, as in the catalogue (the add form's error keeps the spec's 'Material is required') */}
      <FormTextField {...text('format', 'Format', props.row.format)} sx={fullOnPhone} />
      <AmountField min={0.01} {...amount('price', 'Price', price)} />
      <AmountField min={0} {...amount('shipping', 'Shipping', props.row.shipping)} />
      {props.mode === 'add' && (
        <FormControlLabel
          control={
            <Checkbox
              checked={props.row.inStock}
              onChange={(ev) => set({ inStock: ev.target.checked })}
              disabled={disabled}
            />
          }
          label="In stock"
          sx={{ mr: 0, ml: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
      )}
      {status && (
        <Box sx={{ gridColumn: '1 / -1', order: { md: 2 }, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <MadeByLine size={status} sx={{ flex: 1 }} />
            {onAdjustCrop && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<CropIcon />}
                onClick={onAdjustCrop}
                disabled={disabled}
                aria-label={`Adjust crop for ${status.size}`}
              >
                Adjust crop
              </Button>
            )}
          </Box>
          <SizeNote size={status} />
        </Box>
      )}
      {catalogued && !offered && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', order: { md: 2 } }}>
          {`${catalogued.size} ${catalogued.format} (${catalogued.aspectRatio}) is already in the catalogue, so this photo offers that option at its price and shipping. Change them under Sale Items, Manage Options.`}
        </Typography>
      )}
    </Paper>
  );
}

type PrintOptionRowsProps = ModeRows & Handlers & { onAdd: () => void };

/** The print option rows of the add or the edit photo form, with the button that adds one. */
export function PrintOptionRows({ errors, onAdd, ...props }: PrintOptionRowsProps) {
  const { onChange, onSync, onRemove, disabled } = props;
  // the catalogue the add rows are matched against (loading or failed: nothing matches yet)
  const { data: catalogue = noOptions } = useGetPrintOptionsQuery(undefined, { skip: props.mode !== 'add' });
  // the edit form's saved options: who makes each and whether the original has the pixels for it
  // (the edit page's route names the photo)
  const { id: photoId, validId } = useIdParam();
  const { data: sizes } = useGetPrintSizesQuery(photoId, { skip: props.mode !== 'edit' || !validId });
  /** A saved row's status, while its size is still the one the server judged. */
  const statusOf = (row: EditOptionRow) =>
    sizes?.sizes.find((s) => s.printOptionId === row.id && s.size === row.size.trim());
  // the saved size whose crop the owner is adjusting (a row whose size is being edited is not offered)
  const [cropping, setCropping] = useState<number | null>(null);
  const photo = props.mode === 'edit' ? props.photo : undefined;
  const savedOption = (id: number | undefined) => photo?.printOptions.find((o) => o.id === id);
  const croppable = (row: EditOptionRow) => {
    const saved = savedOption(row.id);
    return photo && saved && saved.size === row.size.trim() && cropAdjustable(photo, saved.size)
      ? () => setCropping(saved.id)
      : undefined;
  };
  const croppingOption = savedOption(cropping ?? undefined);
  const rowProps = (key: string, index: number) => ({
    index,
    errors: errors[key] ?? {},
    onChange,
    onSync,
    onRemove,
    disabled,
  });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {props.mode === 'edit' && props.rows.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          This photo has no print options yet.
        </Typography>
      )}
      {props.mode === 'add'
        ? props.rows.map((row, i) => (
            <OptionRow
              key={row.key}
              mode="add"
              row={row}
              catalogued={matchingOption(catalogue, {
                aspectRatio: props.aspectRatio,
                size: row.size,
                format: row.format,
              })}
              offered={props.offered}
              {...rowProps(row.key, i)}
            />
          ))
        : props.rows.map((row, i) => (
            <OptionRow
              key={row.key}
              mode="edit"
              row={row}
              status={statusOf(row)}
              onAdjustCrop={croppable(row)}
              {...rowProps(row.key, i)}
            />
          ))}
      {photo && croppingOption && (
        <PrintCropDialog
          photo={photo}
          option={croppingOption}
          open={cropping !== null}
          onClose={() => setCropping(null)}
        />
      )}
      <Button
        onClick={onAdd}
        disabled={props.disabled}
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}
      >
        Add Print Option
      </Button>
    </Box>
  );
}
