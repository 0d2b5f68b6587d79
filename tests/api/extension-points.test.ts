import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, insertOrder, startCatalogApp } from '../support/catalog-fixtures';
import { customer, fillCart, insertPhoto } from '../support/shop-data';
import type { CheckoutHold, LineDetails } from '../../src/modules/orders';
import { conflict } from '../../src/platform/http/app-error';

// The named extension points wired in src/modules.ts: catalog's offer rules and delete guards,
// orders' checkout holds (issue 40: no slot filled by a setter, no behaviour in a foreign key) and
// line details (issue 51: a plug-in's facts kept by its name, shown through its own view).
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

describe('a plug-in of its own: a hold and line details added by name (what licences will be)', () => {
  /** The licence each line took at checkout, by line id: this plug-in's own stock. */
  const licences = new Map<number, string>();
  const linesOfOrder = new Map<number, number[]>();
  const seen: { extras: unknown }[] = [];
  const licenceHold: CheckoutHold = {
    releasedBy: 'tests.licence-release',
    async take(_trx, order) {
      seen.push({ extras: order.extras });
      if (order.email === 'nolicence@example.com') throw conflict('No licence is left for this print.');
      linesOfOrder.set(
        order.orderId,
        order.lines.map((l) => l.id),
      );
      for (const line of order.lines) licences.set(line.id, `Personal use, ${line.quantity} print`);
    },
  };
  const licenceDetails: LineDetails<string> = {
    async of(orderIds) {
      const lineIds = orderIds.flatMap((id) => linesOfOrder.get(id) ?? []);
      return new Map(lineIds.map((id) => [id, licences.get(id)!]));
    },
    view: (licence) => ({ licence: licence ?? null }),
  };
  let photo: { photoId: number; optionIds: number[] };
  beforeAll(async () => {
    photo = await insertPhoto(app.ctx.db);
    app.modules.events.subscribe('order.payment-canceled', 'tests.licence-release', async () => undefined);
    app.modules.orders.addCheckoutHold('tests.licence', licenceHold);
    app.modules.orders.addLineDetails('tests.licence', licenceDetails);
  });

  async function checkout(c: HttpClient, email: string) {
    await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
    const quote = await c.json<{ total: number }>(c.post('/api/checkout/quote', { customerEmail: email }));
    return c.post('/api/checkout', { ...customer, customerEmail: email, totalAmount: quote.total });
  }

  it("shows the plug-in's line detail beside the edition's, on the admin's order and the buyer's page", async () => {
    const c = app.client();
    const { orderId } = await c.json<{ orderId: number }>(checkout(c, 'licensee@example.com'), 201);
    // the hold was given the buyer's inputs by plug-in name: promotions' own (no code entered)
    expect(seen.at(-1)?.extras).toEqual({ promotions: { code: null } });

    const detail = await admin.json<{ lineItems: { licence?: string; edition: unknown }[] }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.lineItems.map((l) => [l.licence, l.edition])).toEqual([['Personal use, 1 print', null]]);
    const { status_token: token } = await app.ctx.db('orders').where({ id: orderId }).first();
    const page = await c.json<{ items: { licence?: string }[] }>(c.get(`/api/orders/by-token/${token}`));
    expect(page.items.map((i) => i.licence)).toEqual(['Personal use, 1 print']);
  });

  it('a refusing hold leaves the order unwritten, with its message', async () => {
    const before = (await app.ctx.db('orders').count({ n: '*' }).first())!.n;
    const res = await checkout(app.client(), 'nolicence@example.com');
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain('No licence is left for this print.');
    expect((await app.ctx.db('orders').count({ n: '*' }).first())!.n).toBe(before);
  });

  it('refuses a second line details under its name', () => {
    expect(() => app.modules.orders.addLineDetails('tests.licence', licenceDetails)).toThrow(
      'registered twice',
    );
  });
});
