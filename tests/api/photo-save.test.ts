import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import type { PhotoDetail, PrintOption } from '../../src/contract';
import { addPhoto, countRows, startCatalogApp } from '../support/catalog-fixtures';
import { makeJpeg, toDataUrl } from '../support/images';

// A photo saved with its print options is one request applied in one transaction: either all of
// it is stored, or (invalid input, a foreign option, a database failure halfway) none of it.

type Err = { message: string; errors?: Record<string, string> };

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(() => app?.close());

const count = (table: string) => countRows(app, table);
const counts = async () => ({
  photos: await count('photos'),
  assets: await count('media_assets'),
  options: await count('print_options'),
  links: await count('photo_print_options'),
  events: await count('domain_events'),
});
const detail = (id: number) => admin.json<PhotoDetail>(admin.get(`/api/admin/photos/${id}`));
/** Everything a save could change: the photo, its options, the catalogue and the row counts. */
const snapshot = async (id: number) => ({
  photo: await detail(id),
  catalogue: await admin.json<PrintOption[]>(admin.get('/api/item-options')),
  counts: await counts(),
});

/** A photo with two catalogue options of its own, created through the per-option routes. */
async function photoWithTwoOptions(title: string): Promise<PhotoDetail> {
  const photo = await addPhoto(admin, { title });
  for (const size of ['8x12 inch', '12x18 inch'])
    await admin.json(
      admin.post(`/api/admin/photos/${photo.id}/item-options`, {
        size,
        format: 'Metal',
        price: 90,
        shipping: 10,
      }),
      201,
    );
  return detail(photo.id);
}

const addPhotoWithOptions = async (fields: Record<string, unknown>) =>
  detail((await addPhoto(admin, fields)).id);

const newPhotoBody = async (title: string) => ({
  title,
  description: '<p>At dawn.</p>',
  imageData: toDataUrl(await makeJpeg(600, 400)),
  category: 'birds',
  aspectRatio: '3:2',
});

const photoBody = (photo: PhotoDetail, changes: Record<string, unknown> = {}) => ({
  title: photo.title,
  description: photo.description,
  location: photo.location,
  dateTaken: photo.dateTaken,
  aspectRatio: photo.aspectRatio,
  category: photo.category,
  displayOrder: photo.displayOrder,
  featured: photo.featured,
  verticalPosition: photo.verticalPosition,
  ...changes,
});

describe('adding a photo with its print options', () => {
  it('stores the photo and every option in one request', async () => {
    const photo = await addPhotoWithOptions({
      title: 'Kingfisher',
      printOptions: [
        { size: '8x10 inch', material: 'Lustre Paper', price: 95, inStock: true },
        { size: '12x16 inch', material: 'Lustre Paper', price: 150, inStock: true },
      ],
    });
    // stored in the one form of a size ('8x10 inch' is 8x10)
    expect(photo.printOptions.map((o) => [o.size, o.format, o.price])).toEqual([
      ['8x10', 'Lustre Paper', 95],
      ['12x16', 'Lustre Paper', 150],
    ]);
    // a second photo with the same option reuses the catalogue entry
    const again = await addPhotoWithOptions({
      title: 'Kingfisher two',
      printOptions: [{ size: '8x10 inch', material: 'lustre paper', price: 95 }],
    });
    expect(again.printOptions.map((o) => o.id)).toEqual([photo.printOptions[0].id]);
  });

  it('stores nothing when a later option is invalid, and names the field', async () => {
    const before = await counts();
    const res = await admin.post('/api/admin/photos', {
      ...(await newPhotoBody('Never stored')),
      printOptions: [
        { size: '8x10 inch', material: 'Lustre Paper', price: 95 },
        { size: '12x16 inch', material: 'Lustre Paper', price: 0 },
      ],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Err;
    expect(body.errors).toEqual({ 'printOptions.1.price': 'Price must be greater than 0' });
    expect(await counts()).toEqual(before);
  });

  it('reads the aspect ratio from the image when options are sent without one', async () => {
    const saved = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', {
        ...(await newPhotoBody('No ratio')),
        aspectRatio: null,
        printOptions: [{ size: '8x10 inch', material: 'Lustre Paper', price: 95 }],
      }),
      201,
    );
    // 600x400: 3:2, and the option is for that ratio
    expect(saved.aspectRatio).toBe('3:2');
    expect(saved.printOptions).toMatchObject([{ aspectRatio: '3:2', size: '8x10' }]);
  });
});

describe('editing a photo with its print options', () => {
  it('applies the fields and every option create, update and removal together', async () => {
    const photo = await photoWithTwoOptions('Egret');
    const [keep, drop] = photo.printOptions;
    const saved = await admin.json<PhotoDetail>(
      admin.put(`/api/admin/photos/${photo.id}`, {
        ...photoBody(photo, { title: 'Egret at dusk' }),
        printOptions: {
          create: [{ size: '5x7 inch', format: 'Fine Art Paper', price: 45, shipping: 8 }],
          update: [{ id: keep.id, size: keep.size, format: 'Acrylic', price: 120, shipping: 12 }],
          remove: [drop.id],
        },
      }),
    );
    expect(saved.title).toBe('Egret at dusk');
    expect(saved.printOptions.map((o) => [o.size, o.format, o.price, o.shipping])).toEqual([
      ['5x7', 'Fine Art Paper', 45, 8],
      ['8x12', 'Acrylic', 120, 12],
    ]);
    expect(await detail(photo.id)).toEqual(saved);
    // removing unassigns: the catalogue keeps the option
    expect(await app.ctx.db('print_options').where({ id: drop.id })).toHaveLength(1);
  });

  it('keeps working without printOptions (the spec route as before)', async () => {
    const photo = await photoWithTwoOptions('Plain edit');
    const saved = await admin.json<PhotoDetail>(
      admin.put(`/api/admin/photos/${photo.id}`, photoBody(photo, { title: 'Plain edit 2' })),
    );
    expect(saved.title).toBe('Plain edit 2');
    expect(saved.printOptions).toEqual(photo.printOptions);
  });

  it('changes nothing when a later option is invalid', async () => {
    const photo = await photoWithTwoOptions('Invalid later');
    const [first, second] = photo.printOptions;
    const before = await snapshot(photo.id);
    const res = await admin.put(`/api/admin/photos/${photo.id}`, {
      ...photoBody(photo, { title: 'Changed' }),
      printOptions: {
        create: [{ size: '5x7 inch', format: 'Paper', price: 40, shipping: 0 }],
        update: [
          { id: first.id, size: 'Bigger', format: 'Metal', price: 99, shipping: 1 },
          { id: second.id, size: '', format: 'Metal', price: 99, shipping: 1 },
        ],
        remove: [],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).errors).toEqual({ 'printOptions.update.1.size': 'Size is required' });
    expect(await snapshot(photo.id)).toEqual(before);
  });

  it("changes nothing when an option is another photo's or unknown, and names it", async () => {
    const photo = await photoWithTwoOptions('Own');
    const other = await photoWithTwoOptions('Other');
    const before = await snapshot(photo.id);
    const foreign = other.printOptions[1].id;
    const res = await admin.put(`/api/admin/photos/${photo.id}`, {
      ...photoBody(photo, { title: 'Changed' }),
      printOptions: {
        create: [{ size: '5x7 inch', format: 'Paper', price: 40, shipping: 0 }],
        update: [
          { id: photo.printOptions[0].id, size: 'Bigger', format: 'Metal', price: 99, shipping: 1 },
          { id: foreign, size: 'Hijacked', format: 'Metal', price: 1, shipping: 1 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).errors).toEqual({
      'printOptions.update.1.id': `Print option ${foreign} is not offered for this photo.`,
    });
    expect(await snapshot(photo.id)).toEqual(before);
    expect(await detail(other.id)).toEqual(other);

    const unknown = await admin.put(`/api/admin/photos/${photo.id}`, {
      ...photoBody(photo, { title: 'Changed' }),
      printOptions: { remove: [photo.printOptions[0].id, 999_999] },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(((await unknown.json()) as Err).errors ?? {})).toEqual(['printOptions.remove.1']);
    expect(await snapshot(photo.id)).toEqual(before);
  });
});

describe('a database failure halfway through a photo save', () => {
  it('rolls back the photo fields and the options already written (a constraint violation)', async () => {
    const photo = await photoWithTwoOptions('Constraint');
    const before = await snapshot(photo.id);
    // a rule the server does not check up front, so the failure happens inside the transaction,
    // after the photo row, the removal and the first new option were written
    await app.ctx.db.raw(`alter table print_options add constraint no_boom check (size <> 'Boom')`);
    try {
      const res = await admin.put(`/api/admin/photos/${photo.id}`, {
        ...photoBody(photo, { title: 'Half saved?' }),
        printOptions: {
          create: [
            { size: '5x7 inch', format: 'Paper', price: 40, shipping: 0 },
            { size: 'Boom', format: 'Paper', price: 40, shipping: 0 },
          ],
          remove: [photo.printOptions[1].id],
        },
      });
      expect(res.status).toBe(500);
    } finally {
      await app.ctx.db.raw('alter table print_options drop constraint no_boom');
    }
    expect(await snapshot(photo.id)).toEqual(before);
  });

  it('rolls back when an option is archived while the save runs', async () => {
    const photo = await photoWithTwoOptions('Concurrent');
    const target = photo.printOptions[0].id;
    const before = await snapshot(photo.id);
    // stands in for another admin archiving the option between the checks and the option writes
    await app.ctx.db.raw(`
      create function archive_target() returns trigger language plpgsql as $$
      begin update print_options set archived_at = now() where id = ${target}; return new; end $$;
      create trigger archive_target after update on photos for each row execute function archive_target();
    `);
    try {
      const res = await admin.put(`/api/admin/photos/${photo.id}`, {
        ...photoBody(photo, { title: 'Half saved?' }),
        printOptions: {
          create: [{ size: '5x7 inch', format: 'Paper', price: 40, shipping: 0 }],
          update: [{ id: target, size: 'Bigger', format: 'Metal', price: 99, shipping: 1 }],
        },
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Err).message).toBe('Print option not found.');
    } finally {
      await app.ctx.db.raw('drop trigger archive_target on photos; drop function archive_target()');
    }
    expect(await snapshot(photo.id)).toEqual(before);
  });
});
