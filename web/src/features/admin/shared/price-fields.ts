/** The number typed in a price or shipping field; a blank field is no number (NaN), not 0. */
export function toNumber(value: string): number {
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** A price is at least one cent. */
export function isValidPrice(value: string): boolean {
  const price = toNumber(value);
  return Number.isFinite(price) && price >= 0.01;
}

/** Shipping may be free but not negative. */
export function isValidShipping(value: string): boolean {
  const shipping = toNumber(value);
  return Number.isFinite(shipping) && shipping >= 0;
}
