import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { Redis } from 'ioredis';
import knex, { type Knex } from 'knex';
import { repoRoot, requireBuild, startBuilt, type BuiltProcess } from '../support/prod-build';
import { expectNoA11yViolations } from './support/axe';
import { expect, sizes, test } from './support/fixtures';

// Issue 34, item 4: a shop in production with no payment provider set up says it is not taking
// orders on the photo page, in the cart and at checkout, and places no order; browsing works.
// The e2e server runs with the test provider, so this spec starts the built app of its own as
// production runs it (`node dist/node/api.js`, NODE_ENV=production) with no Stripe keys and no
// PAYMENTS_PROVIDER, on its own database.

const NOT_TAKING_ORDERS = 'This shop is not taking orders yet.';
const id = `${process.env.E2E_PORT ?? 3999}_${randomBytes(3).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  url.pathname = `/wildframe_e2e_closed_${id}`;
  return url.toString();
})();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `wfe2e_closed_${id}`;
const dataDir = `/tmp/wildframe-e2e-closed-${id}`;

let api: BuiltProcess | undefined;
let base = '';
let db: Knex | undefined;

/** Drops the spec's database (with a connection to the server's maintenance database). */
async function dropDatabase() {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const maintenance = knex({ client: 'pg', connection: admin.toString(), pool: { min: 0, max: 1 } });
  await maintenance.raw('drop database if exists ?? with (force)', [name]);
  await maintenance.destroy();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  requireBuild();
  api = startBuilt(repoRoot, 'closed-shop api', 'dist/node/api.js', {
    NODE_ENV: 'production',
    PORT: '0',
    SESSION_SECRET: `closed-shop-e2e-session-secret-${randomBytes(12).toString('hex')}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'closed-shop-owner-password',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  });
  // The start banner names the address once it listens (migrated and seeded by then).
  await expect
    .poll(() => /running at (http:\/\/localhost:\d+)/.exec(api!.output())?.[1] ?? api!.exitStatus(), {
      timeout: 150_000,
      message: 'the production build starts',
    })
    .toMatch(/^http:/);
  base = /running at (http:\/\/localhost:\d+)/.exec(api.output())![1];
  db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
});

test.afterAll(async () => {
  await api?.stop();
  await db?.destroy();
  await dropDatabase().catch(() => undefined);
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first photo of the portfolio, opened from its card; answers its id. */
async function openFirstPhoto(page: Page): Promise<number> {
  await page.goto(`${base}/portfolio`);
  await expect(page.getByRole('heading', { name: 'Photography Portfolio' })).toBeVisible();
  await page.locator('main a[href^="/photo/"]').first().click();
  await expect(page).toHaveURL(/\/photo\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
  return Number(/\/photo\/(\d+)$/.exec(page.url())![1]);
}

const notice = (page: Page) => page.getByRole('note', { name: 'Ordering' });

for (const size of sizes) {
  test.describe(`a shop with no payment provider (${size.name})`, () => {
    test.use(size.use);

    test('the photo page shows the prints and prices, and says it is not taking orders', async ({ page }) => {
      const site = await (await page.request.get(`${base}/api/site`)).json();
      expect(site).toMatchObject({ takingOrders: false, payments: { provider: 'none' } });

      await openFirstPhoto(page);
      const options = page.getByRole('group', { name: 'Print Options' }).getByRole('button');
      await expect(options.first()).toContainText('$');
      await expect(notice(page)).toContainText(NOT_TAKING_ORDERS);
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
      // choosing a print still tells its price and shipping
      await options.first().click();
      await expect(page.getByText(/ · \$[\d,.]+ \+ \$[\d,.]+ shipping$/)).toBeVisible();
      await notice(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`photo-page-${size.name}.png`) });
      await expectNoA11yViolations(page, { label: `closed shop photo page (${size.name})` });
      await notice(page).getByRole('link', { name: 'get in touch' }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });

    test('the cart keeps its prints and says so instead of Proceed to Checkout', async ({ page }) => {
      const photoId = await openFirstPhoto(page);
      const photo = await (await page.request.get(`${base}/api/photos/${photoId}`)).json();
      // a print put in the cart before the provider was switched off (the cart itself still works)
      const added = await page.request.post(`${base}/api/cart`, {
        data: { photoId, printOptionId: photo.printOptions[0].id, quantity: 1 },
      });
      expect(added.status()).toBe(201);
      await page.reload();
      await page.getByRole('button', { name: /cart/i }).first().click();
      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await expect(cart.getByRole('link', { name: photo.title })).toBeVisible();
      await expect(cart.getByRole('note', { name: 'Ordering' })).toContainText(NOT_TAKING_ORDERS);
      await expect(cart.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
      await expect(cart.getByRole('button', { name: 'Continue Shopping' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`cart-${size.name}.png`) });
      await expectNoA11yViolations(page, { label: `closed shop cart (${size.name})` });

      // checkout says it too, with no form, and stays put (no 'Empty Cart' detour)
      await cart.getByRole('button', { name: 'Continue Shopping' }).click();
      await page.goto(`${base}/checkout`);
      await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
      await expect(notice(page)).toContainText(NOT_TAKING_ORDERS);
      await expect(page.getByText('Complete Your Purchase')).toHaveCount(0);
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/\/checkout$/);
      await page.screenshot({ path: test.info().outputPath(`checkout-${size.name}.png`) });
      await expectNoA11yViolations(page, { label: `closed shop checkout (${size.name})` });
      await page.getByRole('link', { name: 'Browse the Portfolio' }).click();
      await expect(page).toHaveURL(/\/portfolio$/);

      // a client that posts anyway is refused, and nothing is stored
      const checkout = await page.request.post(`${base}/api/checkout`, {
        data: {
          customerName: 'Rachel Carson',
          customerEmail: 'rachel@example.com',
          address: { line1: '11701 Berwick Road', city: 'Silver Spring', state: 'MD', zip: '20904' },
          totalAmount: photo.printOptions[0].price + photo.printOptions[0].shipping,
        },
      });
      expect(checkout.status()).toBe(503);
      expect(await checkout.json()).toEqual({ message: NOT_TAKING_ORDERS });
      expect(Number((await db!('orders').count({ n: '*' }).first())?.n)).toBe(0);
    });
  });
}

test.describe('a shop with no payment provider, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered photo page and checkout say it', async ({ page }) => {
    await page.goto(`${base}/photo/1`);
    await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
    await expect(notice(page)).toContainText(NOT_TAKING_ORDERS);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await page.goto(`${base}/checkout`);
    await expect(notice(page)).toContainText(NOT_TAKING_ORDERS);
    await expect(page.getByText('Checkout needs JavaScript')).toBeHidden();
  });
});
