import http from 'node:http';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { createApp } from '../../src/app';
import { createContext, closeContext } from '../../src/platform/context';
import { ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { createModules } from '../../src/modules';
import { startDemoLabs, type DemoLabs } from '../../src/demo/labs/demo-labs';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { dropSharedState } from '../support/app-processes';
import { eventually, ADMIN } from '../support/test-app';
import { testConfig } from '../support/test-config';
import { freePort } from '../support/redis-server';
import { HttpClient } from '../support/http-client';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';

// Issue 51: with LAB_DEMO the demo labs keep their orders across a restart (DATA_DIR/demo-labs/):
// the shop restarted on the same database and data directory, a new order gets a new lab order
// number (none reused: no unique violation, no order stuck 'sending'), and an order sent before
// the restart is still known to the lab and ships.

type Instance = Awaited<ReturnType<typeof startInstance>>;

/** One run of the shop as `npm start` runs it: the API on the public address, the demo labs, the workers. */
async function startInstance(cfg: Config) {
  await ensureDatabase(cfg.DATABASE_URL);
  const ctx = createContext(cfg, createLogger(cfg.LOG_LEVEL));
  await migrateLatest(ctx.db);
  const modules = createModules(ctx);
  await modules.adminAuth.service.ensureAdmin({ username: ADMIN.username, password: ADMIN.password });
  const server = http.createServer(createApp(ctx, modules));
  await new Promise<void>((resolve) =>
    server.listen(Number(new URL(cfg.PUBLIC_URL!).port), '127.0.0.1', resolve),
  );
  const labs: DemoLabs = await startDemoLabs(ctx, modules);
  const workers: RunningWorkers = await startWorkers(ctx);
  return {
    ctx,
    labs,
    /** Stops it all but the database and the data directory (a restart's first half). */
    async stop() {
      await workers.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await labs.lumaprints.close();
      await labs.prodigi.close();
      await closeContext(ctx);
    },
  };
}

let cfg: Config;
let shop: Instance | null = null;

beforeAll(async () => {
  cfg = testConfig({
    LAB_DEMO: 'true',
    // long enough to restart before it ships; short enough to see it ship after
    LAB_DEMO_SHIP_SECONDS: '4',
    PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  shop = await startInstance(cfg);
});
afterAll(async () => {
  await shop?.stop();
  await dropSharedState(createContext(cfg, createLogger('silent')));
  fs.rmSync(cfg.DATA_DIR, { recursive: true, force: true });
});

const url = () => cfg.PUBLIC_URL!;
const labRow = (orderId: number) => shop!.ctx.db('lab_orders').where({ order_id: orderId }).first();

async function admin() {
  const c = new HttpClient(url());
  await c.json(c.post('/api/admin/login', ADMIN));
  return c;
}

/** A buyer pays for one print; the owner sends it to the lab now: its lab order once sent. */
async function sentOrder(photo: { photoId: number; optionIds: number[] }) {
  const buyer = new HttpClient(url());
  await fillCart(buyer, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
  const address = { line1: '1100 4th Street SW', line2: null, city: 'Washington', state: 'DC', zip: '20024' };
  const quote = await buyer.json<{ total: number }>(
    buyer.post('/api/checkout/quote', { address: { state: 'DC' } }),
  );
  const { orderId, total } = await buyer.json<{ orderId: number; total: number }>(
    buyer.post('/api/checkout', { ...customer, address, totalAmount: quote.total }),
    201,
  );
  const { clientSecret } = await buyer.json<{ clientSecret: string }>(
    buyer.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await buyer.json(buyer.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await labRow(orderId))?.status === 'held');
  const owner = await admin();
  await owner.json(owner.post(`/api/admin/orders/${orderId}/lab/send`));
  await eventually(async () => (await labRow(orderId))?.status === 'sent');
  return { orderId, labOrderNumber: (await labRow(orderId)).lab_order_number as string };
}

it('the demo lab keeps its orders across a restart: new numbers for new orders, the old order ships', async () => {
  const heron = await insertPhoto(shop!.ctx.db, {
    title: 'Heron at Dawn',
    pixels: { width: 2400, height: 3000 },
    options: [{ size: '8x10', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
  });
  const owner = await admin();
  await owner.json(
    owner.put(`/api/admin/lab/products/${heron.optionIds[0]}`, {
      provider: 'lumaprints',
      productId: '103001',
      widthIn: 8,
      heightIn: 10,
    }),
  );
  const before = await sentOrder(heron);

  // the shop restarts before the lab ships it: same database, same data directory
  await shop!.stop();
  shop = null;
  shop = await startInstance(cfg);
  expect(shop.labs.lumaprints.orders.get(before.labOrderNumber)?.externalId).toBe(String(before.orderId));

  // a new order gets a number of its own and is sent
  const after = await sentOrder(heron);
  expect(after.labOrderNumber).not.toBe(before.labOrderNumber);
  expect(await labRow(after.orderId)).toMatchObject({ status: 'sent', last_error: null });

  // the order sent before the restart ships, read back from the lab (no "Order not found")
  await eventually(async () => (await labRow(before.orderId))?.status === 'shipped', 20_000);
  expect(await shop.ctx.db('orders').where({ id: before.orderId }).first()).toMatchObject({
    fulfillment_status: 'shipped',
    tracking_number: expect.stringMatching(/^1Z999AA1\d{10}$/),
  });
  await eventually(async () => (await labRow(after.orderId))?.status === 'shipped', 20_000);
}, 90_000);
