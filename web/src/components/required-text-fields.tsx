import type { ChangeEvent, HTMLAttributes, HTMLInputTypeAttribute } from 'react';
import { TextField } from './ui';

/** One text field of a form: its key in the form's values, its name and label, and how it is typed. */
export type TextFieldSpec<K extends string> = {
  field: K;
  name: string;
  label: string;
  /** The helper text while the field shows no error. */
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  /** A textarea `minRows` rows tall instead of a one-line input. */
  multiline?: boolean;
  minRows?: number;
  /** Attributes of the input element itself (the shape MUI's TextField took, which the forms kept). */
  slotProps?: {
    htmlInput?: Pick<HTMLAttributes<HTMLElement>, 'inputMode' | 'autoCapitalize' | 'spellCheck'> & {
      maxLength?: number;
    };
  };
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
  return fields.map(({ field, hint, multiline, minRows, slotProps, ...props }) => {
    const common = {
      id: `${idPrefix}-${field}`,
      ...props,
      ...slotProps?.htmlInput,
      value: values[field],
      onChange: onChange(field),
      error: Boolean(errors[field]),
      helperText: errors[field] ?? hint,
      disabled,
      required: true,
    };
    return multiline ? (
      <TextField key={field} multiline rows={minRows} {...common} />
    ) : (
      <TextField key={field} {...common} />
    );
  });
}
