import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeProdigi, type FakeProdigi } from '../support/fake-prodigi';
import { freePort } from '../support/redis-server';
import { fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { closeContext, createContext } from '../../src/platform/context';
import { createLogger } from '../../src/platform/logger';
import { createModules } from '../../src/modules';

// Issue 51: a send cut off by its process dying after the lab made the order. The lease on the lab
// order lives while its run does (renewed as it runs), so it lapses soon after the crash and the
// sweeper's next run looks the order up at the lab by our reference and marks it sent: the owner
// sees it sent within a minute, not 'sending' for ten.

let app: TestApp;
let prodigi: FakeProdigi;
let admin: HttpClient;
let owl: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  prodigi = await startFakeProdigi();
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  // the sweeper every second here: what is measured is the lease
  app = await createTestApp({ PRODIGI_API_BASE: prodigi.url, PUBLIC_URL: publicUrl, SWEEP_EVERY_MS: '1000' });
  admin = await app.admin();
  owl = await insertPhoto(app.ctx.db, {
    title: 'Snowy Owl',
    pixels: { width: 1500, height: 2100 },
    options: [{ size: '5x7', format: 'Photo Rag', priceCents: 4000, shippingCents: 500 }],
  });
  await admin.json(
    admin.put('/api/admin/lab/prodigi', {
      enabled: true,
      sandbox: true,
      apiKey: prodigi.apiKey,
      shippingMethod: 'default',
      productionTime: 'regular',
      holdMinutes: 600,
      reviewBeforeSending: false,
      minMarginPercent: 30,
    }),
  );
  await admin.json(
    admin.put(`/api/admin/lab/products/${owl.optionIds[0]}`, {
      provider: 'prodigi',
      productId: '1001',
      widthIn: 5,
      heightIn: 7,
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await prodigi?.close();
});

const labRow = (orderId: number) =>
  app.ctx.db('lab_orders').where({ order_id: orderId, provider: 'prodigi' }).first();
const madeAt = (orderId: number) =>
  [...prodigi.orders.values()].filter((o) => o.merchantReference === String(orderId));

async function paidOrder() {
  const c = app.client();
  await fillCart(c, [{ photoId: owl.photoId, printOptionId: owl.optionIds[0]!, quantity: 1 }]);
  const address = { line1: '1100 4th Street SW', line2: null, city: 'Washington', state: 'DC', zip: '20024' };
  const quote = await c.json<{ total: number }>(c.post('/api/checkout/quote', { address: { state: 'DC' } }));
  const { orderId, total } = await c.json<{ orderId: number; total: number }>(
    c.post('/api/checkout', {
      customerName: 'Rachel Carson',
      customerEmail: 'rachel@example.com',
      address,
      totalAmount: quote.total,
    }),
    201,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await labRow(orderId))?.status === 'held');
  return orderId;
}

it('a send whose process died after Prodigi made the order is looked up and shown sent within a minute', async () => {
  const workers = await app.startWorkers();
  const orderId = await paidOrder();
  // the workers stop: the doomed process below is the only one to send it
  await workers.close();
  await app.ctx.db('lab_orders').where({ order_id: orderId }).update({ send_after: new Date() });

  // another process of the app on the same database takes the lease and sends; Prodigi makes the
  // order but its answer does not come back before the process dies
  prodigi.setCreateDelay(45_000);
  const doomed = createContext(app.ctx.config, createLogger('silent'));
  const cutOff = createModules(doomed)
    .fulfillment.service.send({ orderId, provider: 'prodigi' })
    .catch(() => null);
  await eventually(async () => madeAt(orderId).length === 1, 30_000);
  expect(await labRow(orderId)).toMatchObject({ status: 'sending', lab_order_number: null });
  await closeContext(doomed); // dead: it renews nothing, writes nothing
  const died = Date.now();
  prodigi.setCreateDelay(0);

  const view = () =>
    admin.json<{ labs: { status: string; labOrderNumber: string | null; lastError: string | null }[] }>(
      admin.get(`/api/admin/orders/${orderId}/lab`),
    );
  expect((await view()).labs[0]).toMatchObject({ status: 'sending', lastError: null });
  // the workers start again: the owner sees it sent, with the order Prodigi made, within a minute
  await app.startWorkers();
  await eventually(async () => (await view()).labs[0]!.status === 'sent', 60_000);
  expect(Date.now() - died).toBeLessThan(60_000);
  const [made] = madeAt(orderId);
  expect(madeAt(orderId)).toHaveLength(1);
  expect((await view()).labs[0]).toMatchObject({ status: 'sent', labOrderNumber: made!.id, lastError: null });
  void cutOff;
}, 120_000);
