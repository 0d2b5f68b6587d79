import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto } from '../support/shop-data';
import { balanceOf, issueGiftCard } from '../support/gift-cards';
import type { HttpClient } from '../support/http-client';

// Issue 47: one card, many buyers at once. Each checkout locks the card's row in its order's
// transaction, so the card is never spent past its balance; a buyer whose card has less than she
// was shown is told the balance left, and nothing of her order is written.

let app: TestApp;
/** $25 print + $5 shipping: a $30 order. */
let puffin: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  app = await createTestApp();
  await app.startWorkers();
  puffin = await insertPhoto(app.ctx.db, {
    title: 'Puffin',
    options: [{ size: '5x7 inch', priceCents: 2500, shippingCents: 500 }],
  });
});
afterAll(() => app?.close());

type Placed = { orderId: number; amountDue: number; paid: boolean; giftCards: { amount: number }[] };
const sumOf = async (kinds: string[], cardId: number) =>
  -Number(
    (
      await app.ctx
        .db('gift_card_entries')
        .where({ gift_card_id: cardId })
        .whereIn('kind', kinds)
        .sum({ s: 'amount_cents' })
        .first()
    )?.s ?? 0,
  );

describe('20 buyers spending one $50 card on $30 orders at once', () => {
  it('spends at most $50; the others are told the balance left and nothing of theirs is written', async () => {
    const card = await issueGiftCard(app, 5000);
    const clients: HttpClient[] = Array.from({ length: 20 }, () => app.client());
    // each was shown the card paying her whole $30
    for (const c of clients) {
      await fillCart(c, [{ photoId: puffin.photoId, printOptionId: puffin.optionIds[0]!, quantity: 1 }]);
      const q = await c.json<{ total: number; amountDue: number }>(
        c.post('/api/checkout/quote', { giftCardCodes: [card.code] }),
      );
      expect(q).toMatchObject({ total: 30, amountDue: 0 });
    }
    const ordersBefore = Number((await app.ctx.db('orders').count({ n: '*' }).first())?.n);
    const answers = await Promise.all(
      clients.map(async (c) => {
        const res = await c.post('/api/checkout', {
          ...customer,
          totalAmount: 30,
          giftCardCodes: [card.printed],
          amountDue: 0,
        });
        return { status: res.status, body: (await res.json()) as Placed & { message?: string } };
      }),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    // the first took $30 and was paid at once by the card; $20 is not what the others were shown
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({ paid: true, amountDue: 0, giftCards: [{ amount: 30 }] });
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 19 }, () => [409, 'This gift card has $20.00 left.']),
    );
    expect(Number((await app.ctx.db('orders').count({ n: '*' }).first())?.n)).toBe(ordersBefore + 1);
    expect(await balanceOf(app, card.id)).toBe(2000);
    expect(await sumOf(['held', 'released', 'spent'], card.id)).toBeLessThanOrEqual(5000);

    // clients that do not say what they were shown (the spec's): the card pays what is left,
    // each after the other, never past its balance
    const more = await Promise.all(
      clients.slice(1, 6).map(async (c) => {
        const res = await c.post('/api/checkout', {
          ...customer,
          totalAmount: 30,
          giftCardCodes: [card.code],
        });
        return { status: res.status, body: (await res.json()) as Placed & { message?: string } };
      }),
    );
    const paying = more.filter((a) => a.status === 201);
    expect(paying).toHaveLength(1);
    expect(paying[0]!.body).toMatchObject({ amountDue: 10, paid: false, giftCards: [{ amount: 20 }] });
    expect(more.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array.from({ length: 4 }, () => 'This gift card has no balance left.'),
    );
    expect(await balanceOf(app, card.id)).toBe(0);
    // what was taken from the card: spent $30, held $20; never more than its $50
    expect(await sumOf(['spent'], card.id)).toBe(3000);
    expect(await sumOf(['held', 'released'], card.id)).toBe(2000);
  });
});
