import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../src/platform/db';
import type { HttpClient } from './http-client';

const jpegs = new Map<string, Promise<Buffer>>();
/** A plain JPEG of this size (1 x 1 unless a test needs its pixels: a print lab's resolution rules). */
function jpeg(width = 1, height = 1): Promise<Buffer> {
  const key = `${width}x${height}`;
  if (!jpegs.has(key))
    jpegs.set(
      key,
      sharp({ create: { width, height, channels: 3, background: '#557755' } })
        .jpeg()
        .toBuffer(),
    );
  return jpegs.get(key)!;
}

export type OptionSpec = { size: string; format?: string; priceCents: number; shippingCents?: number };

/**
 * A photo with catalogue options assigned to it, written straight into the tables (so these
 * tests do not depend on the catalogue's admin routes).
 */
export async function insertPhoto(
  db: Db,
  spec: {
    title?: string;
    aspectRatio?: string;
    options?: OptionSpec[];
    pixels?: { width: number; height: number };
  } = {},
): Promise<{ photoId: number; optionIds: number[] }> {
  const { width, height } = spec.pixels ?? { width: 1, height: 1 };
  const data = await jpeg(width, height);
  const [{ id: assetId }] = await db('media_assets')
    .insert({
      kind: 'photo',
      data,
      mime_type: 'image/jpeg',
      width,
      height,
      byte_size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    })
    .returning('id');
  const aspectRatio = spec.aspectRatio ?? '4:5';
  const [{ id: photoId }] = await db('photos')
    .insert({ title: spec.title ?? 'Heron at Dawn', original_id: assetId, aspect_ratio: aspectRatio })
    .returning('id');
  const optionIds: number[] = [];
  for (const o of spec.options ?? [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }]) {
    const [{ id }] = await db('print_options')
      .insert({
        aspect_ratio: aspectRatio,
        size: o.size,
        format: o.format ?? 'Lustre Paper',
        price_cents: o.priceCents,
        shipping_cents: o.shippingCents ?? 0,
      })
      .returning('id');
    await db('photo_print_options').insert({ photo_id: photoId, print_option_id: id });
    optionIds.push(id);
  }
  return { photoId, optionIds };
}

export const customer = {
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  // Maryland: no sales tax is preset there (DC's is), so the spec's totals hold; tax tests choose DC
  shippingAddress: '4400 Baltimore Avenue\nBladensburg, MD 20710',
};

/** The test provider's card that succeeds (4000 0000 0000 0002 is declined), with the buyer's name. */
export const testCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  name: 'Ada',
  email: customer.customerEmail,
};

type CartItem = { photoId: number; printOptionId: number; quantity: number };

/** Makes the client's cart hold exactly these lines (checkout orders the server's cart). */
export async function fillCart(client: HttpClient, items: CartItem[]): Promise<void> {
  await client.json(client.delete('/api/cart'));
  for (const item of items) await client.json(client.post('/api/cart', item), 201);
}

/** Places an order through the API for the given lines (put in the cart); returns its id and totals. */
export async function placeOrder(
  client: HttpClient,
  items: CartItem[],
  totalAmount: number,
  overrides: Partial<typeof customer> = {},
): Promise<{ orderId: number; subtotal: number; shipping: number; total: number }> {
  await fillCart(client, items);
  return client.json(client.post('/api/checkout', { ...customer, ...overrides, totalAmount }), 201);
}

/**
 * A buyer checks these lines out to an address with its parts (the quoted total) and pays with the
 * test card: the order's id (paid once the payment's reconciliation has run).
 */
export async function checkoutAndPay(
  client: HttpClient,
  items: CartItem[],
  address: { line1: string; line2: string | null; city: string; state: string; zip: string },
): Promise<number> {
  await fillCart(client, items);
  const quote = await client.json<{ total: number }>(
    client.post('/api/checkout/quote', { address: { state: address.state } }),
  );
  const { orderId, total } = await client.json<{ orderId: number; total: number }>(
    client.post('/api/checkout', { ...customer, address, totalAmount: quote.total }),
    201,
  );
  const { clientSecret } = await client.json<{ clientSecret: string }>(
    client.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await client.json(client.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  return orderId;
}

export async function setShippingNotice(
  db: Db,
  notice: { line1: string; line2?: string; isActive: boolean },
) {
  await db('shipping_notice')
    .insert({ id: 1, is_active: notice.isActive, line1: notice.line1, line2: notice.line2 ?? null })
    .onConflict('id')
    .merge();
}
