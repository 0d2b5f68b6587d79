import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb, ensureDatabase, migrationConfig } from '../../src/platform/db';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import { testConfig } from '../support/test-config';
import type { HttpClient } from '../support/http-client';

// Issue 34, item 1: tax only when the owner chooses it. A fresh shop collects no tax until she
// saves her tax settings (the DC preset is only the admin's suggestion); a shop upgraded from the
// release before, which never saved, stops charging tax; one that had saved keeps charging as before.

const dc = { line1: '1100 4th Street SW', city: 'Washington', state: 'DC', zip: '20024' };
const dcText = '1100 4th Street SW\nWashington, DC 20024';
const { customerName, customerEmail } = customer;

type Quote = { tax: number; total: number; taxLine: unknown };

/** A buyer with one $95.00 print ($10.00 shipping) in the cart. */
async function buyer(app: TestApp, photo: { photoId: number; optionIds: number[] }) {
  const c = app.client();
  await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
  return c;
}
const orderRow = (app: TestApp, id: number) => app.ctx.db('orders').where({ id }).first();

/** Pays the order with the test card at `amount` dollars; answers once it is paid. */
async function pay(app: TestApp, c: HttpClient, orderId: number, amount: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await orderRow(app, orderId)).status === 'paid');
}

describe('a fresh shop', () => {
  let app: TestApp;
  let admin: HttpClient;
  let heron: { photoId: number; optionIds: number[] };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await app.admin();
    await app.startWorkers();
    heron = await insertPhoto(app.ctx.db); // $95.00 + $10.00 shipping
  });
  afterAll(() => app?.close());

  it('suggests the DC preset in the admin, saved nowhere and not collected', async () => {
    const settings = await admin.json<{ saved: boolean; states: { state: string; preset: boolean }[] }>(
      admin.get('/api/admin/tax'),
    );
    expect(settings).toMatchObject({ provider: 'manual', saved: false });
    expect(settings.states).toEqual([
      expect.objectContaining({ state: 'DC', rate: '6.5', shippingTaxed: true, preset: true }),
    ]);
    expect(await app.ctx.db('tax_settings')).toEqual([]);
    expect(await app.ctx.db('tax_states')).toEqual([]);
  });

  it('quotes no tax and no tax line for a DC address, with or without the ZIP', async () => {
    const c = await buyer(app, heron);
    for (const address of [{ state: 'DC' }, { state: 'DC', zip: '20024' }])
      expect(await c.json(c.post('/api/checkout/quote', { address }))).toEqual({
        subtotal: 95,
        discount: 0,
        shipping: 10,
        tax: 0,
        total: 105,
        promotion: null,
        taxLine: null,
        taxCollected: false,
        giftCards: [],
        amountDue: 105,
      });
  });

  it('places and charges a DC order at the prints plus shipping, with no tax stored', async () => {
    const c = await buyer(app, heron);
    const placed = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: dc, totalAmount: 105 }),
      201,
    );
    expect(placed).toMatchObject({ subtotal: 95, shipping: 10, tax: 0, total: 105, taxLine: null });
    expect(await orderRow(app, placed.orderId)).toMatchObject({
      subtotal_cents: 9500,
      shipping_cents: 1000,
      tax_cents: 0,
      taxable_cents: 0,
      tax_state: null,
      tax_rate: null,
      total_cents: 10500,
    });
    await pay(app, c, placed.orderId, 105);
  });

  it("takes the spec's client checkout (one-text DC address) at the cart's total, untaxed", async () => {
    const c = await buyer(app, heron);
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, shippingAddress: dcText, totalAmount: 105 }),
      201,
    );
    // the address was read (DC), and still no tax: total = prints + shipping, as the spec expects
    expect(await orderRow(app, orderId)).toMatchObject({
      address_state: 'DC',
      tax_cents: 0,
      tax_state: null,
      total_cents: 10500,
    });
    await pay(app, c, orderId, 105);
    // the spec's checkout totals: the admin's detail shows the same three figures
    const detail = await admin.json<{ order: { money: Record<string, number>; taxLine: unknown } }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order.money).toMatchObject({ subtotal: 95, shipping: 10, tax: 0, total: 105 });
    expect(detail.order.taxLine).toBeNull();
  });

  it('charges the tax once the owner saves, even the preset unchanged', async () => {
    const saved = await admin.json<{ saved: boolean; states: { preset: boolean }[] }>(
      admin.put('/api/admin/tax', {
        provider: 'manual',
        states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }],
      }),
    );
    expect(saved).toMatchObject({ saved: true, states: [{ state: 'DC', preset: false }] });
    const c = await buyer(app, heron);
    // ($95.00 + $10.00) x 6.5 % = $6.825 -> $6.83
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 6.83,
      total: 111.83,
      taxLine: { state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' },
      taxCollected: true,
    });
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: dc, totalAmount: 111.83 }),
      201,
    );
    expect(await orderRow(app, orderId)).toMatchObject({ tax_cents: 683, total_cents: 11183 });
  });

  it('saving no states at all keeps collecting none', async () => {
    await admin.json(admin.put('/api/admin/tax', { provider: 'manual', states: [] }));
    expect(await admin.json(admin.get('/api/admin/tax'))).toMatchObject({ saved: true, states: [] });
    const c = await buyer(app, heron);
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 0,
      total: 105,
      taxLine: null,
      taxCollected: false,
    });
  });

  it("a rate's 'last changed' is the day the official rate took effect, or none: never the day it was saved", async () => {
    type Settings = { states: { state: string; rateChangedAt: string | null }[] };
    const save = (states: { state: string; rate: string }[]) =>
      admin.json<Settings>(
        admin.put('/api/admin/tax', {
          provider: 'manual',
          states: states.map((s) => ({ ...s, shippingTaxed: false })),
        }),
      );
    const dates = (settings: Settings) => settings.states.map((s) => [s.state, s.rateChangedAt]);
    // Maryland's 6 % since 3 January 2008; no rate known for Pennsylvania
    const md2008 = '2008-01-03T05:00:00.000Z';
    expect(
      dates(
        await save([
          { state: 'MD', rate: '6' },
          { state: 'PA', rate: '6' },
        ]),
      ),
    ).toEqual([
      ['MD', md2008],
      ['PA', null],
    ]);
    // a rate that is not the official one has no known date; the official one again has its own
    expect(dates(await save([{ state: 'MD', rate: '6.5' }]))).toEqual([['MD', null]]);
    expect(dates(await save([{ state: 'MD', rate: '6' }]))).toEqual([['MD', md2008]]);
    expect(dates(await admin.json<Settings>(admin.get('/api/admin/tax')))).toEqual([['MD', md2008]]);
  });
});

// ---- upgraded from the release before (its last migration) ----

/** The last migration of the release before issue 34: the database as that release left it. */
const PREVIOUS_RELEASE = '20261125040000_lean_variant_set';

/** Migrates a new database up to the release before, and lets `setUp` write what that shop had. */
async function databaseOfPreviousRelease(setUp: (db: Knex) => Promise<unknown>) {
  const config = testConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct horse battery' });
  await ensureDatabase(config.DATABASE_URL);
  const db = createDb(config.DATABASE_URL);
  try {
    const source = migrationConfig.migrationSource!;
    await db.migrate.latest({
      ...migrationConfig,
      migrationSource: {
        ...source,
        getMigrations: async (loaders) =>
          ((await source.getMigrations(loaders ?? [])) as string[]).filter(
            (file) => source.getMigrationName(file) <= PREVIOUS_RELEASE,
          ),
      },
    });
    const ran = (await db('knex_migrations').orderBy('id').pluck('name')) as string[];
    expect(ran.at(-1)).toBe(PREVIOUS_RELEASE);
    await setUp(db);
  } finally {
    await db.destroy();
  }
  return config;
}

describe('a shop upgraded from the release before', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('never saved its tax settings (DC preset in force then): after migrating, no tax is charged', async () => {
    const config = await databaseOfPreviousRelease(async () => undefined);
    const app = await createTestApp({}, config);
    apps.push(app);
    // the app migrated the rest at start
    const files = await migrationConfig.migrationSource!.getMigrations([]);
    expect(await app.ctx.db('knex_migrations').count({ n: '*' }).first()).toEqual({ n: files.length });
    const heron = await insertPhoto(app.ctx.db);
    const admin = await app.admin();
    expect(await admin.json(admin.get('/api/admin/tax'))).toMatchObject({
      saved: false,
      states: [{ state: 'DC', preset: true }],
    });
    const c = await buyer(app, heron);
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 0,
      total: 105,
      taxLine: null,
    });
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: dc, totalAmount: 105 }),
      201,
    );
    expect(await orderRow(app, orderId)).toMatchObject({ tax_cents: 0, tax_state: null, total_cents: 10500 });
  });

  it('had saved its settings: after migrating, it charges exactly as before', async () => {
    const changed = new Date('2025-10-01T04:00:00Z');
    const config = await databaseOfPreviousRelease(async (db) => {
      // as that release's PUT /api/admin/tax stored them: DC at 6.5 % with shipping, VA at 5.3 % without
      await db('tax_settings').insert({ id: true, provider: 'manual' });
      await db('tax_states').insert([
        { state: 'DC', rate: 6.5, shipping_taxed: true, rate_changed_at: changed },
        { state: 'VA', rate: 5.3, shipping_taxed: false, rate_changed_at: changed },
      ]);
    });
    const app = await createTestApp({}, config);
    apps.push(app);
    await app.startWorkers();
    const heron = await insertPhoto(app.ctx.db);
    const admin = await app.admin();
    const settings = await admin.json<{ states: { rateChangedAt: string }[] }>(admin.get('/api/admin/tax'));
    expect(settings).toMatchObject({
      provider: 'manual',
      saved: true,
      states: [
        { state: 'DC', rate: '6.5', shippingTaxed: true, preset: false },
        { state: 'VA', rate: '5.3', shippingTaxed: false, preset: false },
      ],
    });
    // DC's date was its official one and stays; VA's was the day it was saved: now the day its
    // official 5.3 % took effect (issue 51)
    expect(settings.states.map((s) => s.rateChangedAt)).toEqual([
      changed.toISOString(),
      '2013-07-01T04:00:00.000Z',
    ]);

    const c = await buyer(app, heron);
    // DC: ($95.00 + $10.00) x 6.5 % = $6.83; VA: $95.00 x 5.3 % = $5.035 -> $5.04; MD: none
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 6.83,
      total: 111.83,
      taxLine: { label: 'Tax (DC 6.5%)' },
    });
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'VA' } }))).toMatchObject({
      tax: 5.04,
      total: 110.04,
      taxLine: { label: 'Tax (VA 5.3%)' },
    });
    expect(await c.json<Quote>(c.post('/api/checkout/quote', { address: { state: 'MD' } }))).toMatchObject({
      tax: 0,
      taxLine: null,
    });
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: dc, totalAmount: 111.83 }),
      201,
    );
    expect(await orderRow(app, orderId)).toMatchObject({
      tax_cents: 683,
      taxable_cents: 10500,
      tax_state: 'DC',
      tax_rate: 6.5,
      tax_provider: 'manual',
      total_cents: 11183,
    });
    await pay(app, c, orderId, 111.83);
  });
});
