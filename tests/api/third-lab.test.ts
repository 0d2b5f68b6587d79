import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import {
  createTestLab,
  STUDIO_CODE_MESSAGE,
  TEST_LAB_KEY,
  type TestLabState,
} from '../support/labs/test-lab/test-lab';
import { checkoutAndPay, insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// The lab seam: a third lab, defined in a test folder with its own settings schema (a studio
// code) and product reference (a SKU and a finish), plugs in through createModules' `extraLabs`
// alone. The owner saves its settings (a refused code stores nothing), reads its catalogue, maps a
// print option to its product, and a paid order is sent to it.

let app: TestApp;
let admin: HttpClient;
let lab: TestLabState;
let heron: { photoId: number; optionIds: number[] };
const db = () => app.ctx.db;
const dc = { line1: '1100 4th Street SW', line2: null, city: 'Washington', state: 'DC', zip: '20024' };

beforeAll(async () => {
  const testLab = createTestLab();
  lab = testLab.state;
  app = await createTestApp({}, undefined, { extraLabs: [testLab.definition] });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(db(), {
    title: 'Heron at Dawn',
    pixels: { width: 2400, height: 3000 },
    options: [{ size: '8x10 inch', format: 'Matte Paper', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(() => app?.close());

const settings = (studioCode: unknown, extra: Record<string, unknown> = {}) =>
  admin.put('/api/admin/lab/teststudio', {
    enabled: true,
    sandbox: true,
    apiKey: TEST_LAB_KEY,
    settings: { studioCode },
    shippingMethod: 'courier',
    productionTime: 'standard',
    holdMinutes: 0,
    minMarginPercent: 30,
    ...extra,
  });

describe('a lab defined outside the shop', () => {
  it('is listed with its own name, description, setting fields and shipping methods', async () => {
    const setup = await admin.json<{ labs: Record<string, unknown>[] }>(admin.get('/api/admin/lab'));
    expect(setup.labs.map((l) => l.provider)).toEqual(['lumaprints', 'prodigi', 'teststudio']);
    expect(setup.labs[2]).toMatchObject({
      name: 'Test Studio',
      description: 'A print studio only the tests know.',
      enabled: false,
      usesSecret: false,
      settings: { studioCode: null },
      settingFields: [expect.objectContaining({ key: 'studioCode', label: 'Studio' })],
      shippingMethod: 'courier',
      shippingMethods: [{ id: 'courier', name: 'Courier' }],
      productionTimes: [{ id: 'standard', name: 'Standard' }],
    });
  });

  it('refuses a studio code its own schema refuses, naming the field, and stores nothing', async () => {
    const bad = await settings('studio 9');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: STUDIO_CODE_MESSAGE,
      errors: { studioCode: STUDIO_CODE_MESSAGE },
    });
    expect(await db()('lab_settings').where({ provider: 'teststudio' })).toEqual([]);
    // another lab's shipping method is not its own
    const ground = await settings('AB-1234', { shippingMethod: 'ground' });
    expect(ground.status).toBe(400);
    expect(await db()('lab_settings').where({ provider: 'teststudio' })).toEqual([]);
  });

  it('tests the key, offering its studios, then saves its settings as its own object', async () => {
    expect(
      await admin.json(
        admin.post('/api/admin/lab/teststudio/test-connection', { sandbox: true, apiKey: TEST_LAB_KEY }),
      ),
    ).toEqual({
      ok: true,
      message: 'Connected to Test Studio (its sandbox).',
      choices: { studioCode: [{ id: 'AB-1234', name: 'Main studio (AB-1234)' }] },
    });
    const wrong = await admin.post('/api/admin/lab/teststudio/test-connection', {
      sandbox: true,
      apiKey: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: 'Test Studio did not accept the API key. (Test Studio said: "Unknown key")',
    });
    expect(await admin.json(settings('AB-1234'))).toMatchObject({
      provider: 'teststudio',
      enabled: true,
      settings: { studioCode: 'AB-1234' },
    });
    expect(await db()('lab_settings').where({ provider: 'teststudio' }).first()).toMatchObject({
      provider_settings: { studioCode: 'AB-1234' },
      shipping_method: 'courier',
    });
    expect(lab.webhooks).toEqual([expect.stringMatching(/\/api\/webhooks\/lab\/teststudio\/[\w-]{40,}$/)]);
  });

  it('reads its catalogue and maps a print option to its product, its reference checked by its schema', async () => {
    const catalog = await admin.json<{
      groups: { name: string; products: { id: string; name: string }[] }[];
    }>(admin.get('/api/admin/lab/teststudio/catalog'));
    expect(catalog.groups).toEqual([
      expect.objectContaining({
        name: 'Studio Prints',
        products: [expect.objectContaining({ id: 'TS-FINEART' })],
      }),
    ]);
    expect(
      await admin.json(admin.get('/api/admin/lab/teststudio/catalog/products/TS-FINEART/options')),
    ).toEqual({
      groups: [
        {
          group: 'Finish',
          options: [
            { id: 'gloss', name: 'Gloss' },
            { id: 'matte', name: 'Matte' },
          ],
        },
      ],
    });
    const id = heron.optionIds[0]!;
    const shiny = await admin.put(`/api/admin/lab/products/${id}`, {
      provider: 'teststudio',
      productId: 'TS-FINEART',
      optionIds: ['shiny'],
      widthIn: 8,
      heightIn: 10,
    });
    expect(shiny.status).toBe(400);
    expect(await db()('lab_products').where({ print_option_id: id })).toEqual([]);
    expect(
      await admin.json(
        admin.put(`/api/admin/lab/products/${id}`, {
          provider: 'teststudio',
          productId: 'TS-FINEART',
          optionIds: ['matte'],
          widthIn: 8,
          heightIn: 10,
        }),
      ),
    ).toMatchObject({
      provider: 'teststudio',
      labName: 'Test Studio',
      productId: 'TS-FINEART',
      productName: 'Studio Fine Art',
      optionIds: ['matte'],
      labCost: 12.34,
      labShipping: 5,
      requiredDpi: 200,
    });
    expect(await db()('lab_products').where({ print_option_id: id }).first()).toMatchObject({
      provider: 'teststudio',
      product_ref: { sku: 'TS-FINEART', finish: 'matte' },
    });
  });

  it('gets a paid order for the prints it makes', async () => {
    const orderId = await checkoutAndPay(
      app.client(),
      [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 2 }],
      dc,
    );
    const row = await eventually(async () => {
      const r = await db()('lab_orders').where({ order_id: orderId, provider: 'teststudio' }).first();
      return r?.status === 'sent' ? r : null;
    });
    expect(row).toMatchObject({ lab_order_number: 'TS-1' });
    expect(lab.orders).toEqual([
      expect.objectContaining({
        externalId: String(orderId),
        studioCode: 'AB-1234',
        items: [
          expect.objectContaining({
            quantity: 2,
            ref: { sku: 'TS-FINEART', finish: 'matte' },
            widthIn: 8,
            heightIn: 10,
          }),
        ],
      }),
    ]);
    const view = await admin.json<{ labs: Record<string, unknown>[] }>(
      admin.get(`/api/admin/orders/${orderId}/lab`),
    );
    expect(view.labs).toEqual([
      expect.objectContaining({ provider: 'teststudio', name: 'Test Studio', status: 'sent' }),
    ]);
  });
});
