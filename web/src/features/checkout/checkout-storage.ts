import type { CheckoutDetails } from './checkout-validation';
import type { CheckoutMoney } from './checkout-money';
import type { PaymentSession } from './payment-session';

// What the buyer entered survives a reload of /checkout (this tab only, never card data): the
// details, the applied promotion code, and the payment step's session so a reload of that step
// stays on it. Cleared once paid.

const KEY = 'wildframe:checkout';

export type StoredCheckout = {
  details: CheckoutDetails;
  session: PaymentSession | null;
  /** The applied promotion code (checked again by the server when the page asks for its quote). */
  promotionCode: string | null;
};

const isText = (value: unknown): value is string => typeof value === 'string';

const DETAIL_KEYS = [
  'customerName',
  'customerEmail',
  'addressLine1',
  'addressLine2',
  'addressCity',
  'addressState',
  'addressZip',
] as const satisfies readonly Exclude<keyof CheckoutDetails, 'phone' | 'licenseeKind' | 'licenseeName'>[];

/**
 * The stored details, every field text; anything else (an older app's one-text address) is
 * dropped. The phone, optional, is '' in details stored before it was asked.
 */
function readDetails(value: unknown): CheckoutDetails | null {
  const d = value as Partial<Record<string, unknown>> | null;
  if (!d || !DETAIL_KEYS.every((key) => isText(d[key]))) return null;
  const details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, d[key]])) as Omit<
    CheckoutDetails,
    'phone' | 'licenseeKind' | 'licenseeName'
  >;
  return {
    ...details,
    phone: isText(d.phone) ? d.phone : '',
    // the licensee (issue 46): a person until she says otherwise
    licenseeKind: d.licenseeKind === 'organisation' ? 'organisation' : 'person',
    licenseeName: isText(d.licenseeName) ? d.licenseeName : '',
  };
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The order's figures as stored; anything malformed (or an older app's session) is null. */
function readMoney(value: unknown): CheckoutMoney | null {
  const m = value as Partial<Record<keyof CheckoutMoney, unknown>> | null;
  if (!m || !(['subtotal', 'discount', 'shipping', 'tax', 'total'] as const).every((k) => isAmount(m[k])))
    return null;
  const promotion = m.promotion as CheckoutMoney['promotion'] | undefined;
  const taxLine = m.taxLine as CheckoutMoney['taxLine'] | undefined;
  const promotionOk = promotion === null || (isText(promotion?.code) && isText(promotion?.summary));
  const taxLineOk =
    taxLine === null ||
    (isText(taxLine?.state) && isText(taxLine?.label) && (taxLine?.rate === null || isText(taxLine?.rate)));
  if (!promotionOk || !taxLineOk) return null;
  return {
    subtotal: m.subtotal as number,
    discount: m.discount as number,
    shipping: m.shipping as number,
    tax: m.tax as number,
    total: m.total as number,
    promotion: promotion ?? null,
    taxLine: taxLine ?? null,
    ...(typeof m.taxCollected === 'boolean' ? { taxCollected: m.taxCollected } : {}),
  };
}

function readSession(value: unknown): PaymentSession | null {
  const s = value as Partial<PaymentSession> | null;
  if (!s || typeof s.orderId !== 'number' || !isAmount(s.amount) || !isText(s.clientSecret)) return null;
  if (s.provider !== 'stripe' && s.provider !== 'test') return null;
  const details = readDetails(s.details);
  if (!details) return null;
  return {
    orderId: s.orderId,
    clientSecret: s.clientSecret,
    provider: s.provider,
    amount: s.amount,
    order: readMoney(s.order),
    // an older app's session: its amount was the cart's total
    cartTotal: isAmount(s.cartTotal) ? s.cartTotal : s.amount,
    details,
  };
}

const CODE = /^[A-Za-z0-9_-]{3,40}$/;

export function loadCheckout(): StoredCheckout | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredCheckout> | null;
    const details = readDetails(value?.details);
    if (!details) return null;
    const code = value?.promotionCode;
    return {
      details,
      session: readSession(value?.session),
      promotionCode: isText(code) && CODE.test(code) ? code : null,
    };
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
