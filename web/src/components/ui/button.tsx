import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './class-names';
import styles from './button.module.css';

export type ButtonLook = {
  /** contained: filled; outlined: a border; text: no border (MUI's three button variants). */
  variant?: 'contained' | 'outlined' | 'text';
  /** primary: forest green; secondary: sand; light: for dark backgrounds; inherit: the text colour. */
  color?: 'primary' | 'secondary' | 'light' | 'inherit' | 'error';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
};

/** The class names of a button with this look, for elements that are not a Button or ButtonLink. */
export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
}: ButtonLook & { className?: string }): string {
  return cx(
    styles.button,
    styles[variant],
    styles[color],
    size !== 'medium' && styles[size],
    fullWidth && styles.fullWidth,
    className,
  );
}

function Content({
  startIcon,
  endIcon,
  children,
}: Pick<ButtonLook, 'startIcon' | 'endIcon'> & { children?: ReactNode }) {
  return (
    <>
      {startIcon && <span className={styles.icon}>{startIcon}</span>}
      {children}
      {endIcon && <span className={styles.icon}>{endIcon}</span>}
    </>
  );
}

/** A button (type="button" unless told). */
export function Button({
  variant,
  color,
  size,
  fullWidth,
  startIcon,
  endIcon,
  className,
  children,
  type = 'button',
  ...props
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClass({ variant, color, size, fullWidth, className })} {...props}>
      <Content startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Content>
    </button>
  );
}

/** A link inside the app that looks like a button. */
export function ButtonLink({
  variant,
  color,
  size,
  fullWidth,
  startIcon,
  endIcon,
  className,
  children,
  ...props
}: ButtonLook & LinkProps) {
  return (
    <Link className={buttonClass({ variant, color, size, fullWidth, className })} {...props}>
      <Content startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Content>
    </Link>
  );
}

/** A round button holding one icon; `aria-label` is required, since the icon says nothing. */
export function IconButton({
  size = 'medium',
  className,
  type = 'button',
  ...props
}: { size?: 'small' | 'medium'; 'aria-label': string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={cx(styles.iconButton, size === 'small' && styles.small, className)}
      {...props}
    />
  );
}
