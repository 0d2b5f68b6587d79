import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps = Omit<TextFieldProps, 'onChange' | 'error' | 'value'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The field's error message; shown instead of the helper text and marks the field invalid. */
  error?: string;
};

/** A labelled admin form field: its value, its change, and its error under it. */
export function FormTextField({ onValueChange, error, helperText, ...props }: FormTextFieldProps) {
  return (
    <TextField
      {...props}
      onChange={(event) => onValueChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}

const dollar = { startAdornment: <InputAdornment position="start">$</InputAdornment> };

/** A dollar amount: a price (at least 0.01) or a shipping cost (at least 0). */
export function MoneyField({
  min,
  ...props
}: Omit<FormTextFieldProps, 'type' | 'slotProps'> & { min: number }) {
  return (
    <FormTextField
      {...props}
      type="number"
      slotProps={{ input: dollar, htmlInput: { min, step: 0.01, inputMode: 'decimal' } }}
    />
  );
}
