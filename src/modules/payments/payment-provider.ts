/** The payment status we derive from a provider's intent: the provider is the source of truth. */
export type IntentStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export type ProviderIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** What the intent is for (or, for a succeeded one, what was charged), in cents. */
  amountCents: number | null;
  /** From the intent's metadata. */
  orderId: number | null;
};

/** One interface, two implementations: Stripe and the built-in test provider (DESIGN section 3). */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Creates the order's one intent; calling again with the same key answers the same intent. */
  createIntent(input: {
    orderId: number;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  /** The intent as the provider sees it now, or null when the provider does not know it. */
  retrieveIntent(intentId: string): Promise<ProviderIntent | null>;
}
