import Box from '@mui/material/Box';
import { FormTextField, MoneyField } from '../shared/form-field';
import type { PrintOptionDraft, PrintOptionErrors } from './print-option-model';

type PrintOptionFieldsetProps = {
  draft: PrintOptionDraft;
  errors: PrintOptionErrors;
  onChange: (patch: Partial<PrintOptionDraft>) => void;
  disabled?: boolean;
  idPrefix: string;
};

type FieldName = 'size' | 'format' | 'price' | 'shipping';

/** Size, format, price and shipping of one catalogue entry. */
export function PrintOptionFieldset({
  draft,
  errors,
  onChange,
  disabled,
  idPrefix,
}: PrintOptionFieldsetProps) {
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
