import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
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

/** Splits a button's look (its classes, its icons around the label) from the element's own props. */
function withLook<P extends { className?: string; children?: ReactNode }>({
  variant,
  color,
  size,
  fullWidth,
  startIcon,
  endIcon,
  className,
  children,
  ...rest
}: ButtonLook & P) {
  const content = (
    <Content startIcon={startIcon} endIcon={endIcon}>
      {children}
    </Content>
  );
  return { className: buttonClass({ variant, color, size, fullWidth, className }), content, rest };
}

/** A button (type="button" unless told). */
export function Button({
  type = 'button',
  ...props
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  const { className, content, rest } = withLook(props);
  return (
    <button type={type} {...rest} className={className}>
      {content}
    </button>
  );
}

/**
 * A link that looks like a button: a plain navigation (storefront pages are the server's, with
 * islands, web/src/islands; no router is needed to follow it).
 */
export function ButtonLink({
  to,
  ...props
}: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { className, content, rest } = withLook(props);
  return (
    <a href={to} {...rest} className={className}>
      {content}
    </a>
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
