import type { ChangeEvent } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** One text field of a form: its key in the form's values, its name and label, and any other TextField props. */
export type TextFieldSpec<K extends string> = Omit<
  TextFieldProps,
  'id' | 'value' | 'onChange' | 'error' | 'helperText' | 'disabled' | 'required'
> & {
  field: K;
  name: string;
  label: string;
  /** The helper text while the field shows no error. */
  hint?: string;
};

type Props<K extends string> = {
  /** Each field's id is `${idPrefix}-${field}`, so a failed submit can focus the first invalid one. */
  idPrefix: string;
  fields: readonly TextFieldSpec<K>[];
  values: Record<K, string>;
  errors: Partial<Record<K, string>>;
  onChange: (field: K) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  disabled: boolean;
};

/** A form's required text fields, in order, each with its error (or else its hint) beneath it. */
export function RequiredTextFields<K extends string>({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
  disabled,
}: Props<K>) {
  return fields.map(({ field, hint, ...props }) => (
    <TextField
      key={field}
      id={`${idPrefix}-${field}`}
      {...props}
      value={values[field]}
      onChange={onChange(field)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? hint}
      disabled={disabled}
      required
    />
  ));
}
