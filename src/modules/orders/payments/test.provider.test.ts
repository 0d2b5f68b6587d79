import { describe, expect, it } from 'vitest';
import { checkTestCard, createTestProvider } from './test.provider';

const now = new Date('2026-11-21T12:00:00Z');
const card = { cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' };

describe('test card checks', () => {
  it('succeeds with 4242..., declines 4000 0000 0000 0002, ignoring spaces', () => {
    expect(checkTestCard(card, now)).toEqual({ outcome: 'succeeded', last4: '4242' });
    expect(checkTestCard({ ...card, cardNumber: '4000000000000002' }, now).outcome).toBe('declined');
  });

  it('explains what is wrong with a number, an expiry or a CVC', () => {
    const message = (over: Partial<typeof card>) => {
      try {
        checkTestCard({ ...card, ...over }, now);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(message({ cardNumber: '4242 4242 4242 4243' })).toBe('Your card number is invalid.');
    expect(message({ expiry: '00/30' })).toBe("Your card's expiration date is invalid.");
    expect(message({ expiry: '10/26' })).toBe('Your card has expired.');
    expect(message({ expiry: '11 / 2026' })).toBeNull(); // valid through the end of its month
    expect(message({ cvc: '1a3' })).toBe("Your card's security code is invalid.");
  });
});

describe('test provider intents', () => {
  // intent and secret rules only: canceling (which records an event) is covered by
  // tests/api/unpaid-orders.test.ts against Postgres
  const repo = {
    eventsForIntent: async () => [],
    recordEvent: () => Promise.reject(new Error('not used by these tests')),
  };
  const provider = createTestProvider('a-secret-of-at-least-32-characters!!', repo);

  it('answers the same intent for the same order, and recognises only its own secrets', async () => {
    const a = await provider.createIntent({ orderId: 7, amountCents: 100, idempotencyKey: 'order-7-pi' });
    const b = await provider.createIntent({ orderId: 7, amountCents: 100, idempotencyKey: 'order-7-pi' });
    expect(a).toEqual(b);
    expect(a.clientSecret).toMatch(/^test_pi_7_[0-9a-f]{16}_secret_[0-9a-f]{24}$/);
    expect(provider.testCardForm.intentIdFromSecret(a.clientSecret)).toBe(a.id);
    expect(
      provider.testCardForm.intentIdFromSecret(a.clientSecret.replace(/.$/, (c) => (c === '0' ? '1' : '0'))),
    ).toBeNull();
    const other = createTestProvider('another-secret-of-at-least-32-chars!!', repo);
    expect(other.testCardForm.intentIdFromSecret(a.clientSecret)).toBeNull();
    expect(await provider.retrieveIntent('test_pi_7_0000000000000000')).toBeNull();
  });
});
