import type { RefundReason } from '../../../contract';

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

export type ProviderRefund = {
  id: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  /**
   * Why: the owner's reason for a refund made from the shop (kept in its metadata), else the
   * provider's reason code, when it has one.
   */
  reason: string | null;
  /** Our idempotency key, when the refund was made from the shop (from its metadata). */
  refundKey: string | null;
};

export type ProviderDispute = {
  id: string;
  /** needs_response, under_review, won, lost, ... as the provider words it */
  status: string;
  reason: string;
  amountCents: number;
  /** When evidence is due, if the provider says. */
  dueBy: Date | null;
};

/**
 * A provider's event in our own words: what it is about and which intent (and, if the provider
 * says so, which order). The provider's own type name and payload are kept for the record only;
 * nothing downstream reads them.
 */
export type PaymentEvent = {
  provider: 'stripe' | 'test';
  /** The provider's event id: an event is recorded once by it. */
  eventId: string;
  /** The provider's own name for the event, for the record. */
  type: string;
  /**
   * payment: the intent changed (reconcile it with the provider's truth); refund: a refund of
   * the intent was made or changed (sync the refunds); dispute: the buyer disputed the charge.
   */
  kind: 'payment' | 'refund' | 'dispute';
  paymentIntentId: string;
  /** For kind 'dispute': the dispute as the event tells it. */
  dispute?: ProviderDispute;
  orderIdHint: number | null;
  /** Stored as it is; never card numbers or client secrets. */
  payload: unknown;
};

/** The built-in test provider's card form (only that provider has one). */
export type TestCardForm = {
  /** The intent id behind a client secret, or null for a forged or malformed one. */
  intentIdFromSecret(clientSecret: string): string | null;
  /**
   * Checks the card like a card network would (a 400 for a malformed one) and answers the event
   * the attempt produced, and whether it was declined.
   */
  charge(
    card: { cardNumber: string; expiry: string; cvc: string },
    intent: { intentId: string; orderId: number; amountCents: number },
  ): { event: PaymentEvent; declined: boolean };
  /** The message a declined card shows. */
  declinedMessage: string;
};

/** One interface, two implementations: Stripe and the built-in test provider. */
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
  /**
   * Sets the amount of an intent not paid yet (its order was re-priced on a retry); answers the
   * intent as it is now. Only for an intent that is pending or failed.
   */
  updateIntentAmount(intentId: string, amountCents: number): Promise<ProviderIntent>;
  /**
   * Cancels an intent nobody paid (an abandoned order); answers the intent as it is afterwards,
   * which is not canceled when it was paid after all (the caller goes by that truth).
   */
  cancelIntent(intentId: string): Promise<ProviderIntent>;
  /**
   * Refunds part or all of the intent's charge; the same idempotency key makes one refund however
   * often it is called. `refundKey` travels in the refund's metadata.
   */
  refund(input: {
    intentId: string;
    amountCents: number;
    idempotencyKey: string;
    orderId: number;
    /** The owner's reason: told to the provider, in its words where it has them. */
    reason: RefundReason;
  }): Promise<ProviderRefund>;
  /** Every refund of the intent as the provider sees it now (for refunds made elsewhere). */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
  /**
   * A webhook delivery: verifies it (a 400 AppError when it is not authentic) and answers the
   * neutral event, or null for an event we do not act on. Absent: the provider has no webhooks.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
  /** Only the test provider takes card details itself. */
  readonly testCardForm?: TestCardForm;
}
