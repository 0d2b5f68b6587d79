import type { CSSProperties } from 'react';
import { activeNoticeLines, useGetShippingNoticeQuery } from '../lib/content-api';
import { cx, LocalShippingOutlinedIcon } from './ui';
import styles from './notice.module.css';

/** The temporary shipping notice; renders nothing unless it is active and has a first line. */
export function ShippingNoticeBanner({ className, style }: { className?: string; style?: CSSProperties }) {
  const { data } = useGetShippingNoticeQuery();
  const lines = activeNoticeLines(data);
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
