import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 34, item 2: a code held by the buyer's own attempt is hers. She applies a code (one use
// per e-mail, or the code's last use), continues to payment (the order holds the use), does not
// pay, comes back in the same session and applies it again: the quote and the checkout both
// accept it, the held use is counted once, and another buyer is still refused.

const USED_BY_EMAIL = 'This promotion code has already been used with this e-mail address.';
const USED_UP = 'This promotion code has been used up.';
// Maryland: no tax, so the totals are the discount alone ($95.00 print, $10.00 shipping, $5.00 off)
const address = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };

let app: TestApp;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp({ UNPAID_ORDER_TTL_HOURS: '24' });
  admin = await app.admin();
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db);
});
afterAll(() => app?.close());

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`.toUpperCase();
async function createCode(body: Record<string, unknown>) {
  return admin.json<{ id: number; code: string }>(admin.post('/api/admin/promotions', body), 201);
}
async function buyerWithCart() {
  const c = app.client();
  await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
  return c;
}
const quote = (c: HttpClient, code: string, email: string) =>
  c.post('/api/checkout/quote', { promotionCode: code, customerEmail: email, address: { state: 'MD' } });
const checkout = (c: HttpClient, code: string, email: string, totalAmount = 100) =>
  c.post('/api/checkout', { ...customer, customerEmail: email, address, promotionCode: code, totalAmount });
/** The code's uses as stored: [order, status], by order. */
const uses = async (codeId: number) =>
  (await app.ctx.db('promotion_redemptions').where({ promotion_code_id: codeId }).orderBy('order_id')).map(
    (u: { order_id: number; status: string }) => [u.order_id, u.status],
  );

async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ errors: { promotionCode: message } });
}
async function expectAccepted(res: Response, code: string) {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  expect(await res.json()).toMatchObject({ discount: 5, total: 100, promotion: { code } });
}

describe("a use held by the session's own unpaid order is hers", () => {
  it('one use per e-mail: the quote and the checkout accept it again; another session is refused', async () => {
    const { id, code } = await createCode({
      code: uniqueCode('once'),
      kind: 'amount',
      amountOff: 5,
      maxUsesPerEmail: 1,
    });
    const email = `once${n}@example.com`;
    const her = await buyerWithCart();
    await expectAccepted(await quote(her, code, email), code);
    const first = await her.json<{ orderId: number }>(checkout(her, code, email), 201);
    expect(await uses(id)).toEqual([[first.orderId, 'held']]);

    // she comes back (the page reloaded, or later in the same session): hers, in both answers
    await expectAccepted(await quote(her, code, email), code);
    await expectAccepted(await quote(her, code.toLowerCase(), email.toUpperCase()), code);
    const again = await her.json<{ orderId: number; total: number }>(checkout(her, code, email), 201);
    expect(again).toMatchObject({ orderId: first.orderId, discount: 5, total: 100 });
    expect(await uses(id)).toEqual([[first.orderId, 'held']]);
    // the payment is for the price with the code
    const { clientSecret } = await her.json<{ clientSecret: string }>(
      her.post('/api/create-payment-intent', { orderId: again.orderId, amount: 100 }),
    );
    expect(clientSecret).toBeTruthy();

    // the same e-mail from another session (another buyer): refused by the quote and the checkout
    const other = await buyerWithCart();
    await expectRefused(await quote(other, code, email), USED_BY_EMAIL);
    await expectRefused(await checkout(other, code, email), USED_BY_EMAIL);
    expect(await uses(id)).toEqual([[first.orderId, 'held']]);

    // once paid the use is final: her next attempt is refused too
    await her.json(her.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: first.orderId }).first()).status === 'paid',
    );
    await fillCart(her, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
    await expectRefused(await quote(her, code, email), USED_BY_EMAIL);
    await expectRefused(await checkout(her, code, email), USED_BY_EMAIL);
    expect(await uses(id)).toEqual([[first.orderId, 'redeemed']]);
  });

  it("the code's last use: hers in the quote and the checkout, used up for everyone else", async () => {
    const { id, code } = await createCode({
      code: uniqueCode('last'),
      kind: 'amount',
      amountOff: 5,
      maxUses: 1,
    });
    const her = await buyerWithCart();
    const first = await her.json<{ orderId: number }>(checkout(her, code, 'last@example.com'), 201);

    await expectAccepted(await quote(her, code, 'last@example.com'), code);
    // without an e-mail yet (the details not typed again after a reload), still hers
    const res = await her.post('/api/checkout/quote', { promotionCode: code });
    await expectAccepted(res, code);
    const again = await her.json<{ orderId: number }>(checkout(her, code, 'last@example.com'), 201);
    expect(again.orderId).toBe(first.orderId);

    const other = await buyerWithCart();
    await expectRefused(await quote(other, code, 'someone@example.com'), USED_UP);
    await expectRefused(await checkout(other, code, 'someone@example.com'), USED_UP);
    expect(await uses(id)).toEqual([[first.orderId, 'held']]);
    const view = (
      await admin.json<{ promotions: { id: number; pendingUses: number; uses: number }[] }>(
        admin.get('/api/admin/promotions'),
      )
    ).promotions.find((p) => p.id === id);
    expect(view).toMatchObject({ pendingUses: 1, uses: 0 });
  });

  it('a new attempt of the same session takes the use over: the earlier unpaid order keeps no second hold', async () => {
    const { id, code } = await createCode({
      code: uniqueCode('move'),
      kind: 'amount',
      amountOff: 5,
      maxUses: 1,
    });
    const her = await buyerWithCart();
    const first = await her.json<{ orderId: number }>(checkout(her, code, 'move@example.com'), 201);
    // the first attempt is too old to be reused (the sweep has not canceled it yet): a new order
    await app.ctx
      .db('orders')
      .where({ id: first.orderId })
      .update({ created_at: app.ctx.db.raw("now() - interval '30 hours'") });

    await expectAccepted(await quote(her, code, 'move@example.com'), code);
    const second = await her.json<{ orderId: number }>(checkout(her, code, 'move@example.com'), 201);
    expect(second.orderId).not.toBe(first.orderId);
    expect(await uses(id)).toEqual([
      [first.orderId, 'released'],
      [second.orderId, 'held'],
    ]);
    // still one use, so still used up for another buyer
    const other = await buyerWithCart();
    await expectRefused(await quote(other, code, 'other@example.com'), USED_UP);

    // the sweep cancels the old attempt: the use stays with the new order
    await app.modules.orders.payments.sweep();
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: first.orderId }).first()).status === 'canceled',
    );
    expect(await uses(id)).toEqual([
      [first.orderId, 'released'],
      [second.orderId, 'held'],
    ]);
    await expectRefused(await quote(other, code, 'other@example.com'), USED_UP);
    await expectAccepted(await quote(her, code, 'move@example.com'), code);
  });
});
