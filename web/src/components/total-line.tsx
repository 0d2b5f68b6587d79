import { cx } from './ui';
import { formatPrice } from '../lib/format';
import styles from './total-line.module.css';

/** One line of a totals block (inside a <dl>): label left, amount right. */
export function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={cx(styles.line, strong && styles.strong)}>
      <dt>{label}</dt>
      <dd>{formatPrice(value)}</dd>
    </div>
  );
}

/** One line of a cart's or checkout's totals (not in a list): label left, amount right. */
export function TotalRow({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: number;
  strong?: boolean;
}) {
  return (
    <div className={cx(styles.row, strong && styles.strong)}>
      <p>{label}</p>
      <p>{formatPrice(amount)}</p>
    </div>
  );
}
