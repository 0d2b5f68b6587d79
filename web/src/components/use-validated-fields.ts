import { useState, type ChangeEvent } from 'react';
import type { TextFieldSpec } from './required-text-fields';

type Options<V extends Record<string, string>> = {
  /** Each field's id is `${idPrefix}-${field}` (see RequiredTextFields). */
  idPrefix: string;
  fields: readonly TextFieldSpec<keyof V & string>[];
  values: V;
  onValuesChange: (values: V) => void;
  validate: (values: V) => Partial<Record<keyof V, string>>;
  /** Errors the server found (a form posted without JavaScript): shown, and checked on change. */
  initialErrors?: Partial<Record<keyof V, string>>;
};

/**
 * A form's client-side checks: nothing is flagged until the first submit, then every change is
 * checked again. `fieldProps` are RequiredTextFields' props (all but `disabled`).
 */
export function useValidatedFields<V extends Record<string, string>>({
  idPrefix,
  fields,
  values,
  onValuesChange,
  validate,
  initialErrors,
}: Options<V>) {
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>(initialErrors ?? {});
  const [attempted, setAttempted] = useState(Boolean(initialErrors));

  const onChange =
    (field: keyof V & string) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const next: V = { ...values, [field]: event.target.value };
      onValuesChange(next);
      if (attempted) setErrors(validate(next));
    };

  /** Checks every field and focuses the first invalid one; true when all are valid. */
  const validateAll = () => {
    setAttempted(true);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = fields.map(({ field }) => field).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
      return false;
    }
    return true;
  };

  /** Back to the untouched state, e.g. after the form was sent and emptied. */
  const reset = () => {
    setErrors({});
    setAttempted(false);
  };

  return {
    errors,
    setErrors,
    validateAll,
    reset,
    fieldProps: { idPrefix, fields, values, errors, onChange },
  };
}
