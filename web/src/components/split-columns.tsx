import type { CSSProperties, ReactNode } from 'react';
import styles from './split-columns.module.css';

type SplitColumnsProps = {
  /** The two columns' shares of the width from md up, e.g. [5, 7] or [7, 5]. */
  fr: [number, number];
  /** Gaps in 8px units, below and from md (900px). */
  gap: { xs: number; md: number };
  /** The one column below md; 'minmax(0, 1fr)' lets wide content shrink instead of widening the page. */
  phone?: '1fr' | 'minmax(0, 1fr)';
  children: ReactNode;
};

/** A page's two columns side by side from md up (each top-aligned), stacked in one column below. */
export function SplitColumns({ fr, gap, phone = '1fr', children }: SplitColumnsProps) {
  const vars = {
    '--split-phone': phone,
    '--split-columns': `minmax(0, ${fr[0]}fr) minmax(0, ${fr[1]}fr)`,
    '--split-gap': `${gap.xs * 8}px`,
    '--split-gap-md': `${gap.md * 8}px`,
  } as CSSProperties;
  return (
    <div className={styles.split} style={vars}>
      {children}
    </div>
  );
}
