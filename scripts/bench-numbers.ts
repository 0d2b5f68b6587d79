// `npx tsx scripts/bench-numbers.ts` (and `npm run bench`'s "Numbers" line): how long the owner's
// Numbers screen takes to answer (GET /api/admin/numbers, budget < 300 ms) over 10,000 paid orders
// of two lines each, spread over a year, with refunds. The app on a scratch database of its own (made
// and dropped here), the orders seeded in bulk with SQL; the median of several requests after a warm-up,
// for a year by day, by week and by month and for the last 30 days.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createModules } from '../src/modules';
import { closeContext, createContext } from '../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../src/platform/db';

const ORDERS = 10_000;
const RUNS = 9;
const OWNER = { username: 'owner', password: 'bench-owner-password' };

export async function benchNumbers(): Promise<{
  cases: { query: string; medianMs: number }[];
  orders: number;
}> {
  const dbUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  dbUrl.pathname = '/wildframe_bench_numbers';
  await dropDatabase(dbUrl.toString());
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    PAYMENTS_PROVIDER: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: 'wfbench_numbers',
    DATA_DIR: '/tmp/wildframe-bench-numbers',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  await ensureDatabase(config.DATABASE_URL);
  const ctx = createContext(config);
  const server = http.createServer();
  try {
    await migrateLatest(ctx.db);
    const modules = createModules(ctx);
    await modules.adminAuth.service.ensureAdmin(OWNER);
    await seed(ctx.db);
    server.on('request', createApp(ctx, modules));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(OWNER),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const queries = [
      `from=${day(-364)}&to=${day(0)}&grain=day`,
      `from=${day(-364)}&to=${day(0)}&grain=week`,
      `from=${day(-364)}&to=${day(0)}&grain=month`,
      `from=${day(-29)}&to=${day(0)}&grain=day`,
    ];
    const cases = [];
    for (const query of queries) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const start = performance.now();
        const res = await fetch(`${base}/api/admin/numbers?${query}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`numbers answered ${res.status}: ${await res.text()}`);
        await res.json();
        // the first two warm the connection pool and the plans
        if (i >= 2) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      cases.push({ query, medianMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10 });
    }
    return { cases, orders: ORDERS };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeContext(ctx);
    await dropDatabase(dbUrl.toString());
  }
}

/** 12 photos with a print size each, 10,000 orders paid over the last year with two lines each, 1 in 20 refunded in part. */
async function seed(db: ReturnType<typeof createContext>['db']) {
  await db.raw(`
    INSERT INTO media_assets (kind, data, mime_type, width, height, byte_size, sha256)
    SELECT 'photo', '\\x00'::bytea, 'image/jpeg', 1, 1, 1, md5(g::text) || md5(g::text) FROM generate_series(1, 12) g;
    INSERT INTO photos (title, original_id, aspect_ratio)
    SELECT 'Photo ' || id, id, '4:5' FROM media_assets;
    INSERT INTO print_options (aspect_ratio, size, format, price_cents, shipping_cents)
    SELECT '4:5', (8 + g) || 'x' || (10 + g), CASE WHEN g % 2 = 0 THEN 'Metal' ELSE 'Lustre Paper' END, 5000 + g * 1000, 1000
    FROM generate_series(1, 12) g;`);
  await db.raw(
    `INSERT INTO orders (customer_name, customer_email, shipping_address, subtotal_cents, shipping_cents,
       discount_cents, tax_cents, total_cents, status, fulfillment_status, payment_provider, paid_at, created_at)
     SELECT 'Buyer ' || g, 'buyer' || g || '@example.com', '1 Main St', 20000, 1000, 0, 1300, 22300,
       'paid', 'paid', 'test', now() - (g * interval '1 year' / ?), now() - (g * interval '1 year' / ?)
     FROM generate_series(1, ?) g`,
    [ORDERS, ORDERS, ORDERS],
  );
  await db.raw(`
    INSERT INTO order_line_items (order_id, kind, photo_id, print_option_id, quantity, price_cents, shipping_cents, title, size, format)
    SELECT o.id, 'print', p.id, po.id, 1, 10000, 500, p.title, po.size, po.format
    FROM orders o
    CROSS JOIN generate_series(0, 1) k
    JOIN photos p ON p.id = (SELECT min(id) FROM photos) + ((o.id + k) % 12)
    JOIN print_options po ON po.id = (SELECT min(id) FROM print_options) + ((o.id * 7 + k) % 12);
    INSERT INTO order_refunds (order_id, amount_cents, reason, status, created_at, succeeded_at)
    SELECT id, 2000, 'requested_by_customer', 'succeeded', paid_at + interval '3 days', paid_at + interval '3 days'
    FROM orders WHERE id % 20 = 0;
    ANALYZE;`);
}

export const numbersSummary = ({ cases, orders }: Awaited<ReturnType<typeof benchNumbers>>) =>
  cases
    .map((c) => `Numbers over ${orders} orders (${c.query}): median ${c.medianMs} ms (budget < 300)`)
    .join('\n');

if (import.meta.url === `file://${process.argv[1]}`) console.log(numbersSummary(await benchNumbers()));
