/**
 * Dollars as en-US currency with two decimals: 95 -> '$95.00', 1234.5 -> '$1,234.50', -5 -> '−$5.00'. Written out
 * rather than with Intl.NumberFormat, whose first currency formatter costs ~25 ms of ICU set-up:
 * about 100 ms of blocked main thread on a throttled phone while a page hydrates.
 */
export function formatPrice(amount: number): string {
  const cents = Math.round((Number.isFinite(amount) ? amount : 0) * 100);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  // a true minus sign (U+2212), as the e-mails write a discount or a refund
  return `${cents < 0 ? '\u2212' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Joins the non-empty parts with a middle dot: ('Great Falls', '2023') -> 'Great Falls · 2023'. */
export function joinParts(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');
}
