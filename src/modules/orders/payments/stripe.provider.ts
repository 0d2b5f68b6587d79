import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../../config';
import { AppError, badRequest } from '../../../platform/http/app-error';
import type {
  IntentStatus,
  PaymentEvent,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
} from './payment-provider';

// The SDK (~35 MB of memory with its resources) loads only in a shop that uses Stripe; required
// (its CommonJS build) so that loading stays synchronous where the client is made.
const require = createRequire(import.meta.url);
const sdk = (): typeof Stripe => require('stripe') as typeof Stripe;

/** The SDK, pointed at STRIPE_API_BASE when set (stripe-mock or the test double). */
export function createStripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new (sdk())(config.STRIPE_SECRET_KEY ?? 'sk_not_configured', {
    maxNetworkRetries: 2, // also retries Stripe's 409 for a concurrent request with the same key
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export function intentStatus(pi: Stripe.PaymentIntent): IntentStatus {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'processing':
      return 'processing';
    case 'requires_payment_method':
      // after a failed attempt Stripe returns the intent to requires_payment_method with the error
      return pi.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const orderId = Number(metadata?.orderId);
  return Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: intentStatus(pi),
    amountCents: pi.status === 'succeeded' ? (pi.amount_received ?? pi.amount) : pi.amount,
    orderId: orderIdOf(pi.metadata),
  };
}

/** The owner's refund reasons Stripe has a code for (it has none for 'damaged' or 'other'). */
const isStripeReason = (reason: string): reason is Stripe.RefundCreateParams.Reason =>
  reason === 'duplicate' || reason === 'fraudulent' || reason === 'requested_by_customer';

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

function toRefund(r: Stripe.Refund): ProviderRefund {
  const status =
    r.status === 'succeeded' || r.status === 'failed' || r.status === 'canceled' ? r.status : 'pending';
  return {
    id: r.id,
    amountCents: r.amount,
    status,
    reason: r.metadata?.reason ?? r.reason ?? null,
    refundKey: r.metadata?.refundKey ?? null,
  };
}

/**
 * Stripe's event in our words; null for the types we do not act on. Refunds made anywhere (here
 * or in the Dashboard) arrive as refund.created / refund.updated / refund.failed (every refund
 * since API version 2024-10-28) and as charge.refunded; disputes as charge.dispute.*.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { provider: 'stripe' as const, eventId: event.id, type: event.type };
  // each case narrows event.data.object to the Stripe object that event type carries
  switch (event.type) {
    case 'charge.refunded':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refundOrCharge = event.data.object;
      const intentId = idOf(refundOrCharge.payment_intent);
      if (!intentId) return null;
      return {
        ...base,
        kind: 'refund',
        paymentIntentId: intentId,
        // a refund made here names its order; a charge.refunded is matched by its intent alone
        orderIdHint: refundOrCharge.object === 'refund' ? orderIdOf(refundOrCharge.metadata) : null,
        payload: event,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_reinstated':
    case 'charge.dispute.funds_withdrawn': {
      const d = event.data.object;
      const intentId = idOf(d.payment_intent);
      if (!intentId) return null;
      const due = d.evidence_details?.due_by;
      return {
        ...base,
        kind: 'dispute',
        paymentIntentId: intentId,
        orderIdHint: null,
        dispute: {
          id: d.id,
          status: d.status,
          reason: d.reason,
          amountCents: d.amount,
          dueBy: due ? new Date(due * 1000) : null,
        },
        payload: event,
      };
    }
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.canceled':
    case 'payment_intent.created':
    case 'payment_intent.partially_funded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.processing':
    case 'payment_intent.requires_action':
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return {
        ...base,
        kind: 'payment',
        paymentIntentId: pi.id,
        orderIdHint: orderIdOf(pi.metadata),
        // stored without the client secret: only its hash lives on the order
        payload: { ...event, data: { ...event.data, object: { ...pi, client_secret: null } } },
      };
    }
    default:
      return null;
  }
}

const unavailable = () =>
  new AppError('unavailable', 'The payment service is not reachable right now. Please try again shortly.');

function isTransient(err: unknown): boolean {
  return (
    err instanceof sdk().errors.StripeConnectionError ||
    err instanceof sdk().errors.StripeAPIError ||
    err instanceof sdk().errors.StripeRateLimitError
  );
}

export function createStripeProvider(stripe: Stripe, webhookSecret?: string): PaymentProvider {
  return {
    name: 'stripe',
    ...(webhookSecret
      ? {
          parseWebhook(rawBody: Buffer, signature: string | undefined) {
            if (!signature) throw badRequest('Missing Stripe signature.');
            let event: Stripe.Event;
            try {
              event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
            } catch {
              throw badRequest('Invalid Stripe signature.');
            }
            return toPaymentEvent(event);
          },
        }
      : {}),
    async createIntent({ orderId, amountCents, idempotencyKey }) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            metadata: { orderId: String(orderId) },
          },
          { idempotencyKey },
        );
        return toIntent(pi);
      } catch (err) {
        throw isTransient(err) ? unavailable() : err;
      }
    },
    async refund({ intentId, amountCents, idempotencyKey, orderId, reason }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: amountCents,
            // Stripe's own reason where it has one; ours always travels in the metadata
            ...(isStripeReason(reason) ? { reason } : {}),
            metadata: { orderId: String(orderId), refundKey: idempotencyKey, reason },
          },
          { idempotencyKey: `refund-${idempotencyKey}` },
        );
        return toRefund(refund);
      } catch (err) {
        if (err instanceof sdk().errors.StripeInvalidRequestError)
          throw new AppError('bad_request', err.message || 'The payment provider refused this refund.');
        throw isTransient(err) ? unavailable() : err;
      }
    },
    async listRefunds(intentId) {
      const list = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
      return list.data.map(toRefund);
    },
    async updateIntentAmount(intentId, amountCents) {
      try {
        return toIntent(await stripe.paymentIntents.update(intentId, { amount: amountCents }));
      } catch (err) {
        throw isTransient(err) ? unavailable() : err;
      }
    },
    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }));
      } catch (err) {
        // Stripe refuses to cancel an intent that succeeded (or already was canceled): its truth
        // then is what the caller needs
        if (err instanceof sdk().errors.StripeInvalidRequestError && err.statusCode === 400)
          return toIntent(await stripe.paymentIntents.retrieve(intentId));
        throw err; // jobs retry with backoff
      }
    },
    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (err) {
        if (err instanceof sdk().errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err; // jobs retry with backoff
      }
    },
  };
}
