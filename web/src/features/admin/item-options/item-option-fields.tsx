import Box from '@mui/material/Box';
import { FormTextField, MoneyField } from '../shared/form-field';
import type { ItemOptionDraft, ItemOptionErrors } from './item-option-model';

type ItemOptionFieldsProps = {
  draft: ItemOptionDraft;
  errors: ItemOptionErrors;
  onChange: (patch: Partial<ItemOptionDraft>) => void;
  disabled?: boolean;
  idPrefix: string;
};

type FieldName = 'size' | 'format' | 'price' | 'shipping';

/** Size, format, price and shipping of one catalogue entry. */
export function ItemOptionFields({ draft, errors, onChange, disabled, idPrefix }: ItemOptionFieldsProps) {
  /** The props of one field: its id, value, change and error. */
  const field = (name: FieldName) => ({
    id: `${idPrefix}-${name}`,
    value: draft[name],
    onValueChange: (value: string) => onChange({ [name]: value }),
    error: errors[name],
    disabled,
    size: 'small' as const,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
      <FormTextField
        {...field('size')}
        label="Size"
        placeholder="e.g. 8x12 inch"
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormTextField
        {...field('format')}
        label="Format"
        placeholder="e.g. Lustre Paper"
        sx={{ gridColumn: '1 / -1' }}
      />
      <MoneyField {...field('price')} label="Price" min={0.01} />
      <MoneyField {...field('shipping')} label="Shipping" min={0} />
    </Box>
  );
}
