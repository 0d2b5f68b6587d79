import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './class-names';
import styles from './text-field.module.css';

type FieldProps = {
  label: string;
  /** Shown under the field; red when `error`. */
  helperText?: ReactNode;
  error?: boolean;
  className?: string;
};

type TextFieldProps = FieldProps &
  (
    | ({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>)
    | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  );

/**
 * What every field shares: a real <label> (a required field shows ' *' after it, hidden from
 * screen readers, which hear "required", as MUI's TextField does) and helper or error text tied
 * to the control by aria-describedby.
 */
function Field({
  label,
  helperText,
  error = false,
  className,
  id,
  required,
  control,
}: FieldProps & {
  id: string | undefined;
  required: boolean | undefined;
  control: (attrs: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <div className={cx(styles.field, error && styles.invalid, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required && (
          <span aria-hidden className={styles.asterisk}>
            *
          </span>
        )}
      </label>
      {control({ id: inputId, 'aria-invalid': error || undefined, 'aria-describedby': helperId })}
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** A labelled text input (or textarea with `multiline`), full width. */
export function TextField({ label, helperText, error, className, id, ...props }: TextFieldProps) {
  return (
    <Field
      {...{ label, helperText, error, className, id }}
      required={props.required}
      control={(attrs) =>
        props.multiline ? (
          <textarea {...withoutMultiline(props)} {...attrs} className={styles.input} />
        ) : (
          <input {...withoutMultiline(props)} {...attrs} className={styles.input} />
        )
      }
    />
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({
  multiline: _,
  ...rest
}: T): Omit<T, 'multiline'> {
  return rest;
}

type SelectFieldProps = FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode };

/** A labelled native <select>, looking and behaving as TextField. */
export function SelectField({
  label,
  helperText,
  error,
  className,
  id,
  children,
  ...props
}: SelectFieldProps) {
  return (
    <Field
      {...{ label, helperText, error, className, id }}
      required={props.required}
      control={(attrs) => (
        <select {...props} {...attrs} className={styles.input}>
          {children}
        </select>
      )}
    />
  );
}
