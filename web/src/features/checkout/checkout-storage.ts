import type { CheckoutDetails } from './checkout-validation';
import type { PaymentSession } from './payment-session';

// What the buyer entered survives a reload of /checkout (this tab only, never card data): the
// details, and the payment step's session so a reload of that step stays on it. Cleared once paid.

const KEY = 'wildframe:checkout';

export type StoredCheckout = { details: CheckoutDetails; session: PaymentSession | null };

const isText = (value: unknown): value is string => typeof value === 'string';

const DETAIL_KEYS = [
  'customerName',
  'customerEmail',
  'addressLine1',
  'addressLine2',
  'addressCity',
  'addressState',
  'addressZip',
] as const satisfies readonly (keyof CheckoutDetails)[];

/** The stored details, every field text; anything else (an older app's one-text address) is dropped. */
function readDetails(value: unknown): CheckoutDetails | null {
  const d = value as Partial<Record<string, unknown>> | null;
  if (!d || !DETAIL_KEYS.every((key) => isText(d[key]))) return null;
  return Object.fromEntries(DETAIL_KEYS.map((key) => [key, d[key]])) as CheckoutDetails;
}

function readSession(value: unknown): PaymentSession | null {
  const s = value as Partial<PaymentSession> | null;
  if (!s || typeof s.orderId !== 'number' || typeof s.amount !== 'number' || !isText(s.clientSecret))
    return null;
  if (s.provider !== 'stripe' && s.provider !== 'test') return null;
  const details = readDetails(s.details);
  return details
    ? { orderId: s.orderId, clientSecret: s.clientSecret, provider: s.provider, amount: s.amount, details }
    : null;
}

export function loadCheckout(): StoredCheckout | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredCheckout> | null;
    const details = readDetails(value?.details);
    return details ? { details, session: readSession(value?.session) } : null;
  } catch {
    return null;
  }
}

export function saveCheckout(value: StoredCheckout): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage disabled or full: checkout works as before, only a reload loses the details
  }
}

export function clearCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
