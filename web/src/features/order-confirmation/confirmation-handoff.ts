// Checkout hands the confirmation to `/` through sessionStorage (this tab only): the home page takes
// it once, so a reload of `/` or a later visit shows nothing.

const KEY = 'wildframe:order-confirmation';

/** What the confirmation on `/` shows after a payment. */
export type OrderConfirmation = {
  orderId: number;
  email: string;
  /** The buyer's order page is `/orders/{token}`; null when checkout could not learn it. */
  orderPageToken: string | null;
};

export function handOverConfirmation(confirmation: OrderConfirmation): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(confirmation));
  } catch {
    // storage disabled or full: the buyer still has the e-mail
  }
}

/** The confirmation handed over by checkout, removed as it is read (null when there is none). */
export function takeConfirmation(): OrderConfirmation | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<OrderConfirmation> | null;
    if (!value || typeof value.orderId !== 'number' || typeof value.email !== 'string') return null;
    const token = typeof value.orderPageToken === 'string' ? value.orderPageToken : null;
    return { orderId: value.orderId, email: value.email, orderPageToken: token };
  } catch {
    return null;
  }
}
