import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import {
  CheckCircleOutlineOutlinedIcon,
  ErrorOutlineIcon,
  InfoOutlinedIcon,
  WarningAmberOutlinedIcon,
} from './icons';
import styles from './feedback.module.css';

/** A grey block that pulses where content is loading (MUI Skeleton's look). */
export function Skeleton({
  variant = 'rectangular',
  width,
  height,
  className,
  style,
}: {
  variant?: 'text' | 'rectangular' | 'circular';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden
      className={cx(styles.skeleton, variant !== 'rectangular' && styles[variant], className)}
      style={{ width, height, ...style }}
    />
  );
}

/** An indeterminate spinner; `label` names what is loading for screen readers. */
export function Spinner({
  label,
  size = 40,
  className,
}: {
  label: string;
  size?: number;
  className?: string;
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={cx(styles.spinner, className)}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" width="100%" height="100%" aria-hidden>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

const ALERT_ICONS = {
  error: ErrorOutlineIcon,
  warning: WarningAmberOutlinedIcon,
  info: InfoOutlinedIcon,
  success: CheckCircleOutlineOutlinedIcon,
};

/**
 * A message box (MUI Alert's look). role="alert" by default, as MUI's, so screen readers announce
 * it; pass role="status" for messages that need no interruption.
 */
export function Alert({
  severity = 'info',
  title,
  action,
  children,
  className,
  role = 'alert',
  ...props
}: {
  severity?: keyof typeof ALERT_ICONS;
  title?: ReactNode;
  action?: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const Icon = ALERT_ICONS[severity];
  return (
    <div role={role} className={cx(styles.alert, styles[severity], className)} {...props}>
      <Icon />
      <div className={styles.alertBody}>
        {title && <strong className={styles.alertTitle}>{title}</strong>}
        {children}
      </div>
      {action}
    </div>
  );
}
