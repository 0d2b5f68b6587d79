import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest } from '../../../platform/http/app-error';
import type { PaymentProvider, ProviderIntent, TestCardForm } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';

/**
 * The built-in test provider, for a shop without Stripe keys: no network, no real cards. Its intents are
 * derived from the order id with an HMAC of the server's secret, so they cannot be guessed and a
 * second call for the same order answers the same intent (like Stripe's idempotency key). Its
 * truth about an intent is the payment events recorded for it.
 *
 *   intent id      test_pi_<orderId>_<16 hex>
 *   client secret  test_pi_<orderId>_<16 hex>_secret_<24 hex>
 */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export const testCardMessages = {
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
  unknownCard: 'In test mode, use the test card 4242 4242 4242 4242.',
  declined: 'Your card was declined.',
  session: 'This payment session is not valid. Please start checkout again.',
} as const;

export type TestProvider = PaymentProvider & { testCardForm: TestCardForm };

/** What a test charge records as its event's payload; the amount is the intent's truth. */
const chargePayload = z.object({ amount: z.number().int() });

export function createTestProvider(
  secret: string,
  repo: Pick<PaymentsRepository, 'eventsForIntent' | 'recordEvent'>,
): TestProvider {
  const mac = (what: string, length: number) =>
    createHmac('sha256', secret).update(`wildframe-test-payments:${what}`).digest('hex').slice(0, length);
  const intentId = (orderId: number) => `test_pi_${orderId}_${mac(`pi:${orderId}`, 16)}`;
  const clientSecret = (id: string) => `${id}_secret_${mac(`secret:${id}`, 24)}`;
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const orderIdOf = (id: string): number | null => {
    const m = /^test_pi_(\d{1,9})_([0-9a-f]{16})$/.exec(id);
    return m && same(id, intentId(Number(m[1]))) ? Number(m[1]) : null;
  };

  async function intent(id: string, orderId: number, amountCents: number | null): Promise<ProviderIntent> {
    const events = await repo.eventsForIntent(id);
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded');
    const canceled = events.some((e) => e.type === 'payment_intent.canceled');
    const failed = events.some((e) => e.type === 'payment_intent.payment_failed');
    return {
      id,
      clientSecret: clientSecret(id),
      status: succeeded ? 'succeeded' : canceled ? 'canceled' : failed ? 'failed' : 'pending',
      amountCents: succeeded ? chargePayload.parse(succeeded.payload).amount : amountCents,
      orderId,
    };
  }

  return {
    name: 'test',
    async createIntent({ orderId, amountCents }) {
      return intent(intentId(orderId), orderId, amountCents);
    },
    // Test refunds always succeed at once; the id comes from the key, so a repeat is the same refund.
    async refund({ amountCents, idempotencyKey, reason }) {
      return {
        id: `test_re_${mac(`refund:${idempotencyKey}`, 24)}`,
        amountCents,
        status: 'succeeded',
        reason,
        refundKey: idempotencyKey,
      };
    },
    // nothing refunds a test payment but the shop itself
    listRefunds: async () => [],
    async retrieveIntent(id) {
      const orderId = orderIdOf(id);
      return orderId === null ? null : intent(id, orderId, null);
    },
    // a test intent's amount is its order's total at the time of the charge: nothing to store
    async updateIntentAmount(id, amountCents) {
      const orderId = orderIdOf(id);
      if (orderId === null) throw badRequest(testCardMessages.session);
      return intent(id, orderId, amountCents);
    },
    // Canceling is an event of the intent (its truth), recorded as a webhook would be; a paid
    // intent stays paid.
    async cancelIntent(id) {
      const orderId = orderIdOf(id);
      if (orderId === null) throw badRequest(testCardMessages.session);
      const now = await intent(id, orderId, null);
      if (now.status === 'succeeded' || now.status === 'canceled') return now;
      await repo.recordEvent({
        provider: 'test',
        eventId: `test_evt_${randomBytes(12).toString('hex')}`,
        type: 'payment_intent.canceled',
        kind: 'payment',
        paymentIntentId: id,
        orderId,
        payload: { paymentIntentId: id, orderId, cancellationReason: 'abandoned' },
      });
      return intent(id, orderId, null);
    },
    testCardForm: {
      intentIdFromSecret(value) {
        const m = /^(test_pi_\d{1,9}_[0-9a-f]{16})_secret_[0-9a-f]{24}$/.exec(value);
        return m && orderIdOf(m[1]) !== null && same(value, clientSecret(m[1])) ? m[1] : null;
      },
      charge(card, { intentId: id, orderId, amountCents }) {
        const { outcome, last4 } = checkTestCard(card);
        const succeeded = outcome === 'succeeded';
        return {
          declined: !succeeded,
          event: {
            provider: 'test',
            eventId: `test_evt_${randomBytes(12).toString('hex')}`,
            type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
            kind: 'payment',
            paymentIntentId: id,
            orderIdHint: orderId,
            // never the card number: the last four digits are all anyone needs
            payload: { paymentIntentId: id, orderId, amount: amountCents, last4 },
          },
        };
      },
      declinedMessage: testCardMessages.declined,
    },
  };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the test card form like a card network would; returns whether the card succeeds. */
export function checkTestCard(
  card: { cardNumber: string; expiry: string; cvc: string },
  now = new Date(),
): { outcome: 'succeeded' | 'declined'; last4: string } {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    throw badRequest(testCardMessages.number, { cardNumber: testCardMessages.number });
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12)
    throw badRequest(testCardMessages.expiry, { expiry: testCardMessages.expiry });
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  // a card is valid through the last day of its expiry month
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    throw badRequest(testCardMessages.expired, { expiry: testCardMessages.expired });
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    throw badRequest(testCardMessages.cvc, { cvc: testCardMessages.cvc });
  if (number === TEST_CARDS.success) return { outcome: 'succeeded', last4: number.slice(-4) };
  if (number === TEST_CARDS.declined) return { outcome: 'declined', last4: number.slice(-4) };
  throw badRequest(testCardMessages.unknownCard, { cardNumber: testCardMessages.unknownCard });
}

export const declined = () => new AppError('payment_failed', testCardMessages.declined);
