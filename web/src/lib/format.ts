const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Dollars as en-US currency with two decimals: 95 -> '$95.00'. */
export function formatPrice(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** Dollars to whole cents, rounded: 19.999 -> 2000. Sums in cents show no floating-point dust. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Joins the non-empty parts with a middle dot: ('Great Falls', '2023') -> 'Great Falls · 2023'. */
export function joinParts(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');
}
