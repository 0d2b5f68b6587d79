import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 25, promotion codes: the owner's codes, a buyer's code at checkout, uses held atomically
// and given back when an unpaid order is canceled, refunds never above what was paid.

let app: TestApp;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
let owl: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', format: 'Lustre Paper', priceCents: 9500, shippingCents: 1000 }],
  });
  owl = await insertPhoto(app.ctx.db, {
    title: 'Snowy Owl',
    options: [{ size: '12x16 inch', format: 'Canvas', priceCents: 12000, shippingCents: 1500 }],
  });
});
afterAll(() => app?.close());

const heronLine = (quantity = 1) => ({
  photoId: heron.photoId,
  printOptionId: heron.optionIds[0]!,
  quantity,
});
const owlLine = () => ({ photoId: owl.photoId, printOptionId: owl.optionIds[0]!, quantity: 1 });
// Maryland: no tax is collected there (DC is preset), so these totals are the discount alone
const address = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };
let n = 0;
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`;
const uniqueCode = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`.toUpperCase().slice(0, 40);

async function createCode(body: Record<string, unknown>) {
  return admin.json<{ id: number; code: string }>(admin.post('/api/admin/promotions', body), 201);
}
async function buyerWithCart(items = [heronLine()]) {
  const c = app.client();
  await fillCart(c, items);
  return c;
}
const checkout = (c: HttpClient, body: Record<string, unknown>) =>
  c.post('/api/checkout', { ...customer, address, ...body });
const countCodes = async () => Number((await app.ctx.db('promotion_codes').count({ n: '*' }).first())!.n);

describe('the owner manages codes', () => {
  it('creates, lists with uses, edits, pauses, resumes and deletes a code', async () => {
    const code = uniqueCode('spring');
    const created = await createCode({
      code: code.toLowerCase(),
      kind: 'percent',
      percentOff: 20,
      maxUses: 5,
    });
    expect(created).toMatchObject({
      code,
      kind: 'percent',
      percentOff: 20,
      summary: '20% off',
      uses: 0,
      state: 'active',
    });
    const { promotions } = await admin.json<{ promotions: { code: string; maxUses: number }[] }>(
      admin.get('/api/admin/promotions'),
    );
    expect(promotions.find((p) => p.code === code)).toMatchObject({ maxUses: 5 });

    const edited = await admin.json(
      admin.put(`/api/admin/promotions/${created.id}`, {
        code,
        kind: 'amount',
        amountOff: 5,
        minSubtotal: 50,
        formats: ['Canvas'],
      }),
    );
    expect(edited).toMatchObject({
      kind: 'amount',
      amountOff: 5,
      percentOff: null,
      summary: '$5.00 off (Canvas), orders of $50.00 or more',
    });
    expect(
      await admin.json(admin.patch(`/api/admin/promotions/${created.id}`, { paused: true })),
    ).toMatchObject({
      paused: true,
      state: 'paused',
    });
    expect(
      await admin.json(admin.patch(`/api/admin/promotions/${created.id}`, { paused: false })),
    ).toMatchObject({
      state: 'active',
    });
    await admin.json(admin.delete(`/api/admin/promotions/${created.id}`));
    expect(await app.ctx.db('promotion_codes').where({ id: created.id }).first()).toBeUndefined();
  });

  it('refuses bad codes with a message and stores nothing', async () => {
    const before = await countCodes();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { code: 'BAD\u0000CODE', kind: 'percent', percentOff: 10 },
        'code',
        'Text must not contain NUL characters.',
      ],
      [
        { code: 'X'.repeat(1000), kind: 'percent', percentOff: 10 },
        'code',
        'The code must be 3 to 40 letters',
      ],
      [{ code: '<b>SALE</b>', kind: 'percent', percentOff: 10 }, 'code', 'The code must be 3 to 40 letters'],
      [
        { code: 'NEGATIVE', kind: 'percent', percentOff: -5 },
        'percentOff',
        'Percent off must be a whole number from 1 to 100.',
      ],
      [
        { code: 'TOOMUCH', kind: 'percent', percentOff: 101 },
        'percentOff',
        'Percent off must be a whole number from 1 to 100.',
      ],
      [{ code: 'MINUS', kind: 'amount', amountOff: -1 }, 'amountOff', 'Amount off must be at least $0.01.'],
      [
        { code: 'NOPERCENT', kind: 'percent' },
        'percentOff',
        'Percent off must be a whole number from 1 to 100.',
      ],
      [
        {
          code: 'BACKWARDS',
          kind: 'free_shipping',
          startsAt: '2026-12-01T00:00:00Z',
          expiresAt: '2026-11-01T00:00:00Z',
        },
        'expiresAt',
        'The expiry must be after the start.',
      ],
      [{ code: 'FORMATS', kind: 'free_shipping', formats: ['<script>'] }, 'formats.0', 'Each print format'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/admin/promotions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await res.json()) as { message: string; errors?: Record<string, string> };
      expect(answer.message).toContain(message.slice(0, 30));
      if (field !== 'code' || !body.code?.toString().includes('\u0000'))
        expect(answer.errors?.[field] ?? answer.message).toContain(message.slice(0, 30));
    }
    const code = uniqueCode('dup');
    await createCode({ code, kind: 'free_shipping' });
    const dup = await admin.post('/api/admin/promotions', {
      code: code.toLowerCase(),
      kind: 'percent',
      percentOff: 5,
    });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({
      errors: { code: 'A promotion code with this name already exists.' },
    });
    expect(await countCodes()).toBe(before + 1);
  });
});

describe('a buyer applies a code', () => {
  it('quotes the discount, then the order keeps it (percent off, rounded to the cent)', async () => {
    const code = uniqueCode('pct');
    await createCode({ code, kind: 'percent', percentOff: 15 });
    const c = await buyerWithCart([heronLine(), owlLine()]);
    // 15 % of $215.00 = $32.25; shipping $25.00
    const quote = await c.json(c.post('/api/checkout/quote', { promotionCode: code.toLowerCase(), address }));
    expect(quote).toEqual({
      subtotal: 215,
      discount: 32.25,
      shipping: 25,
      tax: 0,
      total: 207.75,
      promotion: { code, summary: '15% off' },
      taxLine: null,
      taxCollected: false,
      giftCards: [],
      amountDue: 207.75,
    });
    const placed = await c.json<{ orderId: number }>(
      checkout(c, { promotionCode: code, totalAmount: 207.75 }),
      201,
    );
    expect(placed).toMatchObject({ discount: 32.25, total: 207.75, promotion: { code, summary: '15% off' } });
    expect(await app.ctx.db('orders').where({ id: placed.orderId }).first()).toMatchObject({
      promotion_code: code,
      promotion_summary: '15% off',
      subtotal_cents: 21500,
      discount_cents: 3225,
      shipping_cents: 2500,
      total_cents: 20775,
    });
    const detail = await admin.json<{ order: { money: Record<string, number>; promotion: unknown } }>(
      admin.get(`/api/admin/orders/${placed.orderId}`),
    );
    expect(detail.order.money).toMatchObject({ subtotal: 215, discount: 32.25, shipping: 25, total: 207.75 });
    expect(detail.order.promotion).toEqual({ code, summary: '15% off' });
  });

  it('free shipping takes off the shipping of the prints it covers', async () => {
    const code = uniqueCode('ship');
    await createCode({ code, kind: 'free_shipping', photoIds: [owl.photoId] });
    const c = await buyerWithCart([heronLine(), owlLine()]);
    expect(await c.json(c.post('/api/checkout/quote', { promotionCode: code }))).toMatchObject({
      subtotal: 215,
      discount: 15,
      shipping: 25,
      total: 225,
      promotion: { code, summary: 'Free shipping (1 selected photo)' },
    });
  });

  it('refuses an unknown, paused, expired, future, under-minimum or wrong-photo code, changing nothing', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const paused = uniqueCode('paused');
    const expired = uniqueCode('expired');
    const later = uniqueCode('later');
    const minimum = uniqueCode('min');
    const owlOnly = uniqueCode('owl');
    await createCode({ code: paused, kind: 'percent', percentOff: 10, paused: true });
    await createCode({ code: expired, kind: 'percent', percentOff: 10, startsAt: earlier, expiresAt: past });
    await createCode({ code: later, kind: 'percent', percentOff: 10, startsAt: future });
    await createCode({ code: minimum, kind: 'amount', amountOff: 10, minSubtotal: 200 });
    await createCode({ code: owlOnly, kind: 'percent', percentOff: 10, photoIds: [owl.photoId] });
    const c = await buyerWithCart([heronLine()]);
    const refused: [string, string][] = [
      ['NOSUCHCODE', 'This promotion code is not valid.'],
      [paused, 'This promotion code is not active right now.'],
      [expired, 'This promotion code has expired.'],
      [later, 'This promotion code is not active yet.'],
      [minimum, 'This promotion code needs a subtotal of at least $200.00.'],
      [owlOnly, 'This promotion code does not apply to the prints in your cart.'],
    ];
    const orders = Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n);
    for (const [code, message] of refused) {
      const quote = await c.post('/api/checkout/quote', { promotionCode: code });
      expect(quote.status, code).toBe(400);
      expect(await quote.json()).toEqual({ message, errors: { promotionCode: message } });
      const placed = await checkout(c, { promotionCode: code, totalAmount: 105 });
      expect(placed.status, code).toBe(400);
      expect(((await placed.json()) as { message: string }).message).toContain(message);
    }
    for (const bad of ['<b>', 'A'.repeat(1000), 'X\u0000Y']) {
      const res = await c.post('/api/checkout/quote', { promotionCode: bad });
      expect(res.status).toBe(400);
    }
    expect(Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n)).toBe(orders);
  });

  it('counts uses per buyer e-mail', async () => {
    const code = uniqueCode('once');
    await createCode({ code, kind: 'amount', amountOff: 5, maxUsesPerEmail: 1 });
    const first = await buyerWithCart();
    await first.json(
      checkout(first, { promotionCode: code, customerEmail: 'once@example.com', totalAmount: 100 }),
      201,
    );
    const again = await buyerWithCart();
    const refused = await checkout(again, {
      promotionCode: code,
      customerEmail: 'ONCE@example.com',
      totalAmount: 100,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: { promotionCode: 'This promotion code has already been used with this e-mail address.' },
    });
    // another buyer may
    await again.json(
      checkout(again, { promotionCode: code, customerEmail: 'other@example.com', totalAmount: 100 }),
      201,
    );
  });

  it('a retry without the code gives its use back', async () => {
    const code = uniqueCode('retry');
    const { id } = await createCode({ code, kind: 'amount', amountOff: 5, maxUses: 1 });
    const c = await buyerWithCart();
    const { orderId } = await c.json<{ orderId: number }>(
      checkout(c, { promotionCode: code, totalAmount: 100 }),
      201,
    );
    const retried = await c.json<{ orderId: number }>(checkout(c, { totalAmount: 105 }), 201);
    expect(retried.orderId).toBe(orderId);
    expect(await app.ctx.db('orders').where({ id: orderId }).first()).toMatchObject({
      promotion_code: null,
      discount_cents: 0,
      total_cents: 10500,
    });
    const other = await buyerWithCart();
    await other.json(
      checkout(other, { promotionCode: code, customerEmail: 'b@example.com', totalAmount: 100 }),
      201,
    );
    const view = (
      await admin.json<{ promotions: { id: number; pendingUses: number; state: string }[] }>(
        admin.get('/api/admin/promotions'),
      )
    ).promotions.find((p) => p.id === id);
    expect(view).toMatchObject({ pendingUses: 1, state: 'used up' });
  });
});

describe('redemption is atomic', () => {
  it('20 concurrent checkouts on a code with 5 uses: exactly 5 orders get it', async () => {
    const code = uniqueCode('rush');
    const { id } = await createCode({ code, kind: 'percent', percentOff: 10, maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWithCart()));
    const results = await Promise.all(
      buyers.map((c, i) =>
        checkout(c, { promotionCode: code, customerEmail: `rush${i}@example.com`, totalAmount: 95.5 }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 400))
      expect(await r.json()).toMatchObject({
        errors: { promotionCode: 'This promotion code has been used up.' },
      });
    expect(
      await app.ctx.db('orders').where({ promotion_code: code }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 5 });
    const held = await app.ctx.db('promotion_redemptions').where({ promotion_code_id: id, status: 'held' });
    expect(held).toHaveLength(5);
  });

  it('an unpaid order canceled by the sweep releases its use; a paid one keeps it', async () => {
    const code = uniqueCode('last');
    const { id } = await createCode({ code, kind: 'amount', amountOff: 5, maxUses: 2 });
    const paidBuyer = await buyerWithCart();
    const paid = await paidBuyer.json<{ orderId: number }>(
      checkout(paidBuyer, { promotionCode: code, totalAmount: 100 }),
      201,
    );
    const { clientSecret } = await paidBuyer.json<{ clientSecret: string }>(
      paidBuyer.post('/api/create-payment-intent', { orderId: paid.orderId, amount: 100 }),
    );
    await paidBuyer.json(paidBuyer.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    const unpaidBuyer = await buyerWithCart();
    const unpaid = await unpaidBuyer.json<{ orderId: number }>(
      checkout(unpaidBuyer, { promotionCode: code, customerEmail: 'u@example.com', totalAmount: 100 }),
      201,
    );
    const third = await buyerWithCart();
    expect(
      (await checkout(third, { promotionCode: code, customerEmail: 't@example.com', totalAmount: 100 }))
        .status,
    ).toBe(400);

    // the unpaid attempt grows old and the sweep cancels it
    await app.ctx
      .db('orders')
      .where({ id: unpaid.orderId })
      .update({ created_at: app.ctx.db.raw("now() - interval '3 days'") });
    await app.modules.orders.payments.sweep();
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: unpaid.orderId }).first()).status === 'canceled',
    );
    const uses = await app.ctx
      .db('promotion_redemptions')
      .where({ promotion_code_id: id })
      .orderBy('order_id');
    expect(uses.map((u) => [u.order_id, u.status])).toEqual([
      [paid.orderId, 'redeemed'],
      [unpaid.orderId, 'released'],
    ]);
    await third.json(
      checkout(third, { promotionCode: code, customerEmail: 't@example.com', totalAmount: 100 }),
      201,
    );
    // a used code is kept for the orders naming it
    const del = await admin.delete(`/api/admin/promotions/${id}`);
    expect(del.status).toBe(409);
    expect(await del.json()).toMatchObject({
      message: 'This code has been used, so it can not be deleted. Pause it instead.',
    });
  });
});

describe('refunds respect the discount', () => {
  it('refunds at most what was paid', async () => {
    const code = uniqueCode('half');
    await createCode({ code, kind: 'percent', percentOff: 50 });
    const c = await buyerWithCart();
    // $95.00 - 50 % + $10.00 shipping = $57.50
    const { orderId } = await c.json<{ orderId: number }>(
      checkout(c, { promotionCode: code, totalAmount: 57.5 }),
      201,
    );
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: 57.5 }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    // paid once the worker has reconciled the payment (a busy machine takes a moment)
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: orderId }).first()).status === 'paid',
    );
    const tooMuch = await admin.post(`/api/admin/orders/${orderId}/refunds`, {
      amount: 57.51,
      reason: 'requested_by_customer',
    });
    expect(tooMuch.status).toBe(400);
    await admin.json(
      admin.post(`/api/admin/orders/${orderId}/refunds`, {
        amount: 57.5,
        reason: 'other',
        idempotencyKey: key(),
      }),
      201,
    );
    expect(await app.ctx.db('orders').where({ id: orderId }).first()).toMatchObject({
      refunded_cents: 5750,
      status: 'refunded',
    });
  });
});
