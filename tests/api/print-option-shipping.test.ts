import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintOption } from '../../src/contract';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, countRows, startCatalogApp } from '../support/catalog-fixtures';

// Issue 22, item 4: an add-form option gets its shipping, and an option matching a catalogue
// option (ratio, size, format) is that option, not a near-copy.

type Err = { message: string; errors?: Record<string, string> };
let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(() => app?.close());

const count = (table: string) => countRows(app, table);
/** The options the public photo page offers for a photo. */
/** The photo's public options, each as the catalogue's (they also carry their edition: none here). */
const offered = async (photoId: number) => {
  const photo = await admin.json<{ printOptions: (PrintOption & { edition: unknown; crop: unknown })[] }>(
    app.client().get(`/api/photos/${photoId}`),
  );
  return photo.printOptions.map(({ edition, crop, ...option }) => {
    expect(edition).toBeNull();
    expect(crop).toEqual({ x: 50, y: 50, custom: false });
    return option;
  });
};
const addFormOption = (body: Record<string, unknown>, status = 201) =>
  admin.json<PrintOption>(admin.post('/api/admin/print-options', body), status);
const catalogueOption = (body: Record<string, unknown>) =>
  admin.json<PrintOption>(admin.post('/api/admin/item-options', body), 201);

describe('POST /api/admin/print-options (the add-photo form)', () => {
  it('saves the shipping given for a new option, in the catalogue and on the photo', async () => {
    const photo = await addPhoto(admin);
    const before = await count('print_options');
    const option = await addFormOption({
      photoId: photo.id,
      size: '16x24',
      material: 'Metal',
      price: 225,
      shipping: 20,
      inStock: true,
    });
    expect(option).toMatchObject({
      aspectRatio: '3:2',
      size: '16x24',
      format: 'Metal',
      price: 225,
      shipping: 20,
    });
    expect(await count('print_options')).toBe(before + 1);
    const row = await app.ctx.db('print_options').where({ id: option.id }).first();
    expect(row).toMatchObject({ price_cents: 22500, shipping_cents: 2000 });
    expect(await offered(photo.id)).toEqual([option]);
  });

  it('is the catalogue option with the same ratio, size and format: its shipping, no new row, assigned', async () => {
    const existing = await catalogueOption({
      aspectRatio: '3:2',
      size: '12x18',
      format: 'Lustre Paper',
      price: 85,
      shipping: 10,
    });
    const first = await addPhoto(admin);
    const second = await addPhoto(admin);
    const before = await count('print_options');

    // no shipping sent (the spec's client): the catalogue's; size and format match loosely
    const a = await addFormOption({
      photoId: first.id,
      size: ' 12 X 18 ',
      material: 'lustre  paper',
      price: 85,
    });
    expect(a).toEqual(existing);
    // a different typed price and shipping do not make a near-copy nor change the catalogue
    const b = await addFormOption({
      photoId: second.id,
      size: '12×18',
      material: 'Lustre Paper',
      price: 150,
      shipping: 0,
    });
    expect(b).toEqual(existing);

    expect(await count('print_options')).toBe(before);
    expect(await offered(first.id)).toEqual([existing]);
    expect(await offered(second.id)).toEqual([existing]);
    const catalogue = await admin.json<PrintOption[]>(app.client().get('/api/item-options'));
    expect(catalogue.filter((o) => o.size === '12x18' && o.aspectRatio === '3:2')).toEqual([existing]);
  });

  it('does not match an option of another aspect ratio', async () => {
    const landscape = await catalogueOption({
      aspectRatio: '3:2',
      size: '8x12',
      format: 'Canvas',
      price: 120,
      shipping: 15,
    });
    const portrait = await addPhoto(admin, { aspectRatio: '2:3' });
    const option = await addFormOption({
      photoId: portrait.id,
      size: '8x12',
      material: 'Canvas',
      price: 130,
      shipping: 12,
    });
    expect(option.id).not.toBe(landscape.id);
    expect(option).toMatchObject({ aspectRatio: '2:3', price: 130, shipping: 12 });
  });

  it('makes one catalogue option when the same new option is sent for two photos at once', async () => {
    const [p1, p2, p3] = [await addPhoto(admin), await addPhoto(admin), await addPhoto(admin)];
    const before = await count('print_options');
    const body = { size: '20x30', material: 'Fine Art Paper', price: 275, shipping: 25 };
    const made = await Promise.all([p1, p2, p3].map((p) => addFormOption({ ...body, photoId: p.id })));
    expect(new Set(made.map((o) => o.id)).size).toBe(1);
    expect(await count('print_options')).toBe(before + 1);
    for (const p of [p1, p2, p3]) expect((await offered(p.id)).map((o) => o.id)).toEqual([made[0].id]);
  });

  it('keeps a new option without shipping free, as the spec client expects', async () => {
    const photo = await addPhoto(admin);
    const option = await addFormOption({ photoId: photo.id, size: '5x7', material: 'Postcard', price: 15 });
    expect(option.shipping).toBe(0);
  });

  it('refuses negative shipping with the spec message and changes nothing', async () => {
    const photo = await addPhoto(admin);
    const before = [await count('print_options'), await count('photo_print_options')];
    const err = (await addFormOption(
      { photoId: photo.id, size: '24x36', material: 'Canvas', price: 300, shipping: -5 },
      400,
    )) as unknown as Err;
    expect(err.errors).toEqual({ shipping: 'Shipping cannot be negative' });
    expect([await count('print_options'), await count('photo_print_options')]).toEqual(before);
    expect(await offered(photo.id)).toEqual([]);
  });
});

describe('POST /api/admin/photos with the add form options', () => {
  it('saves each option with its shipping, reusing the catalogue option that matches', async () => {
    const existing = await catalogueOption({
      aspectRatio: '3:2',
      size: '10x15',
      format: 'Lustre Paper',
      price: 60,
      shipping: 9,
    });
    const before = await count('print_options');
    const photo = await addPhoto(admin, {
      printOptions: [
        { size: '10X15', material: 'Lustre Paper', price: 95, inStock: true },
        { size: '30x45', material: 'Metal', price: 450, shipping: 35, inStock: true },
      ],
    });
    expect(await count('print_options')).toBe(before + 1);
    const options = await offered(photo.id);
    expect(options.map((o) => [o.id === existing.id, o.size, o.format, o.price, o.shipping])).toEqual([
      [true, '10x15', 'Lustre Paper', 60, 9],
      [false, '30x45', 'Metal', 450, 35],
    ]);
  });

  it('refuses a negative shipping on a row, naming it, and stores nothing', async () => {
    const before = [await count('photos'), await count('print_options'), await count('photo_print_options')];
    const res = await admin.post('/api/admin/photos', {
      title: 'Never stored',
      description: '<p>x</p>',
      imageData: 'data:image/jpeg;base64,/9j/4AAQ',
      imageType: 'image/jpeg',
      category: 'birds',
      aspectRatio: '3:2',
      printOptions: [
        { size: '8x10 inch', material: 'Lustre Paper', price: 95 },
        { size: '12x16 inch', material: 'Lustre Paper', price: 150, shipping: -1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).errors).toEqual({
      'printOptions.1.shipping': 'Shipping cannot be negative',
    });
    expect([await count('photos'), await count('print_options'), await count('photo_print_options')]).toEqual(
      before,
    );
  });
});
