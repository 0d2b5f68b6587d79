import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { mailTextPart, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import { balanceOf, entriesOf, issueGiftCard } from '../support/gift-cards';
import type { HttpClient } from '../support/http-client';

// Issue 47, spending a gift card: each code the buyer enters pays what its balance allows of the
// order's total (after codes, with shipping and tax), the card pays the rest, and an order the cards
// cover is paid at once without a card. Each card's hold, spend and release are ledger entries.

type Quote = {
  total: number;
  amountDue: number;
  giftCards: { last4: string; amount: number; balanceAfter: number }[];
};
type Placed = Quote & { orderId: number; paid: boolean };

let app: TestApp;
let sink: SmtpSink;
let admin: HttpClient;
/** $60 print + $10 shipping: a $70 order (Maryland: no sales tax). */
let heron: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: sink.url, UNPAID_ORDER_TTL_HOURS: '24' });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', priceCents: 6000, shippingCents: 1000 }],
  });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});
// every checkout of this file comes from one address: the checkout limiter is not under test here
beforeEach(async () => {
  const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:*`);
  if (keys.length) await app.ctx.redis.del(...keys);
});

const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const orderCount = async () => Number((await app.ctx.db('orders').count({ n: '*' }).first())?.n);
const entryCount = async () => Number((await app.ctx.db('gift_card_entries').count({ n: '*' }).first())?.n);
const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));

async function cartOfHeron(c: HttpClient) {
  await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
}
const quote = (c: HttpClient, giftCardCodes: string[]) =>
  c.json<Quote>(c.post('/api/checkout/quote', { giftCardCodes }));
const checkout = (c: HttpClient, giftCardCodes: unknown, extra: Record<string, unknown> = {}) =>
  c.post('/api/checkout', { ...customer, totalAmount: 70, giftCardCodes, ...extra });
async function payByCard(c: HttpClient, orderId: number, amount: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await orderRow(orderId)).status === 'paid');
}

describe('spending gift cards at checkout', () => {
  it('the quote shows what the card pays and what is left to pay, holding nothing', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const q = await quote(c, [card.printed.toLowerCase()]);
    expect(q.total).toBe(70);
    expect(q.giftCards).toEqual([{ last4: card.last4, amount: 50, balanceAfter: 0 }]);
    expect(q.amountDue).toBe(20);
    // the spec's client sends nothing new: the whole total is due
    const plain = await c.json<Quote>(c.post('/api/checkout/quote', {}));
    expect(plain).toMatchObject({ total: 70, amountDue: 70, giftCards: [] });
    expect(await entriesOf(app, card.id)).toEqual([{ kind: 'issued', amountCents: 5000 }]);
  });

  it('pays part of an order; the card is charged the rest; once paid the hold is spent', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const placed = await c.json<Placed>(checkout(c, [card.printed], { amountDue: 20 }), 201);
    expect(placed).toMatchObject({
      total: 70,
      amountDue: 20,
      paid: false,
      giftCards: [{ last4: card.last4, amount: 50, balanceAfter: 0 }],
    });
    const { orderId } = placed;
    expect(await entriesOf(app, card.id)).toEqual([
      { kind: 'issued', amountCents: 5000 },
      { kind: 'held', amountCents: -5000 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(0);
    expect((await orderRow(orderId)).tenders_cents).toBe(5000);
    expect(
      await app.ctx
        .db('order_tenders')
        .where({ order_id: orderId })
        .select('tender', 'reference', 'amount_cents'),
    ).toEqual([{ tender: 'gift-cards.card', reference: String(card.id), amount_cents: 5000 }]);

    // the intent is for the amount due, not the total
    const whole = await c.post('/api/create-payment-intent', { orderId, amount: 70 });
    expect(whole.status).toBe(409);
    await payByCard(c, orderId, 20);
    await eventually(async () => (await entriesOf(app, card.id)).length === 4);
    expect(await entriesOf(app, card.id, orderId)).toEqual([
      { kind: 'held', amountCents: -5000 },
      { kind: 'released', amountCents: 5000 },
      { kind: 'spent', amountCents: -5000 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(0);
    expect(await app.modules.giftCards.ledger.outstandingCents()).toBeGreaterThanOrEqual(0);
  });

  it('two cards on one order pay in the order entered, each what it has', async () => {
    const first = await issueGiftCard(app, 3000);
    const second = await issueGiftCard(app, 2500);
    const c = app.client();
    await cartOfHeron(c);
    // the same code twice counts once
    const placed = await c.json<Placed>(checkout(c, [first.code, second.printed, first.printed]), 201);
    expect(placed.giftCards).toEqual([
      { last4: first.last4, amount: 30, balanceAfter: 0 },
      { last4: second.last4, amount: 25, balanceAfter: 0 },
    ]);
    expect(placed.amountDue).toBe(15);
    await payByCard(c, placed.orderId, 15);
    await eventually(
      async () => (await balanceOf(app, first.id)) === 0 && (await entriesOf(app, second.id)).length === 4,
    );
    expect(await entriesOf(app, first.id, placed.orderId)).toEqual([
      { kind: 'held', amountCents: -3000 },
      { kind: 'released', amountCents: 3000 },
      { kind: 'spent', amountCents: -3000 },
    ]);
    expect(await entriesOf(app, second.id, placed.orderId)).toEqual([
      { kind: 'held', amountCents: -2500 },
      { kind: 'released', amountCents: 2500 },
      { kind: 'spent', amountCents: -2500 },
    ]);
  });

  it('an order the cards cover is paid at once: no intent, the paid e-mail once, the cart emptied', async () => {
    const card = await issueGiftCard(app, 10000);
    const c = app.client();
    await cartOfHeron(c);
    const placed = await c.json<Placed>(checkout(c, [card.printed], { amountDue: 0 }), 201);
    expect(placed).toMatchObject({
      paid: true,
      amountDue: 0,
      giftCards: [{ last4: card.last4, amount: 70, balanceAfter: 30 }],
    });
    const row = await orderRow(placed.orderId);
    expect(row).toMatchObject({ status: 'paid', payment_intent_id: null, payment_provider: 'tenders' });
    expect(row.paid_at).not.toBeNull();
    expect(await entriesOf(app, card.id, placed.orderId)).toEqual([
      { kind: 'held', amountCents: -7000 },
      { kind: 'released', amountCents: 7000 },
      { kind: 'spent', amountCents: -7000 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(3000);
    // nothing to pay by card
    const intent = await c.post('/api/create-payment-intent', { orderId: placed.orderId });
    expect(intent.status).toBe(409);
    expect(((await intent.json()) as { message: string }).message).toBe('This order is already paid.');
    // order.paid's reactions, once: the confirmation e-mail, the cart emptied
    await eventually(async () => mailsFor(placed.orderId).length >= 1);
    await eventually(async () => (await c.json<{ items: unknown[] }>(c.get('/api/cart'))).items.length === 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsFor(placed.orderId)).toHaveLength(1);
    // the receipt says what the cards paid and that nothing was left for the card
    const receipt = mailTextPart(mailsFor(placed.orderId)[0]!.raw);
    expect(receipt).toContain('Paid with gift cards: \u2212$70.00');
    expect(receipt).toContain('Paid by card: $0.00');
    // and so does her order page
    const { status_token: token } = await orderRow(placed.orderId);
    expect(await c.json(c.get(`/api/orders/by-token/${token}`))).toMatchObject({
      total: 70,
      paidWithGiftCards: 70,
      amountDue: 0,
    });
    expect(
      Number(
        (
          await app.ctx
            .db('domain_events')
            .where({ name: 'order.paid' })
            .whereRaw("(payload->>'orderId')::int = ?", [placed.orderId])
            .count({ n: '*' })
            .first()
        )?.n,
      ),
    ).toBe(1);
  });

  it('a retry of the same unpaid order gives back what it held before, so nothing is held twice', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const first = await c.json<Placed>(checkout(c, [card.code]), 201);
    // the quote counts her own attempt's hold as hers
    expect((await quote(c, [card.code])).giftCards).toEqual([
      { last4: card.last4, amount: 50, balanceAfter: 0 },
    ]);
    const again = await c.json<Placed>(checkout(c, [card.code], { amountDue: 20 }), 201);
    expect(again.orderId).toBe(first.orderId);
    expect(again.giftCards[0]!.amount).toBe(50);
    expect(await entriesOf(app, card.id)).toEqual([
      { kind: 'issued', amountCents: 5000 },
      { kind: 'held', amountCents: -5000 },
      { kind: 'released', amountCents: 5000 },
      { kind: 'held', amountCents: -5000 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(0);
    // a retry without the card gives it all back
    const without = await c.json<Placed>(checkout(c, undefined), 201);
    expect(without).toMatchObject({ orderId: first.orderId, amountDue: 70, giftCards: [] });
    expect(await balanceOf(app, card.id)).toBe(5000);
    expect((await orderRow(first.orderId)).tenders_cents).toBe(0);
  });

  it('the owner canceling the unpaid order releases its hold', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const { orderId } = await c.json<Placed>(checkout(c, [card.code]), 201);
    expect(await balanceOf(app, card.id)).toBe(0);
    await admin.json(admin.post(`/api/admin/orders/${orderId}/cancel`, {}));
    expect((await orderRow(orderId)).status).toBe('canceled');
    expect(await entriesOf(app, card.id, orderId)).toEqual([
      { kind: 'held', amountCents: -5000 },
      { kind: 'released', amountCents: 5000 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(5000);
  });

  it('the unpaid-order timeout releases its hold', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const { orderId } = await c.json<Placed>(checkout(c, [card.code]), 201);
    // with an intent for the rest, as a buyer who left the card form
    await c.json(c.post('/api/create-payment-intent', { orderId, amount: 20 }));
    await app.ctx
      .db('orders')
      .where({ id: orderId })
      .update({
        created_at: app.ctx.db.raw("now() - interval '25 hours'"),
      });
    await app.modules.orders.payments.sweep();
    await eventually(async () => (await orderRow(orderId)).status === 'canceled');
    await eventually(async () => (await balanceOf(app, card.id)) === 5000);
    expect(await entriesOf(app, card.id, orderId)).toEqual([
      { kind: 'held', amountCents: -5000 },
      { kind: 'released', amountCents: 5000 },
    ]);
  });
});

describe('cards refused, nothing held', () => {
  async function refused(
    codes: unknown,
    status: number,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    const c = app.client();
    await cartOfHeron(c);
    const [orders, entries] = [await orderCount(), await entryCount()];
    const res = await checkout(c, codes, extra);
    const body = (await res.json()) as { message: string };
    expect(res.status).toBe(status);
    expect(body.message).toMatch(message);
    expect(await orderCount()).toBe(orders);
    expect(await entryCount()).toBe(entries);
    return c;
  }

  it('a voided card', async () => {
    const card = await issueGiftCard(app, 5000);
    await app.ctx.db.transaction(async (trx) => {
      await app.modules.giftCards.ledger.lockCard(trx, card.id);
      await app.modules.giftCards.ledger.addEntry(trx, {
        giftCardId: card.id,
        kind: 'voided',
        amountCents: -5000,
        reason: 'lost',
      });
      await trx('gift_cards').where({ id: card.id }).update({ voided_at: trx.fn.now() });
    });
    const c = await refused([card.code], 400, 'This gift card has been voided.');
    // the quote says the same
    const q = await c.post('/api/checkout/quote', { giftCardCodes: [card.code] });
    expect(q.status).toBe(400);
  });

  it('an expired promotional card; one still running pays', async () => {
    const ended = await issueGiftCard(app, 2000, {
      kind: 'promotional',
      expiresAt: new Date(Date.now() - 60_000),
    });
    await refused([ended.code], 400, 'This gift card has expired.');
    const running = await issueGiftCard(app, 2000, {
      kind: 'promotional',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const c = app.client();
    await cartOfHeron(c);
    expect((await quote(c, [running.code])).amountDue).toBe(50);
  });

  it('an unknown code, and a card with nothing left', async () => {
    await refused(['ABCDEFGHJKMNPQRS'], 400, 'That code is not a gift card we know.');
    const empty = await issueGiftCard(app, 1000);
    const c = app.client();
    await cartOfHeron(c);
    await c.json(checkout(c, [empty.code]), 201); // holds all $10
    await refused([empty.code], 409, 'This gift card has no balance left.');
  });

  it('a card with less than the buyer was shown: she is told the balance left', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    expect((await quote(c, [card.code])).amountDue).toBe(20);
    // meanwhile $30 of it is spent elsewhere (an owner's adjustment stands in for another order)
    await app.ctx.db.transaction(async (trx) => {
      await app.modules.giftCards.ledger.lockCard(trx, card.id);
      await app.modules.giftCards.ledger.addEntry(trx, {
        giftCardId: card.id,
        kind: 'adjusted',
        amountCents: -3000,
        reason: 'spent elsewhere',
      });
    });
    await refused([card.code], 409, 'This gift card has $20.00 left.', { amountDue: 20 });
    // without saying what she was shown (the spec's client), the card pays what it has
    expect((await c.json<Placed>(checkout(c, [card.code]), 201)).amountDue).toBe(50);
  });

  it('bad input: 2,000 characters, a NUL, 6 codes', async () => {
    await refused(
      ['A'.repeat(2000)],
      400,
      'Invalid checkout details: Enter a gift card code: 16 letters and digits.',
    );
    await refused(['ABCDEFGHJKMNPQR\u0000'], 400, 'Invalid request');
    const six = Array.from({ length: 6 }, () => 'ABCDEFGHJKMNPQRS');
    await refused(six, 400, 'Invalid checkout details: At most 5 gift cards can be used on one order.');
    await refused(
      'ABCDEFGHJKMNPQRS',
      400,
      'Invalid checkout details: Enter a gift card code: 16 letters and digits.',
    );
    const q = await app.client().post('/api/checkout/quote', { giftCardCodes: ['A'.repeat(2000)] });
    expect(q.status).toBe(400);
  });

  it('a gift card never pays for a gift card line', async () => {
    const card = await issueGiftCard(app, 5000);
    const preview = app.modules.giftCards.tender.preview!;
    await expect(
      preview({ 'gift-cards': { codes: [card.code] } }, 5000, {
        linesCentsByKind: { gift_card: 5000 },
        ownOrderId: null,
      }),
    ).rejects.toThrow('A gift card cannot be paid with a gift card.');
    // beside a print, it pays the print only
    const parts = await preview({ 'gift-cards': { codes: [card.code] } }, 9000, {
      linesCentsByKind: { gift_card: 5000, print: 4000 },
      ownOrderId: null,
    });
    expect(parts.map((p) => p.amountCents)).toEqual([4000]);
  });
});

describe('a refund of an order paid partly by gift card', () => {
  type Detail = {
    order: {
      status: string;
      refundTo: {
        card: { paid: number; left: number };
        tenders: { label: string; paid: number; left: number }[];
      };
    };
  };
  const refund = (orderId: number, amount: number, key: string) =>
    admin.post(`/api/admin/orders/${orderId}/refunds`, {
      amount,
      reason: 'requested_by_customer',
      idempotencyKey: `${key}-${orderId}-refund-key`,
    });
  const refundRows = (orderId: number) =>
    app.ctx
      .db('order_refunds')
      .where({ order_id: orderId })
      .orderBy('id')
      .select('id', 'amount_cents', 'tenders_cents', 'status');

  it('returns the gift card part to the card and the rest to the payment card; the owner sees the split first', async () => {
    const card = await issueGiftCard(app, 5000);
    const c = app.client();
    await cartOfHeron(c);
    const { orderId } = await c.json<Placed>(checkout(c, [card.code]), 201);
    await payByCard(c, orderId, 20);
    await eventually(async () => (await entriesOf(app, card.id, orderId)).length === 3);

    const before = await admin.json<Detail>(admin.get(`/api/admin/orders/${orderId}`));
    expect(before.order.refundTo).toEqual({
      card: { paid: 20, left: 20 },
      tenders: [{ label: `gift card ••••${card.last4}`, paid: 50, left: 50 }],
    });

    // $35 of $70: the card paid 2/7, so $10 to it and $25 to the gift card
    const first = await admin.json<{ id: number; amount: number }>(refund(orderId, 35, 'half'), 201);
    expect(first.amount).toBe(35);
    expect(await refundRows(orderId)).toEqual([
      { id: first.id, amount_cents: 3500, tenders_cents: 2500, status: 'succeeded' },
    ]);
    expect(await entriesOf(app, card.id, orderId)).toEqual([
      { kind: 'held', amountCents: -5000 },
      { kind: 'released', amountCents: 5000 },
      { kind: 'spent', amountCents: -5000 },
      { kind: 'refunded', amountCents: 2500 },
    ]);
    expect((await app.modules.giftCards.ledger.entries(card.id)).at(-1)?.refundId).toBe(first.id);
    expect(await balanceOf(app, card.id)).toBe(2500);
    expect(await orderRow(orderId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 3500 });
    const after = await admin.json<Detail>(admin.get(`/api/admin/orders/${orderId}`));
    expect(after.order.refundTo).toEqual({
      card: { paid: 20, left: 10 },
      tenders: [{ label: `gift card ••••${card.last4}`, paid: 50, left: 25 }],
    });

    // more than is left: refused, nothing stored
    const over = await refund(orderId, 35.01, 'over');
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toBe(
      'The refund is more than what is left to refund ($35.00).',
    );
    expect(await refundRows(orderId)).toHaveLength(1);

    // the rest: the order refunded in full, the card whole again
    await admin.json(refund(orderId, 35, 'rest'), 201);
    expect(await refundRows(orderId)).toMatchObject([
      { tenders_cents: 2500 },
      { amount_cents: 3500, tenders_cents: 2500 },
    ]);
    expect(await balanceOf(app, card.id)).toBe(5000);
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 7000 });
  });

  it('an order the cards paid in full is refunded to the cards, with no card payment to return', async () => {
    const card = await issueGiftCard(app, 10000);
    const c = app.client();
    await cartOfHeron(c);
    const { orderId } = await c.json<Placed>(checkout(c, [card.code]), 201);
    expect((await orderRow(orderId)).status).toBe('paid');
    await admin.json(refund(orderId, 70, 'covered'), 201);
    expect(await refundRows(orderId)).toMatchObject([
      { amount_cents: 7000, tenders_cents: 7000, status: 'succeeded' },
    ]);
    expect(await balanceOf(app, card.id)).toBe(10000);
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 7000 });
    // order.refunded's reactions as for any refund: the buyer's refund e-mail
    const mail = await eventually(async () => mailsFor(orderId).find((m) => /refund/i.test(m.subject)));
    expect(mailTextPart(mail.raw)).toContain(
      "we have refunded $70.00 to your gift card: it is on the card's balance now.",
    );
  });
});
