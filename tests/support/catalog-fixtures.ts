import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';
import { makeJpeg, toDataUrl } from './images';

/** The app with a signed-in admin and a 'birds' category: how each catalogue test file starts. */
export async function startCatalogApp(
  env: Record<string, string> = {},
): Promise<{ app: TestApp; admin: HttpClient }> {
  const app = await createTestApp(env);
  const admin = await app.admin();
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  return { app, admin };
}

export const countRows = async (app: TestApp, table: string) =>
  Number((await app.ctx.db(table).count('* as n'))[0].n);

export type CreatedPhoto = {
  id: number;
  title: string;
  version: number;
  imageUrl: string;
  thumbnailUrl: string;
  printOptions: { id: number }[];
  [key: string]: unknown;
};

let cachedJpeg: Buffer | null = null;
/** Adds a photo through the admin API (a small real JPEG unless one is given). */
export async function addPhoto(
  admin: HttpClient,
  fields: Record<string, unknown> = {},
  image?: Buffer,
): Promise<CreatedPhoto> {
  cachedJpeg ??= await makeJpeg(1200, 800);
  return admin.json<CreatedPhoto>(
    admin.post('/api/admin/photos', {
      title: 'Great Blue Heron',
      description: '<p>At dawn on the marsh.</p>',
      imageData: toDataUrl(image ?? cachedJpeg),
      imageType: 'image/jpeg',
      category: 'birds',
      aspectRatio: '3:2',
      ...fields,
    }),
    201,
  );
}

/** An order referencing a photo and an option, written straight to the tables (orders is another module). */
export async function insertOrder(app: TestApp, photoId: number, printOptionId: number): Promise<number> {
  const [order] = await app.ctx
    .db('orders')
    .insert({
      customer_name: 'Pat Buyer',
      customer_email: 'pat@example.com',
      shipping_address: '1 Marsh Road, Laurel, MD 20708',
      subtotal_cents: 9500,
      shipping_cents: 1500,
      total_cents: 11000,
    })
    .returning('id');
  await app.ctx.db('order_line_items').insert({
    order_id: order.id,
    photo_id: photoId,
    print_option_id: printOptionId,
    quantity: 1,
    price_cents: 9500,
    shipping_cents: 1500,
    title: 'snapshot',
    size: '8x12',
    format: 'Metal',
  });
  return order.id as number;
}
