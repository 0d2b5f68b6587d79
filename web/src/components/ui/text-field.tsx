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
 * A labelled text input (or textarea with `multiline`), full width, with helper or error text tied
 * to it by aria-describedby. The label is a real <label>; a required field shows ' *' after it
 * (hidden from screen readers, which hear "required"), as MUI's TextField does.
 */
export function TextField({ label, helperText, error = false, className, id, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const common = {
    id: inputId,
    className: styles.input,
    'aria-invalid': error || undefined,
    'aria-describedby': helperId,
  };
  return (
    <div className={cx(styles.field, error && styles.invalid, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {props.required && (
          <span aria-hidden className={styles.asterisk}>
            *
          </span>
        )}
      </label>
      {props.multiline ? (
        <textarea {...withoutMultiline(props)} {...common} />
      ) : (
        <input {...withoutMultiline(props)} {...common} />
      )}
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({
  multiline: _,
  ...rest
}: T): Omit<T, 'multiline'> {
  return rest;
}

type SelectFieldProps = FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode };

/** A labelled native <select>, looking and behaving as TextField (label, helper or error text). */
export function SelectField({
  label,
  helperText,
  error = false,
  className,
  id,
  children,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <div className={cx(styles.field, error && styles.invalid, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {props.required && (
          <span aria-hidden className={styles.asterisk}>
            *
          </span>
        )}
      </label>
      <select
        {...props}
        id={inputId}
        className={styles.input}
        aria-invalid={error || undefined}
        aria-describedby={helperId}
      >
        {children}
      </select>
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
