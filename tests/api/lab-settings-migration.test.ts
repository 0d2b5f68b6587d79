import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/20261127020000_lab_settings_by_provider';
import * as perLab from '../../migrations/20261129100000_lab_orders_per_lab';
import * as shipments from '../../migrations/20261129100100_order_phone_and_shipments';
import * as intoJsonb from '../../migrations/20261206113000_lab_columns_into_jsonb';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 40: a lab's settings are keyed by the lab (`provider`) instead of one row of id = true.
// The settings an owner saved before keep every value and become the 'lumaprints' row.
// Issue 39: lab orders keyed by (order, lab), the lab's own settings and product reference kept
// whole (jsonb), an order's shipments: the rows an owner has keep working.
// The lab seam made generic: Lumaprints' own columns (store_id, subcategory_id, option_ids) go,
// their values kept in the jsonb; a Prodigi product's reference names its family.

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
});
afterAll(() => app?.close());
const db = () => app.ctx.db;

/** Rolls the later migrations back around `fn` (it sees the tables as they were then). */
async function asBefore(fn: () => Promise<void>) {
  await db().transaction(async (trx) => {
    await intoJsonb.down(trx);
    await shipments.down(trx);
    await perLab.down(trx);
  });
  await fn();
  await db().transaction(async (trx) => {
    await perLab.up(trx);
    await shipments.up(trx);
    await intoJsonb.up(trx);
  });
}

describe('the migration that keys lab settings by provider', () => {
  it("keeps the saved settings as Lumaprints' row, and a second lab gets a row of its own", async () => {
    // the one row as the shop stored it before (no provider named: the column's default)
    const before = {
      enabled: true,
      sandbox: false,
      api_key_encrypted: 'v1.a.b.c',
      api_secret_encrypted: 'v1.d.e.f',
      store_id: 20211,
      shipping_method: 'ground',
      production_time: 'nextday',
      hold_minutes: 90,
      min_margin_percent: 25,
      webhook_secret: 'w'.repeat(43),
    };
    await asBefore(async () => {
      await db().transaction((trx) => down(trx));
      await db()('lab_settings').insert(before);
      await expect(db()('lab_settings').insert({ ...before, id: false })).rejects.toThrow();

      await db().transaction((trx) => up(trx));

      const rows = await db()('lab_settings');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...before, provider: 'lumaprints' });
      expect(rows[0]).not.toHaveProperty('id');
      // keyed by provider: one row per lab, never two for one
      await db()('lab_settings').insert({ ...before, provider: 'prodigi', store_id: null });
      await expect(db()('lab_settings').insert({ ...before, provider: 'lumaprints' })).rejects.toThrow();
      expect(await db()('lab_settings').orderBy('provider').pluck('provider')).toEqual([
        'lumaprints',
        'prodigi',
      ]);

      // and back: the Lumaprints row is the one row again
      await db().transaction((trx) => down(trx));
      expect(await db()('lab_settings')).toEqual([expect.objectContaining({ ...before, id: true })]);
      await db().transaction((trx) => up(trx));
    });

    // what the owner sees is what she saved (her store read from the lab's own settings now)
    const { labs } = await admin.json<{ labs: Record<string, unknown>[] }>(admin.get('/api/admin/lab'));
    expect(labs[0]).toMatchObject({
      provider: 'lumaprints',
      enabled: true,
      sandbox: false,
      apiKeySet: true,
      apiSecretSet: true,
      settings: { storeId: 20211 },
      shippingMethod: 'ground',
      productionTime: 'nextday',
      holdMinutes: 90,
      reviewBeforeSending: false,
      minMarginPercent: 25,
    });
    await db()('lab_settings').delete();
  });
});

describe('the migration to lab orders per lab, and shipments per order', () => {
  it("keeps an owner's lab product, lab orders and tracking, and lets a second lab use the same order", async () => {
    const photo = await insertPhoto(db(), {
      options: [{ size: '8x10 inch', priceCents: 9500 }],
    });
    const printOptionId = photo.optionIds[0]!;
    const order = async (tracking: string | null) =>
      (
        await db()('orders')
          .insert({
            customer_name: 'Rachel Carson',
            customer_email: 'rachel@example.com',
            shipping_address: '1100 4th Street SW\nWashington, DC 20024',
            subtotal_cents: 9500,
            shipping_cents: 0,
            total_cents: 9500,
            status: 'paid',
            fulfillment_status: tracking ? 'shipped' : 'paid',
            shipping_carrier: tracking ? 'UPS' : null,
            tracking_number: tracking,
          })
          .returning('id')
      )[0]!.id as number;
    let sent = 0;
    let waiting = 0;
    await asBefore(async () => {
      await db()('lab_products').insert({
        print_option_id: printOptionId,
        provider: 'lumaprints',
        subcategory_id: 103001,
        product_name: 'Archival Matte Fine Art Paper',
        width_in: 8,
        height_in: 10,
        option_ids: [39],
      });
      sent = await order('1Z999AA10123456784');
      waiting = await order(null);
      // a lab order as it was: one per shop order (left 'sending' by a crash)
      await db()('lab_orders').insert([
        { order_id: sent, status: 'shipped', send_after: new Date(), lab_order_number: '10000001440' },
        { order_id: waiting, status: 'sending', send_after: new Date(), attempts: 1 },
      ]);
    });

    expect(await db()('lab_products').where({ print_option_id: printOptionId }).first()).toMatchObject({
      product_ref: { subcategoryId: 103001, optionIds: [39] },
    });
    const { products } = await admin.json<{ products: Record<string, unknown>[] }>(
      admin.get('/api/admin/lab/products'),
    );
    expect(products).toEqual([
      expect.objectContaining({
        printOptionId,
        provider: 'lumaprints',
        productId: '103001',
        optionIds: ['39'],
      }),
    ]);
    expect(await db()('lab_orders').where({ order_id: waiting }).first()).toMatchObject({
      provider: 'lumaprints',
      status: 'sending',
      claimed_until: null,
      next_attempt_at: null,
      failures: 0,
    });
    // cut off before issue 39 (no lease): the sweeper sends it again, its look-up first
    expect(await app.modules.fulfillment.service.sweep()).toBe(1);
    // a second lab's order for the same shop order, even under the same lab number
    await db()('lab_orders').insert({
      order_id: sent,
      provider: 'prodigi',
      status: 'review',
      send_after: new Date(),
      lab_order_number: '10000001440',
    });
    await expect(
      db()('lab_orders').insert({
        order_id: sent,
        provider: 'prodigi',
        status: 'held',
        send_after: new Date(),
      }),
    ).rejects.toThrow();
    // the tracking an order had is its first shipment
    expect(await db()('order_shipments').where({ order_id: sent })).toEqual([
      expect.objectContaining({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    ]);
    expect(await db()('order_shipments').where({ order_id: waiting })).toEqual([]);
    const detail = await admin.json<{ order: { shipments: unknown[]; phone: string | null } }>(
      admin.get(`/api/admin/orders/${sent}`),
    );
    expect(detail.order).toMatchObject({
      phone: null,
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: expect.any(String) }],
    });

    // and back: one lab order per shop order again (the first lab's), nothing of the owner's lost
    await db().transaction(async (trx) => {
      await intoJsonb.down(trx);
      await shipments.down(trx);
      await perLab.down(trx);
    });
    expect(await db()('lab_orders').where({ order_id: sent })).toEqual([
      expect.objectContaining({ provider: 'lumaprints', status: 'shipped', lab_order_number: '10000001440' }),
    ]);
    expect(await db()('lab_products').where({ print_option_id: printOptionId }).first()).toMatchObject({
      subcategory_id: 103001,
      option_ids: [39],
    });
    await db().transaction(async (trx) => {
      await perLab.up(trx);
      await shipments.up(trx);
      await intoJsonb.up(trx);
    });
    await db()('lab_products').delete();
  });
});

describe("the migration that keeps Lumaprints' columns in the labs' own jsonb", () => {
  it('keeps a store saved only in its column, and each lab product, and gives them back on the way down', async () => {
    const photo = await insertPhoto(db(), {
      options: [
        { size: '8x10 inch', priceCents: 9500 },
        { size: '12x16 inch', priceCents: 14500 },
      ],
    });
    const [paper, canvas] = photo.optionIds as [number, number];
    const product = { product_name: 'A print', width_in: 8, height_in: 10 };
    await db().transaction((trx) => intoJsonb.down(trx));
    // a row written by the columns alone (its jsonb empty), and a Prodigi product in Lumaprints' words
    await db()('lab_settings').insert({
      provider: 'lumaprints',
      enabled: false,
      sandbox: true,
      store_id: 20211,
      webhook_secret: 'w'.repeat(43),
    });
    await db()('lab_products').insert([
      {
        ...product,
        print_option_id: paper,
        provider: 'lumaprints',
        subcategory_id: 103001,
        option_ids: [39, 96],
      },
      {
        ...product,
        print_option_id: canvas,
        provider: 'prodigi',
        subcategory_id: 3001,
        option_ids: [3102],
        product_ref: JSON.stringify({ subcategoryId: 3001, optionIds: [3102] }),
      },
    ]);
    await db().transaction((trx) => intoJsonb.up(trx));

    const settings = await db()('lab_settings').where({ provider: 'lumaprints' }).first();
    expect(settings).toMatchObject({ provider_settings: { storeId: 20211 } });
    expect(settings).not.toHaveProperty('store_id');
    const refs = await db()('lab_products').orderBy('print_option_id').select('*');
    expect(refs.map((r) => r.product_ref)).toEqual([
      { subcategoryId: 103001, optionIds: [39, 96] },
      { familyId: 3001, optionIds: [3102] },
    ]);
    expect(refs[0]).not.toHaveProperty('subcategory_id');
    const { labs } = await admin.json<{ labs: Record<string, unknown>[] }>(admin.get('/api/admin/lab'));
    expect(labs.find((l) => l.provider === 'lumaprints')).toMatchObject({ settings: { storeId: 20211 } });
    const { products } = await admin.json<{ products: Record<string, unknown>[] }>(
      admin.get('/api/admin/lab/products'),
    );
    expect(products.map((p) => [p.provider, p.productId, p.optionIds])).toEqual([
      ['lumaprints', '103001', ['39', '96']],
      ['prodigi', '3001', ['3102']],
    ]);

    await db().transaction((trx) => intoJsonb.down(trx));
    expect(await db()('lab_settings').where({ provider: 'lumaprints' }).first()).toMatchObject({
      store_id: 20211,
    });
    const back = await db()('lab_products').orderBy('print_option_id').select('*');
    expect(back.map((r) => [r.subcategory_id, r.option_ids, r.product_ref])).toEqual([
      [103001, [39, 96], { subcategoryId: 103001, optionIds: [39, 96] }],
      [3001, [3102], { subcategoryId: 3001, optionIds: [3102] }],
    ]);
    await db().transaction((trx) => intoJsonb.up(trx));
  });
});
