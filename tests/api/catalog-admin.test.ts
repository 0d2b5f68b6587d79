import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, countRows, insertOrder, startCatalogApp } from '../support/catalog-fixtures';
import { makeJpeg, toDataUrl } from '../support/images';

type Err = { message: string; errors?: Record<string, string> };
let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
  await admin.json(
    admin.post('/api/admin/categories', { name: 'landscapes', displayName: 'Landscapes' }),
    201,
  );
});
afterAll(() => app?.close());

const count = (table: string) => countRows(app, table);

describe('admin catalogue access', () => {
  it('refuses every admin catalogue call when signed out, and writes nothing', async () => {
    const c = app.client();
    const calls: [string, string][] = [
      ['GET', '/api/admin/photos'],
      ['GET', '/api/admin/photos/1'],
      ['POST', '/api/admin/photos'],
      ['PUT', '/api/admin/photos/1'],
      ['DELETE', '/api/admin/photos/1'],
      ['POST', '/api/admin/print-options'],
      ['POST', '/api/admin/item-options'],
      ['PUT', '/api/admin/item-options/1'],
      ['DELETE', '/api/admin/item-options/1'],
      ['POST', '/api/admin/photos/1/item-options'],
      ['POST', '/api/admin/photos/1/item-options/1'],
      ['DELETE', '/api/admin/photos/1/item-options/1'],
      ['POST', '/api/admin/categories'],
      ['PUT', '/api/admin/categories/reorder'],
      ['PUT', '/api/admin/categories/1'],
      ['DELETE', '/api/admin/categories/1'],
    ];
    for (const [method, path] of calls) {
      const res = await c.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await count('categories')).toBe(2);
  });
});

describe('admin photos', () => {
  it('creates a photo with sanitized description and returns it with its URLs', async () => {
    const photo = await addPhoto(admin, {
      description: '<p onclick="x()">Hi <script>alert(1)</script><b>there</b></p>',
      featured: 'true',
      verticalPosition: 30,
      location: '  ',
    });
    expect(photo).toMatchObject({
      description: '<p>Hi <strong>there</strong></p>',
      featured: true,
      verticalPosition: 30,
      location: null,
      imageUrl: `/api/photos/${photo.id}/image?v=1`,
    });
    const list = await admin.json<{ id: number }[]>(admin.get('/api/admin/photos'));
    expect(list.map((p) => p.id)).toContain(photo.id);
    expect((await admin.json<{ id: number }>(admin.get(`/api/admin/photos/${photo.id}`))).id).toBe(photo.id);
  });

  it('answers 400 with per-field messages for bad input, and writes nothing', async () => {
    const before = [await count('photos'), await count('media_assets')];
    const body = await admin.json<Err>(
      admin.post('/api/admin/photos', {
        title: '',
        description: 'x',
        category: 'birds',
        verticalPosition: 120,
      }),
      400,
    );
    expect(body.errors).toMatchObject({
      title: 'Title is required',
      imageData: 'Please upload a photo image',
      verticalPosition: 'Vertical position must be between 0 and 100',
    });
    const unknown = await admin.json<Err>(
      admin.post('/api/admin/photos', {
        title: 'T',
        description: '',
        category: 'nope',
        imageData: toDataUrl(await makeJpeg(300, 200)),
      }),
      400,
    );
    expect(unknown.errors?.category).toBe(
      'The category "nope" does not exist. Choose one of the existing categories.',
    );
    const longRatio = await admin.json<Err>(
      admin.post('/api/admin/photos', {
        title: 'T',
        description: '',
        category: 'birds',
        imageData: 'AAAA',
        aspectRatio: '12345:678',
      }),
      400,
    );
    expect(longRatio.errors?.aspectRatio).toBe('Aspect ratio must be at most 7 characters');
    expect([await count('photos'), await count('media_assets')]).toEqual(before);
  });

  // issue 51: a bell, an escape or a right-to-left override (which shows "Owl" as "lwO") in a name
  it('refuses control and direction characters in species, titles, the sensitive list and categories, changing nothing', async () => {
    const photo = await addPhoto(admin, { title: 'Barn Owl', speciesCommon: 'Barn Owl' });
    const species = await admin.json<{ species: string[] }>(admin.get('/api/admin/sensitive-species'));
    const categories = await admin.json(admin.get('/api/categories'));
    const photos = await count('photos');
    const bad = [
      'Barn\u0007Owl',
      'Barn \u001b[31mOwl',
      '\u202eOwl',
      'Owl\u2066x\u2069',
      'Owl\u200f',
      'A\u0085B',
    ];
    const fields = { title: 'Barn Owl', description: '', category: 'birds' };
    for (const text of bad) {
      const cases: [string, Record<string, unknown>, string][] = [
        [
          'speciesCommon',
          { ...fields, speciesCommon: text },
          'Species (common name) must not contain control characters',
        ],
        [
          'speciesScientific',
          { ...fields, speciesScientific: text },
          'Scientific name must not contain control characters',
        ],
        ['title', { ...fields, title: text }, 'Title must not contain control characters'],
      ];
      for (const [field, body, message] of cases) {
        const put = await admin.json<Err>(admin.put(`/api/admin/photos/${photo.id}`, body), 400);
        expect(put.errors?.[field], JSON.stringify(text)).toBe(message);
        const post = await admin.json<Err>(
          admin.post('/api/admin/photos', { ...body, imageData: toDataUrl(await makeJpeg(300, 200)) }),
          400,
        );
        expect(post.errors?.[field]).toBe(message);
      }
      const list = await admin.json<Err>(
        admin.put('/api/admin/sensitive-species', { species: ['Bald Eagle', text] }),
        400,
      );
      expect(list.message).toContain('A species name must not contain control characters');
      const category = await admin.json<Err>(
        admin.post('/api/admin/categories', { name: 'owls', displayName: text }),
        400,
      );
      expect(category.errors?.displayName).toBe('Display name must not contain control characters');
    }
    expect(await admin.json(admin.get(`/api/admin/photos/${photo.id}`))).toMatchObject({
      title: 'Barn Owl',
      speciesCommon: 'Barn Owl',
      speciesScientific: null,
    });
    expect(await admin.json(admin.get('/api/admin/sensitive-species'))).toEqual(species);
    expect(await admin.json(admin.get('/api/categories'))).toEqual(categories);
    expect(await count('photos')).toBe(photos);
    // accents, other scripts and a plain right-to-left name are names
    const fine = await admin.json(
      admin.put(`/api/admin/photos/${photo.id}`, {
        ...fields,
        title: 'Chouette effraie',
        speciesCommon: 'בז מצוי',
      }),
    );
    expect(fine).toMatchObject({ title: 'Chouette effraie', speciesCommon: 'בז מצוי' });
  });

  it('updates fields without touching the image, and bumps the version when a new image is chosen', async () => {
    const photo = await addPhoto(admin);
    const { original_id: oldAsset } = await app.ctx.db('photos').where({ id: photo.id }).first();
    const fields = {
      title: 'Renamed',
      description: '<p>New</p>',
      category: 'landscapes',
      aspectRatio: '3:2',
    };
    const same = await admin.json<{ title: string; imageUrl: string }>(
      admin.put(`/api/admin/photos/${photo.id}`, fields),
    );
    expect(same).toMatchObject({ title: 'Renamed', imageUrl: `/api/photos/${photo.id}/image?v=1` });
    const changed = await admin.json<{ imageUrl: string; width: number }>(
      admin.put(`/api/admin/photos/${photo.id}`, {
        ...fields,
        imageData: toDataUrl(await makeJpeg(1000, 500)),
      }),
    );
    expect(changed).toMatchObject({ imageUrl: `/api/photos/${photo.id}/image?v=2`, width: 1000 });
    expect(await app.ctx.db('media_assets').where({ id: oldAsset }).first()).toBeUndefined();
    expect((await admin.put('/api/admin/photos/999999', fields)).status).toBe(404);
    expect((await admin.put('/api/admin/photos/abc', fields)).status).toBe(400);
  });

  it('deletes a photo no order references, and archives one that an order references', async () => {
    const loose = await addPhoto(admin);
    expect(await admin.json(admin.delete(`/api/admin/photos/${loose.id}`))).toEqual({
      message: 'Photo deleted.',
      archived: false,
    });
    expect(await app.ctx.db('photos').where({ id: loose.id }).first()).toBeUndefined();

    const sold = await addPhoto(admin);
    const option = await admin.json<{ id: number }>(
      admin.post('/api/admin/print-options', {
        photoId: sold.id,
        size: '8x12',
        material: 'Metal',
        price: 95,
      }),
      201,
    );
    await insertOrder(app, sold.id, option.id);
    const res = await admin.json<{ archived: boolean; message: string }>(
      admin.delete(`/api/admin/photos/${sold.id}`),
    );
    expect(res.archived).toBe(true);
    expect(res.message).toContain('archived');
    expect((await app.client().get(`/api/photos/${sold.id}`)).status).toBe(404);
    expect(await app.ctx.db('photos').where({ id: sold.id }).first()).toBeTruthy();
  });
});

describe('admin print options', () => {
  it('reuses a catalogue option for the photo ratio from the add-photo form', async () => {
    const photo = await addPhoto(admin);
    const other = await addPhoto(admin);
    const body = { size: '8x10', material: 'Lustre Paper', price: 95, inStock: true };
    const a = await admin.json<{ id: number; format: string }>(
      admin.post('/api/admin/print-options', { ...body, photoId: photo.id }),
      201,
    );
    const b = await admin.json<{ id: number }>(
      admin.post('/api/admin/print-options', { ...body, photoId: other.id }),
      201,
    );
    expect(b.id).toBe(a.id);
    expect(a.format).toBe('Lustre Paper');
    const found = await app.modules.catalog.service.findPrintOption(other.id, a.id);
    expect(found).toEqual({
      photo: {
        id: other.id,
        title: 'Great Blue Heron',
        thumbnailUrl: `/api/photos/${other.id}/thumbnail?v=1`,
      },
      option: { id: a.id, aspectRatio: '3:2', size: '8x10', format: 'Lustre Paper', price: 95, shipping: 0 },
    });
    expect(await app.modules.catalog.service.findPrintOption(other.id, 999999)).toBeNull();
  });

  it('refuses options for a photo without an aspect ratio, and bad values with the spec messages', async () => {
    // the server reads a ratio from every new image: a photo without one is an older row
    const photo = await addPhoto(admin, { aspectRatio: '' });
    await app.ctx.db('photos').where({ id: photo.id }).update({ aspect_ratio: null });
    const noRatio = await admin.json<Err>(
      admin.post('/api/admin/print-options', {
        photoId: photo.id,
        size: '8x10',
        material: 'Metal',
        price: 10,
      }),
      400,
    );
    expect(noRatio.message).toMatch(/no aspect ratio/);
    const bad = await admin.json<Err>(
      admin.post('/api/admin/print-options', { photoId: photo.id, price: 0 }),
      400,
    );
    expect(bad.errors).toMatchObject({
      size: 'Size is required',
      material: 'Material is required',
      price: 'Price must be greater than 0',
    });
  });

  it('creates, updates and deletes catalogue options with the spec validation messages', async () => {
    const before = await count('print_options');
    const bad = await admin.json<Err>(admin.post('/api/admin/item-options', { shipping: -1, price: 0 }), 400);
    expect(bad.errors).toEqual({
      aspectRatio: 'Aspect ratio is required',
      size: 'Size is required',
      format: 'Format is required',
      price: 'Price must be greater than 0',
      shipping: 'Shipping cannot be negative',
    });
    expect(await count('print_options')).toBe(before);
    const created = await admin.json<{ id: number }>(
      admin.post('/api/admin/item-options', {
        aspectRatio: '2:3',
        size: '12x18',
        format: 'Canvas',
        price: 120.1,
        shipping: 15,
      }),
      201,
    );
    expect(created).toMatchObject({ aspectRatio: '2:3', price: 120.1, shipping: 15 });
    expect((await app.ctx.db('print_options').where({ id: created.id }).first()).price_cents).toBe(12010);
    const updated = await admin.json(
      admin.put(`/api/admin/item-options/${created.id}`, {
        size: '12x18',
        format: 'Metal',
        price: 130,
        shipping: 0,
      }),
    );
    expect(updated).toEqual({
      id: created.id,
      aspectRatio: '2:3',
      size: '12x18',
      format: 'Metal',
      price: 130,
      shipping: 0,
    });
    expect(await admin.json(admin.delete(`/api/admin/item-options/${created.id}`))).toEqual({
      message: 'Print option deleted.',
      archived: false,
    });
    expect((await admin.delete(`/api/admin/item-options/${created.id}`)).status).toBe(404);
  });

  it('archives an option that an order references instead of deleting it', async () => {
    const photo = await addPhoto(admin);
    const option = await admin.json<{ id: number }>(
      admin.post(`/api/admin/photos/${photo.id}/item-options`, {
        size: '16x24',
        format: 'Metal',
        price: 225,
        shipping: 20,
      }),
      201,
    );
    await insertOrder(app, photo.id, option.id);
    const res = await admin.json<{ archived: boolean }>(admin.delete(`/api/admin/item-options/${option.id}`));
    expect(res.archived).toBe(true);
    expect(await app.ctx.db('print_options').where({ id: option.id }).first()).toBeTruthy();
    const c = app.client();
    expect((await c.json<{ id: number }[]>(c.get('/api/item-options'))).map((o) => o.id)).not.toContain(
      option.id,
    );
    expect(await c.json(c.get(`/api/photos/${photo.id}/item-options`))).toEqual([]);
  });

  it('assigns options whose ratio matches, refuses others, and unassigns', async () => {
    const photo = await addPhoto(admin);
    const square = await admin.json<{ id: number }>(
      admin.post('/api/admin/item-options', {
        aspectRatio: '1:1',
        size: '10x10',
        format: 'Paper',
        price: 40,
      }),
      201,
    );
    const wide = await admin.json<{ id: number }>(
      admin.post('/api/admin/item-options', { aspectRatio: '3:2', size: '8x12', format: 'Paper', price: 45 }),
      201,
    );
    const mismatch = await admin.json<Err>(
      admin.post(`/api/admin/photos/${photo.id}/item-options/${square.id}`),
      400,
    );
    expect(mismatch.message).toBe('This print option is for 1:1 photos, but this photo is 3:2.');
    const assigned = await admin.json<{ id: number }[]>(
      admin.post(`/api/admin/photos/${photo.id}/item-options/${wide.id}`),
    );
    expect(assigned.map((o) => o.id)).toEqual([wide.id]);
    expect(await admin.json(admin.delete(`/api/admin/photos/${photo.id}/item-options/${wide.id}`))).toEqual(
      [],
    );
    expect((await admin.post(`/api/admin/photos/${photo.id}/item-options/999999`)).status).toBe(404);
  });
});

describe('admin categories', () => {
  it('requires a lowercase ID without spaces and refuses duplicates with 409', async () => {
    const upper = await admin.json<Err>(
      admin.post('/api/admin/categories', { name: 'Big Birds', displayName: 'B' }),
      400,
    );
    expect(upper.message).toBe('Category ID must be lowercase with no spaces');
    const dup = await admin.json<Err>(
      admin.post('/api/admin/categories', { name: 'birds', displayName: 'Again' }),
      409,
    );
    expect(dup.message).toBe('A category with that ID already exists.');
    const empty = await admin.json<Err>(admin.post('/api/admin/categories', { name: 'ok' }), 400);
    expect(empty.errors).toEqual({ displayName: 'Display name is required' });
  });

  it('renames photos with their category, keeps them on delete, and reorders', async () => {
    const cat = await admin.json<{ id: number }>(
      admin.post('/api/admin/categories', { name: 'owls', displayName: 'Owls' }),
      201,
    );
    const photo = await addPhoto(admin, { category: 'owls' });
    const renamed = await admin.json(
      admin.put(`/api/admin/categories/${cat.id}`, { name: 'night-birds', displayName: 'Night Birds' }),
    );
    expect(renamed).toMatchObject({ id: cat.id, name: 'night-birds', displayName: 'Night Birds' });
    const c = app.client();
    expect((await c.json<{ category: string }>(c.get(`/api/photos/${photo.id}`))).category).toBe(
      'night-birds',
    );
    const deleted = await admin.json<{ message: string; name: string }>(
      admin.delete(`/api/admin/categories/${cat.id}`),
    );
    expect(deleted.message).toContain('still appear under All');
    expect((await c.json<{ category: string }>(c.get(`/api/photos/${photo.id}`))).category).toBe(
      'night-birds',
    );
    expect((await c.json<{ id: number }[]>(c.get('/api/photos'))).map((p) => p.id)).toContain(photo.id);

    const cats = await c.json<{ id: number; name: string }[]>(c.get('/api/categories'));
    const reversed = cats.map((x) => x.id).reverse();
    const after = await admin.json<{ id: number; displayOrder: number }[]>(
      admin.put('/api/admin/categories/reorder', { categoryIds: reversed }),
    );
    expect(after.map((x) => x.id)).toEqual(reversed);
    expect((await admin.put('/api/admin/categories/reorder', { categoryIds: [999999] })).status).toBe(400);
    expect((await admin.delete('/api/admin/categories/999999')).status).toBe(404);
  });
});
