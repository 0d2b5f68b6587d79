import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import type { CheckoutTender } from '../../src/modules/orders';

// Issue 51, the tender seam: a tender (what a gift card will be) is a plug-in defined here, in a
// test folder, and added by name; it pays part of the order in the checkout transaction, and the
// amount due (what the card is charged and can be refunded) is the total less it.

let app: TestApp;
let admin: HttpClient;
let photo: { photoId: number; optionIds: number[] };
/** The store credit this test's tender pays from, in cents, and what it gave back. */
let creditCents = 3000;
const released: number[] = [];
const storeCredit: CheckoutTender = {
  releasedBy: 'tests.store-credit-release',
  async take(_trx, order, dueCents) {
    if (order.email === 'greedy@example.com') return [{ amountCents: dueCents + 1, reference: 'greedy' }];
    const amountCents = Math.min(creditCents, dueCents);
    return amountCents > 0 ? [{ amountCents, reference: `credit-${order.orderId}` }] : [];
  },
};
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await app.startWorkers();
  photo = await insertPhoto(app.ctx.db);
  app.modules.events.subscribe(
    'order.payment-canceled',
    'tests.store-credit-release',
    async ({ orderId }) => {
      released.push(orderId);
    },
  );
  app.modules.orders.addTender('tests.store-credit', storeCredit);
});
afterAll(() => app?.close());

async function checkout(c: HttpClient, email = customer.customerEmail) {
  await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
  const quote = await c.json<{ total: number }>(c.post('/api/checkout/quote', { customerEmail: email }));
  return c.post('/api/checkout', { ...customer, customerEmail: email, totalAmount: quote.total });
}
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const tenders = (orderId: number) =>
  app.ctx.db('order_tenders').where({ order_id: orderId }).select('tender', 'reference', 'amount_cents');

describe('a tender plugged in by name', () => {
  it('refuses a second tender under a name taken, or one whose release nobody subscribes', () => {
    expect(() => app.modules.orders.addTender('tests.store-credit', storeCredit)).toThrow('registered twice');
    expect(() =>
      app.modules.orders.addTender('tests.other', { ...storeCredit, releasedBy: 'tests.no-such-release' }),
    ).toThrow('does not subscribe to order.payment-canceled');
  });

  it('pays part of the order: stored, and the card is charged and refunded the amount due only', async () => {
    const c = app.client();
    const placed = await c.json<{ orderId: number; total: number }>(checkout(c), 201);
    const { orderId, total } = placed;
    expect(await tenders(orderId)).toEqual([
      { tender: 'tests.store-credit', reference: `credit-${orderId}`, amount_cents: 3000 },
    ]);
    expect((await orderRow(orderId)).tenders_cents).toBe(3000);
    const due = Math.round(total * 100 - 3000) / 100;

    // a retry of the same purchase takes the tender again, once
    const again = await c.json<{ orderId: number }>(checkout(c), 201);
    expect(again.orderId).toBe(orderId);
    expect(await tenders(orderId)).toHaveLength(1);

    // the intent is for the amount due: the total is refused
    expect(
      (await c.post('/api/create-payment-intent', { orderId, amount: total })).status,
    ).toBeGreaterThanOrEqual(400);
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: due }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    await eventually(async () => (await orderRow(orderId)).status === 'paid');

    // the card's part is all a refund through the provider can return, and it refunds the order
    const over = await admin.post(`/api/admin/orders/${orderId}/refunds`, {
      amount: due + 0.01,
      reason: 'x',
    });
    expect(over.status).toBeGreaterThanOrEqual(400);
    await admin.json(
      admin.post(`/api/admin/orders/${orderId}/refunds`, {
        amount: due,
        reason: 'damaged',
        idempotencyKey: `all-${orderId}-key`,
      }),
      201,
    );
    await eventually(async () => (await orderRow(orderId)).status === 'refunded');
  });

  it('pays all of an order its credit covers, and none when it has none', async () => {
    creditCents = 0;
    const c = app.client();
    const { orderId } = await c.json<{ orderId: number }>(checkout(c, 'nocredit@example.com'), 201);
    expect(await tenders(orderId)).toEqual([]);
    expect((await orderRow(orderId)).tenders_cents).toBe(0);
    creditCents = 3000;
  });

  it('leaves the order unwritten when a tender asks to pay more than is due', async () => {
    const before = (await app.ctx.db('orders').count({ n: '*' }).first())!.n;
    const res = await checkout(app.client(), 'greedy@example.com');
    expect(res.status).toBe(500);
    expect((await app.ctx.db('orders').count({ n: '*' }).first())!.n).toBe(before);
  });
});
