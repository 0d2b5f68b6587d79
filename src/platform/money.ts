/** Money is stored in integer cents; the API speaks dollars. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as en-US currency: 9500 -> '$95.00'. */
export const formatCents = (cents: number) => usd.format(cents / 100);
