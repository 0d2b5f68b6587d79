import type { PaymentProvider } from './api';
import type { CheckoutDetails } from './checkout-validation';
import type { CheckoutMoney } from './checkout-money';

/** What the payment phase needs once the server has answered with a payment secret. */
export type PaymentSession = {
  orderId: number;
  clientSecret: string;
  provider: PaymentProvider;
  /** The order total in dollars (with its discount and tax), as the server computed it. */
  amount: number;
  /** The order's figures as the checkout answered them: the summary shows them on this step. */
  order: CheckoutMoney | null;
  /** The cart's total when the order was placed: a reload resumes this step only while it is unchanged. */
  cartTotal: number;
  details: CheckoutDetails;
};

/** Props every payment form (Stripe or the test provider) receives. */
export type PaymentFormProps = {
  session: PaymentSession;
  /**
   * Called once the provider reports the payment succeeded, with the order page's token when the
   * provider's answer carried it (else the page asks our server for it).
   */
  onPaid: (orderPageToken?: string | null) => Promise<void> | void;
  /** Called when the provider says the payment is still processing. */
  onProcessing: () => void;
  /** No network: the Pay button is disabled (the page explains why). */
  offline: boolean;
};

/** The redirect to / after a successful payment waits 100 ms. */
export const PAYMENT_REDIRECT_DELAY_MS = 100;

export const PAYMENT_FAILED_FALLBACK = 'An error occurred with your payment';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const UNEXPECTED_ERROR_TOAST = 'An unexpected error occurred during payment processing';
