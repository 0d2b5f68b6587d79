import type { CSSProperties } from 'react';
import { cx, LocalShippingOutlinedIcon } from './ui';
import styles from './notice.module.css';

/**
 * The temporary shipping notice: its lines (content-api.ts's activeNoticeLines), or nothing when
 * it is not active.
 */
export function ShippingNoticeBanner({
  lines,
  className,
  style,
}: {
  lines: readonly string[] | null;
  className?: string;
  style?: CSSProperties;
}) {
  if (!lines) return null;
  return (
    <div role="note" aria-label="Shipping notice" className={cx(styles.notice, className)} style={style}>
      <LocalShippingOutlinedIcon className={styles.icon} />
      <div>
        <NoticeLines lines={lines} />
      </div>
    </div>
  );
}

/** The lines of a shipping notice, the first in bold; also the admin's preview of it. */
export function NoticeLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <p key={index} className={cx('t-body2', index === 0 && styles.first)}>
      {line}
    </p>
  ));
}
