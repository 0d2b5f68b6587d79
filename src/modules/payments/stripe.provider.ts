import Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';
import type { IntentStatus, PaymentProvider, ProviderIntent } from './payment-provider';

/** The SDK, pointed at STRIPE_API_BASE when set (stripe-mock or the test double). */
export function createStripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_not_configured', {
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

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const orderId = Number(pi.metadata?.orderId);
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: intentStatus(pi),
    amountCents: pi.status === 'succeeded' ? (pi.amount_received ?? pi.amount) : pi.amount,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
  };
}

const unavailable = () =>
  new AppError('unavailable', 'The payment service is not reachable right now. Please try again shortly.');

function isTransient(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  );
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
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
    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err; // jobs retry with backoff
      }
    },
  };
}
