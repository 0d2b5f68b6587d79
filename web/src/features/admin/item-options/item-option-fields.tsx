import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ItemOptionDraft, ItemOptionErrors } from './item-option-model';

const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };

type ItemOptionFieldsProps = {
  draft: ItemOptionDraft;
  errors: ItemOptionErrors;
  onChange: (patch: Partial<ItemOptionDraft>) => void;
  disabled?: boolean;
  idPrefix: string;
};

/** Size, format, price and shipping of one catalogue entry. */
export function ItemOptionFields({ draft, errors, onChange, disabled, idPrefix }: ItemOptionFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
      <TextField
        id={`${idPrefix}-size`}
        label="Size"
        placeholder="e.g. 8x12 inch"
        value={draft.size}
        onChange={(e) => onChange({ size: e.target.value })}
        error={Boolean(errors.size)}
        helperText={errors.size}
        disabled={disabled}
        size="small"
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        id={`${idPrefix}-format`}
        label="Format"
        placeholder="e.g. Lustre Paper"
        value={draft.format}
        onChange={(e) => onChange({ format: e.target.value })}
        error={Boolean(errors.format)}
        helperText={errors.format}
        disabled={disabled}
        size="small"
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        id={`${idPrefix}-price`}
        label="Price"
        type="number"
        value={draft.price}
        onChange={(e) => onChange({ price: e.target.value })}
        error={Boolean(errors.price)}
        helperText={errors.price}
        disabled={disabled}
        size="small"
        slotProps={{ ...dollar, htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
      />
      <TextField
        id={`${idPrefix}-shipping`}
        label="Shipping"
        type="number"
        value={draft.shipping}
        onChange={(e) => onChange({ shipping: e.target.value })}
        error={Boolean(errors.shipping)}
        helperText={errors.shipping}
        disabled={disabled}
        size="small"
        slotProps={{ ...dollar, htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
      />
    </Box>
  );
}
