import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto } from '../support/shop-data';

// Issue 25: the shipping address in parts (tax by state and ZIP, a print lab), and the spec's
// one-text form still taken from its client.

let app: TestApp;
let line: { photoId: number; printOptionId: number; quantity: number };
beforeAll(async () => {
  app = await createTestApp();
  const photo = await insertPhoto(app.ctx.db, {
    title: 'Egret',
    options: [{ size: '8x10 inch', priceCents: 5000, shippingCents: 500 }],
  });
  line = { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 };
});
afterAll(() => app?.close());

const TOTAL = 55;
const { customerName, customerEmail } = customer;
const parts = {
  line1: '11701 Berwick Road',
  line2: 'Apt 2',
  city: 'Silver Spring',
  state: 'MD',
  zip: '20904',
};

async function orderRow(orderId: number) {
  return app.ctx.db('orders').where({ id: orderId }).first();
}
const countOrders = async () => Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n);

describe('checkout address', () => {
  it('stores the parts and the multi-line text composed from them; the admin sees both', async () => {
    const c = app.client();
    await fillCart(c, [line]);
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: parts, totalAmount: TOTAL }),
      201,
    );
    expect(await orderRow(orderId)).toMatchObject({
      shipping_address: '11701 Berwick Road\nApt 2\nSilver Spring, MD 20904',
      address_line1: '11701 Berwick Road',
      address_line2: 'Apt 2',
      address_city: 'Silver Spring',
      address_state: 'MD',
      address_zip: '20904',
      address_needs_review: false,
    });
    const admin = await app.admin();
    const detail = await admin.json<{ order: Record<string, unknown> }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order).toMatchObject({
      shippingAddress: '11701 Berwick Road\nApt 2\nSilver Spring, MD 20904',
      address: parts,
      addressNeedsReview: false,
    });
    const csv = await (await admin.get('/api/admin/orders.csv?payment=all')).text();
    // then issue 25's promotion code, discount, tax and tax state (none in Maryland)
    expect(csv).toContain(',11701 Berwick Road,Apt 2,Silver Spring,MD,20904,,0.00,0.00,,0,\r\n');

    // a retry (the same session and cart) reuses the order with the new address
    const retry = await c.json<{ orderId: number }>(
      c.post('/api/checkout', {
        customerName,
        customerEmail,
        address: { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701-1234' },
        totalAmount: TOTAL,
      }),
      201,
    );
    expect(retry.orderId).toBe(orderId);
    expect(await orderRow(orderId)).toMatchObject({
      shipping_address: '1 Main St\nAustin, TX 78701-1234',
      address_line1: '1 Main St',
      address_line2: null,
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78701-1234',
    });
    // the buyer's page still shows no street
    const { status_token } = await orderRow(orderId);
    const page = await c.json<{ shippingAddress: string }>(c.get(`/api/orders/by-token/${status_token}`));
    expect(page.shippingAddress).toBe('Street address on file\nAustin, TX 78701-1234');
  });

  it("reads the spec's one-text address into parts, keeping the text as given", async () => {
    const c = app.client();
    await fillCart(c, [line]);
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', {
        customerName,
        customerEmail,
        shippingAddress: '1600 Pennsylvania Ave NW, Washington, DC 20500',
        totalAmount: TOTAL,
      }),
      201,
    );
    expect(await orderRow(orderId)).toMatchObject({
      shipping_address: '1600 Pennsylvania Ave NW, Washington, DC 20500',
      address_line1: '1600 Pennsylvania Ave NW',
      address_line2: null,
      address_city: 'Washington',
      address_state: 'DC',
      address_zip: '20500',
      address_needs_review: false,
    });
  });

  it('keeps a one-text address it can not read, flagged for the owner', async () => {
    const c = app.client();
    await fillCart(c, [line]);
    const text = 'The blue house past the old mill\nNear Smallville';
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, shippingAddress: text, totalAmount: TOTAL }),
      201,
    );
    expect(await orderRow(orderId)).toMatchObject({
      shipping_address: text,
      address_line1: null,
      address_state: null,
      address_zip: null,
      address_needs_review: true,
    });
    const admin = await app.admin();
    const detail = await admin.json<{ order: Record<string, unknown> }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order).toMatchObject({ shippingAddress: text, address: null, addressNeedsReview: true });
  });

  it('refuses missing parts, a bad ZIP or state, markup and NUL with field messages, storing nothing', async () => {
    const c = app.client();
    await fillCart(c, [line]);
    const before = await countOrders();
    const post = (address: unknown) =>
      c.json<{ errors: Record<string, string> }>(
        c.post('/api/checkout', { customerName, customerEmail, address, totalAmount: TOTAL }),
        400,
      );
    expect((await post({ ...parts, line1: ' ', city: '' })).errors).toEqual({
      'address.line1': 'Please enter your complete shipping address',
      'address.city': 'Please enter your complete shipping address',
    });
    expect((await post({ ...parts, zip: '2090' })).errors).toEqual({
      'address.zip': 'Please enter a valid ZIP code (5 digits, or ZIP+4)',
    });
    expect((await post({ ...parts, state: 'ZZ' })).errors).toEqual({
      'address.state': 'Please choose a US state or territory',
    });
    expect((await post({ ...parts, line2: '<script>x</script>' })).errors).toEqual({
      'address.line2': 'The address must not contain line breaks, < or >',
    });
    expect((await post({ ...parts, city: 'Silver\nSpring' })).errors).toEqual({
      'address.city': 'The address must not contain line breaks, < or >',
    });
    expect((await post({ ...parts, line1: 'x'.repeat(101) })).errors).toEqual({
      'address.line1': 'Each address line must be at most 100 characters',
    });
    const nul = await c.post('/api/checkout', {
      customerName,
      customerEmail,
      address: { ...parts, line1: '1 Main\u0000St' },
      totalAmount: TOTAL,
    });
    expect(nul.status).toBe(400);
    // no address at all: the spec's message at the spec's field
    const none = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { customerName, customerEmail, totalAmount: TOTAL }),
      400,
    );
    expect(none.errors).toEqual({ shippingAddress: 'Please enter your complete shipping address' });
    expect(await countOrders()).toBe(before);
  });
});
