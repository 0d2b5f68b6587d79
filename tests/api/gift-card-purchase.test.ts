import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import type { Cart } from '../../src/contract';

// Issue 47, buying a gift card: a line of the cart beside prints and licences (its amount, picture,
// recipient and send time checked), an order of cards only asks no address, no licensee and no
// tax place, is never taxed nor discounted by a code, and when paid each card is issued once with
// its `issued` entry; a lab and an edition see only the prints of a mixed order.

const ZONE = 'America/New_York';
let app: TestApp;
let sink: SmtpSink;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
let owl: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({
    SMTP_URL: sink.url,
    SHOP_TIME_ZONE: ZONE,
    OWNER_EMAIL: 'owner@wildframe.example',
  });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
  });
  owl = await insertPhoto(app.ctx.db, { title: 'Owl at Dusk' });
  // she offers the heron for cards, not the owl
  await app.ctx.db('gift_card_photos').insert({ photo_id: heron.photoId, position: 0 });
  // DC collects 6.5 %, on shipping too
  await admin.json(
    admin.put('/api/admin/tax', {
      provider: 'manual',
      states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }],
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

/** A local "YYYY-MM-DDTHH:mm" in the shop's zone, `days` from now. */
const localIn = (days: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(Date.now() + days * 86_400_000))
    .replace(' ', 'T');

const card = (over: Record<string, unknown> = {}) => ({
  amount: 50,
  photoId: heron.photoId,
  recipientName: 'Ann Lee',
  recipientEmail: 'ann@example.com',
  senderName: 'Rachel',
  message: 'Happy birthday!\nLove, R.',
  sendAt: null,
  ...over,
});
const addCard = (c: HttpClient, over: Record<string, unknown> = {}) =>
  c.post('/api/cart/gift-cards', card(over));
const cartLines = async () => Number((await app.ctx.db('cart_items').count({ n: '*' }).first())!.n);
const buyer = { customerName: 'Rachel Carson', customerEmail: 'rachel@example.com' };

async function pay(c: HttpClient, orderId: number, amount: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
}

describe('a gift card in the cart', () => {
  it('adds a card as its own line, sums it without shipping, refuses its quantity, removes it', async () => {
    const c = app.client();
    const sendAt = localIn(10);
    const first = await c.json<Cart>(addCard(c, { sendAt }), 201);
    expect(first).toMatchObject({ count: 1, subtotal: 50, shipping: 0, total: 50, items: [], licences: [] });
    expect(first.giftCards).toHaveLength(1);
    expect(first.giftCards[0]).toMatchObject({
      amount: 50,
      photo: { id: heron.photoId, title: 'Heron at Dawn' },
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      senderName: 'Rachel',
      message: 'Happy birthday!\nLove, R.',
    });
    // the local time read in the shop's zone: shown back in that zone as picked
    const shown = new Intl.DateTimeFormat('sv-SE', {
      timeZone: ZONE,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(first.giftCards[0]!.sendAt!));
    expect(shown.replace(' ', 'T')).toBe(sendAt);

    // a custom amount, and a print beside the cards
    await c.json(addCard(c, { amount: 12.5, recipientName: 'Bo' }), 201);
    const mixed = await c.json<Cart>(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    expect(mixed).toMatchObject({ count: 3, subtotal: 50 + 12.5 + 95, shipping: 10, total: 167.5 });
    expect(mixed.giftCards.map((g) => g.amount)).toEqual([50, 12.5]);

    const lineId = first.giftCards[0]!.id;
    const refused = await c.json<{ message: string }>(c.put(`/api/cart/${lineId}`, { quantity: 2 }), 400);
    expect(refused.message).toBe('A gift card is bought once.');
    expect((await app.ctx.db('cart_items').where({ id: lineId }).first()).quantity).toBe(1);
    const removed = await c.json<Cart>(c.delete(`/api/cart/${lineId}`));
    expect(removed).toMatchObject({ count: 2, subtotal: 12.5 + 95 });
    expect(removed.giftCards.map((g) => g.recipientName)).toEqual(['Bo']);
  });

  it('refuses bad input with a message (400) and adds nothing', async () => {
    const c = app.client();
    const before = await cartLines();
    const bad: [string, Record<string, unknown>, string][] = [
      ['amount 0', { amount: 0 }, 'Choose an amount from $10 to $500.'],
      ['amount -5', { amount: -5 }, 'Choose an amount from $10 to $500.'],
      ['amount 1e9', { amount: 1e9 }, 'Choose an amount from $10 to $500.'],
      ['amount 10.001', { amount: 10.001 }, 'The amount must be in whole cents.'],
      ['amount text', { amount: 'text' }, 'Choose an amount from $10 to $500.'],
      [
        'e-mail with a newline',
        { recipientEmail: 'ann@example.com\nBcc: x@example.com' },
        "Enter the recipient's e-mail address.",
      ],
      [
        'send date in the past',
        { sendAt: localIn(-1) },
        'Choose a date and time to send it, from now to a year ahead.',
      ],
      [
        'send date in 2 years',
        { sendAt: localIn(730) },
        'Choose a date and time to send it, from now to a year ahead.',
      ],
      [
        'no such date',
        { sendAt: '2026-02-30T08:00' },
        'Choose a date and time to send it, from now to a year ahead.',
      ],
      ['a photo not offered', { photoId: owl.photoId }, 'Choose a picture for the card.'],
      ['no such photo', { photoId: 999_999 }, 'Choose a picture for the card.'],
    ];
    for (const [name, over, message] of bad) {
      const res = await addCard(c, over);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message, name).toContain(message);
    }
    expect(await cartLines()).toBe(before);
    expect((await c.json<Cart>(c.get('/api/cart'))).count).toBe(0);
  });

  it('takes any public photo while she offers none, never one that is not public', async () => {
    await app.ctx.db('gift_card_photos').delete();
    try {
      const c = app.client();
      await c.json(addCard(c, { photoId: owl.photoId }), 201);
      await app.ctx.db('photos').where({ id: owl.photoId }).update({ archived_at: new Date() });
      expect((await addCard(c, { photoId: owl.photoId })).status).toBe(400);
      // the line already in the cart goes with it
      expect((await c.json<Cart>(c.get('/api/cart'))).giftCards).toEqual([]);
    } finally {
      await app.ctx.db('photos').where({ id: owl.photoId }).update({ archived_at: null });
      await app.ctx.db('gift_card_photos').insert({ photo_id: heron.photoId, position: 0 });
    }
  });
});

describe('an order of gift cards', () => {
  it('asks no address, licensee or tax place; is not taxed nor discounted; issues each card once when paid', async () => {
    const code = `GIFT${Date.now().toString(36)}`.toUpperCase();
    await admin.json(admin.post('/api/admin/promotions', { code, kind: 'percent', percentOff: 20 }), 201);
    const c = app.client();
    await c.json(addCard(c), 201);
    // a code covers no gift card: refused for a cart of cards only
    const quote = await c.post('/api/checkout/quote', {
      promotionCode: code,
      address: { state: 'DC', zip: '20024' },
    });
    expect(quote.status).toBe(400);
    const noCode = await c.json<{ tax: number; total: number }>(
      c.post('/api/checkout/quote', { address: { state: 'DC', zip: '20024' } }),
    );
    expect(noCode).toMatchObject({ tax: 0, total: 50 });

    const placed = await c.json<{
      orderId: number;
      total: number;
      tax: number;
      discount: number;
      shipping: number;
    }>(c.post('/api/checkout', { ...buyer, totalAmount: 50 }), 201);
    expect(placed).toMatchObject({ total: 50, tax: 0, discount: 0, shipping: 0 });
    const order = await app.ctx.db('orders').where({ id: placed.orderId }).first();
    expect(order).toMatchObject({
      shipping_address: '',
      address_state: null,
      licensee_name: null,
      tax_cents: 0,
      total_cents: 5000,
    });
    const [line] = await app.ctx.db('order_line_items').where({ order_id: placed.orderId });
    expect(line).toMatchObject({
      kind: 'gift_card',
      price_cents: 5000,
      taxable: false,
      size: '$50',
      format: 'Gift card',
    });
    expect(line.gift_card).toMatchObject({
      amountCents: 5000,
      recipientEmail: 'ann@example.com',
      sendAt: null,
    });
    expect(await app.ctx.db('gift_cards').where({ order_line_id: line.id })).toHaveLength(0);

    await pay(c, placed.orderId, 50);
    const issued = await eventually(async () => {
      const rows = await app.ctx.db('gift_cards').where({ order_line_id: line.id });
      return rows.length ? rows : null;
    });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      kind: 'purchased',
      initial_cents: 5000,
      photo_id: heron.photoId,
      recipient_name: 'Ann Lee',
      recipient_email: 'ann@example.com',
      sender_name: 'Rachel',
      message: 'Happy birthday!\nLove, R.',
      expires_at: null,
    });
    expect(issued[0].last4).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    expect(issued[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    const entries = await app.ctx.db('gift_card_entries').where({ gift_card_id: issued[0].id });
    expect(entries).toMatchObject([{ kind: 'issued', amount_cents: 5000 }]);
    // the buyer's order page shows the card's facts
    const page = await c.json<{ items: { kind: string; giftCard: Record<string, unknown> | null }[] }>(
      c.get(`/api/orders/by-token/${order.status_token}`),
    );
    expect(page.items[0]!.giftCard).toMatchObject({
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      last4: issued[0].last4,
    });
    // the paid e-mail names the card's recipient and when it is sent
    const receipt = await eventually(async () =>
      sink.mails.find(
        (m) => m.to.includes('rachel@example.com') && /Ann Lee \(ann@example\.com\), sent/.test(m.body),
      ),
    );
    expect(receipt).toBeTruthy();
    // paid again (the event delivered twice, a replay): still one card, one entry
    await app.modules.events.relayPending();
    expect(await app.ctx.db('gift_cards').where({ order_line_id: line.id })).toHaveLength(1);
    expect(await app.ctx.db('gift_card_entries').where({ gift_card_id: issued[0].id })).toHaveLength(1);
  });

  it('discounts the print of a mixed order but not its card, and sends only the print to a lab', async () => {
    const code = `MIX${Date.now().toString(36)}`.toUpperCase();
    await admin.json(admin.post('/api/admin/promotions', { code, kind: 'percent', percentOff: 20 }), 201);
    const c = app.client();
    await c.json(addCard(c, { amount: 100 }), 201);
    await c.json(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    const address = { line1: '1100 4th Street SW', city: 'Washington', state: 'DC', zip: '20024' };
    // no address: a print ships
    const noAddress = await c.post('/api/checkout', { ...buyer, totalAmount: 205 });
    expect(noAddress.status).toBe(400);
    // 20 % of the $95 print = $19; tax 6.5 % of ($76 + $10 shipping) = $5.59; the $100 card untouched
    const placed = await c.json<{ orderId: number; total: number; tax: number; discount: number }>(
      c.post('/api/checkout', { ...buyer, address, promotionCode: code, totalAmount: 100 + 76 + 10 + 5.59 }),
      201,
    );
    expect(placed).toMatchObject({ discount: 19, tax: 5.59, total: 191.59 });
    await pay(c, placed.orderId, 191.59);
    await eventually(async () => (await app.ctx.db('orders').where({ id: placed.orderId }).first()).paid_at);
    const forLab = await app.modules.orders.service.forLab(placed.orderId);
    expect(forLab!.lines.map((l) => l.format)).toEqual(['Lustre Paper']);
    const lines = await app.modules.orders.linesOf(placed.orderId);
    expect(lines!.lines).toHaveLength(1);
    expect(lines!.giftCardLines).toMatchObject([
      { priceCents: 10000, giftCard: { recipientName: 'Ann Lee' } },
    ]);
    const cardLine = lines!.giftCardLines[0]!;
    await eventually(
      async () => (await app.ctx.db('gift_cards').where({ order_line_id: cardLine.id }).first()) ?? null,
    );
  });
});
