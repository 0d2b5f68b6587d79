import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, insertOrder, startCatalogApp } from '../support/catalog-fixtures';

// The named extension points wired in src/modules.ts: catalog's offer rules and delete guards,
// orders' checkout holds (issue 40: no slot filled by a setter, no behaviour in a foreign key).
let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(() => app?.close());

const addOption = (photoId: number, size: string) =>
  admin.json<{ id: number }>(
    admin.post(`/api/admin/photos/${photoId}/item-options`, {
      size,
      format: 'Metal',
      price: 120,
      shipping: 15,
    }),
    201,
  );

/** The lab's product row for an option, written straight to its table (fulfillment is another module). */
const mapToLab = (printOptionId: number) =>
  app.ctx.db('lab_products').insert({
    print_option_id: printOptionId,
    provider: 'lumaprints',
    product_ref: JSON.stringify({ subcategoryId: 103001, optionIds: [] }),
    product_name: 'Metal Print',
    width_in: 12,
    height_in: 8,
  });
const labProduct = (printOptionId: number) =>
  app.ctx.db('lab_products').where({ print_option_id: printOptionId }).first();

describe('registration at start', () => {
  it('refuses a second offer rule, checkout hold or delete guard under a name already taken', () => {
    const m = app.modules;
    expect(() => m.catalog.addOfferRule('fulfillment.resolution-guard', async () => new Set())).toThrow(
      'Offer rule "fulfillment.resolution-guard" is registered twice',
    );
    expect(() => m.orders.addCheckoutHold('promotions.code-use', m.promotions.codeHold)).toThrow(
      'Checkout hold "promotions.code-use" is registered twice',
    );
    expect(() => m.catalog.addDeleteGuard('orders.order-lines', {})).toThrow(
      'Delete guard "orders.order-lines" is registered twice',
    );
  });

  it('refuses a checkout hold that names no release on order.payment-canceled', () => {
    const hold = { releasedBy: 'tests.no-such-release', take: async () => undefined };
    expect(() => app.modules.orders.addCheckoutHold('tests.print', hold)).toThrow(
      'does not subscribe to order.payment-canceled',
    );
  });

  it('refuses an offer info or line details under a name already taken', () => {
    expect(() =>
      app.modules.catalog.addOfferInfo('editions.edition-offer', app.modules.editions.offerInfo),
    ).toThrow('registered twice');
    expect(() =>
      app.modules.orders.addLineDetails('editions.line-edition', app.modules.editions.lineDetails),
    ).toThrow('registered twice');
  });
});

describe('offer rules', () => {
  it('asks every rule: what an added rule hides is gone from the photo and from the cart', async () => {
    // public reads are cached until an admin write: the rule is in place before the first read
    let hide = 0;
    app.modules.catalog.addOfferRule('tests.hide-one', async (_photoId, ids) =>
      ids.includes(hide) ? new Set([hide]) : new Set(),
    );
    const photo = await addPhoto(admin);
    const small = await addOption(photo.id, '8x12');
    const large = await addOption(photo.id, '20x30');
    hide = large.id;
    const c = app.client();
    const listed = await c.json<{ id: number }[]>(c.get(`/api/photos/${photo.id}/item-options`));
    expect(listed.map((o) => o.id)).toEqual([small.id]);
    const detail = await c.json<{ printOptions: { id: number }[] }>(c.get(`/api/photos/${photo.id}`));
    expect(detail.printOptions.map((o) => o.id)).toEqual([small.id]);
    const refused = await c.post('/api/cart', { photoId: photo.id, printOptionId: large.id, quantity: 1 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await app.ctx.db('cart_items').where({ print_option_id: large.id }).first()).toBeUndefined();
    const added = await c.post('/api/cart', { photoId: photo.id, printOptionId: small.id, quantity: 1 });
    expect(added.status).toBeLessThan(300);
  });
});

describe('delete guards', () => {
  it('a deleted print option takes the lab product row for it along', async () => {
    const photo = await addPhoto(admin);
    const option = await addOption(photo.id, '12x18');
    await mapToLab(option.id);
    const res = await admin.json<{ archived: boolean }>(admin.delete(`/api/admin/item-options/${option.id}`));
    expect(res.archived).toBe(false);
    expect(await app.ctx.db('print_options').where({ id: option.id }).first()).toBeUndefined();
    expect(await labProduct(option.id)).toBeUndefined();
  });

  it('an option an order names is archived, and the lab keeps its product row', async () => {
    const photo = await addPhoto(admin);
    const option = await addOption(photo.id, '16x24');
    await mapToLab(option.id);
    await insertOrder(app, photo.id, option.id);
    const res = await admin.json<{ archived: boolean }>(admin.delete(`/api/admin/item-options/${option.id}`));
    expect(res.archived).toBe(true);
    expect((await app.ctx.db('print_options').where({ id: option.id }).first())?.archived_at).toBeTruthy();
    expect(await labProduct(option.id)).toBeTruthy();
  });
});
