import type { HttpClient } from './http-client';
import { customer, fillCart, insertPhoto, testCard } from './shop-data';
import type { TestApp } from './test-app';

// Issue 46: a paid order with licence lines, for the licence delivery and check page tests.

const address = {
  line1: '4400 Baltimore Avenue',
  line2: null,
  city: 'Bladensburg',
  state: 'MD',
  zip: '20710',
};
export type Licensed = {
  orderId: number;
  statusToken: string;
  lineIds: number[];
  photoId: number;
  c: HttpClient;
};

export type LicensedOrderOptions = { licences?: number; pay?: boolean; email?: string };

/**
 * A print and `licences` licence lines ordered (the licence lines as checkout writes them: Personal,
 * then Editorial, alternating the first two download sizes; the licensee "Friends of the Refuge"),
 * paid through the test card unless `pay: false`.
 */
export async function orderLicences(app: TestApp, opts: LicensedOrderOptions = {}): Promise<Licensed> {
  const db = () => app.ctx.db;
  const c = app.client();
  const photo = await insertPhoto(db(), {
    title: 'Great Blue Heron',
    options: [{ size: '8x10 inch', priceCents: 4000, shippingCents: 500 }],
  });
  await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
  const quote = await c.json<{ total: number }>(c.post('/api/checkout/quote', { address: { state: 'MD' } }));
  const email = opts.email ?? customer.customerEmail;
  const { orderId, total } = await c.json<{ orderId: number; total: number }>(
    c.post('/api/checkout', { ...customer, customerEmail: email, address, totalAmount: quote.total }),
    201,
  );
  const [personal] = await db()('licences').where({ slug: 'personal' });
  const [editorial] = await db()('licences').where({ slug: 'editorial' });
  const sizes = await db()('download_sizes').orderBy('position');
  const lineIds: number[] = [];
  for (let i = 0; i < (opts.licences ?? 1); i++) {
    const licence = i % 2 ? editorial : personal;
    const [row] = await db()('order_line_items')
      .insert({
        order_id: orderId,
        photo_id: photo.photoId,
        kind: 'licence',
        licence_id: licence.id,
        download_size_id: sizes[i % 2].id,
        print_option_id: null,
        quantity: 1,
        price_cents: 1500,
        shipping_cents: 0,
        title: 'Great Blue Heron',
        size: sizes[i % 2].label,
        format: licence.name,
      })
      .returning('id');
    lineIds.push(row.id);
  }
  await db()('orders')
    .where({ id: orderId })
    .update({ licensee_name: 'Friends of the Refuge', licensee_kind: 'organisation' });
  if (opts.pay ?? true) {
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, email, clientSecret }));
  }
  const { status_token: statusToken } = await db()('orders').where({ id: orderId }).first();
  return { orderId, statusToken, lineIds, photoId: photo.photoId, c };
}
