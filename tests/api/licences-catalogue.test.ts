import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminLicence,
  AdminPhotoLicensing,
  LicenceCatalogue,
  LicencePage,
  PhotoDetail,
} from '../../src/contract';
import { addPhoto, countRows, startCatalogApp, type CreatedPhoto } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

// Issue 46, what she sells: her licences, download sizes and prices (the owner's API, bad input
// refused with nothing stored), a photo's own licensing, and what buyers read (the licences, a
// licence's page, a photo's `licensing`).

const built = existsSync(path.resolve('dist/server/entry-server.js'));
let app: TestApp;
let admin: HttpClient;
let heron: CreatedPhoto;

beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
  heron = await addPhoto(admin, { title: 'Heron at Dawn' }); // 1200 x 800
});
afterAll(() => app?.close());

const catalogue = () => admin.json<LicenceCatalogue>(admin.get('/api/admin/licences'));
const publicPhoto = (id: number) => app.client().json<PhotoDetail>(app.client().get(`/api/photos/${id}`));
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      ['licences', 'download_sizes', 'licence_prices', 'photo_licensing', 'photo_licence_prices'].map(
        async (t) => [
          t,
          await app.ctx
            .db(t)
            .select('*')
            .orderBy(Object.keys(await app.ctx.db(t).columnInfo())[0]),
        ],
      ),
    ),
  );

describe('the starting catalogue', () => {
  it('has Personal, Editorial and Commercial (ask me) in two sizes', async () => {
    const c = await catalogue();
    expect(c.licences.map((l) => [l.slug, l.name, l.askMe, l.archived])).toEqual([
      ['personal', 'Personal', false, false],
      ['editorial', 'Editorial', false, false],
      ['commercial', 'Commercial', true, false],
    ]);
    expect(c.sizes.map((s) => [s.label, s.longEdgePx])).toEqual([
      ['Web, 2048 px', 2048],
      ['Full resolution', null],
    ]);
    expect(c.prices).toHaveLength(6);
  });

  it('needs the owner', async () => {
    expect((await app.client().get('/api/admin/licences')).status).toBe(401);
    expect((await app.client().post('/api/admin/licences', { name: 'Free' })).status).toBe(401);
  });
});

describe("a photo's licensing on its public JSON", () => {
  it("lists the sizes with this photo's pixels, the licences and each price", async () => {
    const { licensing } = await publicPhoto(heron.id);
    expect(licensing).not.toBeNull();
    // the original is 1200 x 800: the 2048 px size is never upscaled
    expect(licensing!.sizes.map((s) => [s.label, s.pixels])).toEqual([
      ['Web, 2048 px', '1200 × 800 px'],
      ['Full resolution', '1200 × 800 px'],
    ]);
    expect(licensing!.licences.map((l) => l.slug)).toEqual(['personal', 'editorial', 'commercial']);
    const [web, full] = licensing!.sizes;
    const personal = licensing!.licences[0];
    expect(licensing!.offers).toContainEqual({ licenceId: personal.id, sizeId: web.id, price: 15 });
    expect(licensing!.offers).toContainEqual({ licenceId: personal.id, sizeId: full.id, price: 35 });
    expect(licensing!.offers).toHaveLength(6);
  });

  it("follows the photo's own prices, and none when it is not for licensing", async () => {
    const c = await catalogue();
    const [personal, editorial] = c.licences;
    const [web, full] = c.sizes;
    const saved = await admin.json<AdminPhotoLicensing>(
      admin.put(`/api/admin/photos/${heron.id}/licensing`, {
        notForLicensing: false,
        prices: [
          { licenceId: personal.id, sizeId: web.id, price: '19.50' },
          { licenceId: editorial.id, sizeId: full.id, price: null },
        ],
      }),
    );
    expect(saved).toEqual({
      photoId: heron.id,
      notForLicensing: false,
      prices: [
        { licenceId: personal.id, sizeId: web.id, price: 19.5 },
        { licenceId: editorial.id, sizeId: full.id, price: null },
      ],
    });
    const { licensing } = await publicPhoto(heron.id);
    expect(licensing!.offers).toContainEqual({ licenceId: personal.id, sizeId: web.id, price: 19.5 });
    expect(licensing!.offers.some((o) => o.licenceId === editorial.id && o.sizeId === full.id)).toBe(false);
    expect(licensing!.offers).toHaveLength(5);
    // another photo keeps the defaults
    const owl = await addPhoto(admin, { title: 'Owl' });
    expect((await publicPhoto(owl.id)).licensing!.offers).toContainEqual({
      licenceId: personal.id,
      sizeId: web.id,
      price: 15,
    });

    await admin.json(admin.put(`/api/admin/photos/${owl.id}/licensing`, { notForLicensing: true }));
    expect((await publicPhoto(owl.id)).licensing).toBeNull();
    expect(await admin.json(admin.get(`/api/admin/photos/${owl.id}/licensing`))).toEqual({
      photoId: owl.id,
      notForLicensing: true,
      prices: [],
    });
  });

  it('answers 404 for an unknown photo, nothing stored', async () => {
    const res = await admin.put('/api/admin/photos/999999/licensing', { notForLicensing: true });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Photo not found.');
    expect(await app.ctx.db('photo_licensing').where({ photo_id: 999999 })).toEqual([]);
  });
});

describe("the owner's licences", () => {
  it('creates one with a slug from its name, sanitizes its terms, keeps the slug on rename', async () => {
    const created = await admin.json<AdminLicence>(
      admin.post('/api/admin/licences', {
        name: '  Personal ',
        summary: 'At home',
        termsHtml:
          '<p onclick="steal()">Yours <script>alert(1)</script><a href="javascript:x()">link</a></p>',
        taxable: false,
      }),
      201,
    );
    expect(created).toMatchObject({ slug: 'personal-2', name: 'Personal', taxable: false, askMe: false });
    expect(created.termsHtml).toBe('<p>Yours <a rel="noopener noreferrer">link</a></p>');
    expect(created.position).toBe(4);
    const renamed = await admin.json<AdminLicence>(
      admin.put(`/api/admin/licences/${created.id}`, { name: 'Poster', askMe: true, termsHtml: '<p>Ok</p>' }),
    );
    expect(renamed).toMatchObject({
      slug: 'personal-2',
      name: 'Poster',
      askMe: true,
      termsHtml: '<p>Ok</p>',
    });
    const archived = await admin.json<AdminLicence>(admin.delete(`/api/admin/licences/${created.id}`));
    expect(archived.archived).toBe(true);
    // an archived licence is gone from the public reads
    expect((await app.client().get('/api/licences/personal-2')).status).toBe(404);
  });

  it('refuses a name of 10 kB, a blank name and bad flags with a message, nothing stored', async () => {
    const before = await snapshot();
    for (const [body, message] of [
      [{ name: 'x'.repeat(10_000) }, 'Name must be at most 80 characters'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'Ok', summary: 's'.repeat(301) }, 'Summary must be at most 300 characters'],
      [{ name: 'Ok', askMe: 'yes' }, 'Ask me must be true or false'],
    ] as const) {
      const res = await admin.post('/api/admin/licences', body);
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    const put = await admin.put('/api/admin/licences/1', { name: 'n'.repeat(10_000) });
    expect(put.status).toBe(400);
    expect((await admin.put('/api/admin/licences/99999', { name: 'Ghost' })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('download sizes', () => {
  it('creates, edits and archives one; refuses a long edge out of range', async () => {
    const size = await admin.json<{ id: number; position: number }>(
      admin.post('/api/admin/download-sizes', { label: 'Phone wallpaper', longEdgePx: 2400 }),
      201,
    );
    expect(size).toMatchObject({ label: 'Phone wallpaper', longEdgePx: 2400, archived: false, position: 3 });
    expect(
      await admin.json(
        admin.put(`/api/admin/download-sizes/${size.id}`, { label: 'Full', longEdgePx: null }),
      ),
    ).toMatchObject({ label: 'Full', longEdgePx: null });
    expect(await admin.json(admin.delete(`/api/admin/download-sizes/${size.id}`))).toMatchObject({
      archived: true,
    });

    const before = await snapshot();
    for (const body of [
      { label: 'Tiny', longEdgePx: 100 },
      { label: 'Huge', longEdgePx: 20_001 },
      { label: 'Text', longEdgePx: 'big' },
      { label: '', longEdgePx: 1000 },
      { label: 'l'.repeat(61), longEdgePx: 1000 },
    ]) {
      const res = await admin.post('/api/admin/download-sizes', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await res.json()).message).toMatch(/long edge|Label/);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the price grid', () => {
  it('replaces the defaults; blank is not offered', async () => {
    const c = await catalogue();
    const [personal, editorial] = c.licences;
    const [web, full] = c.sizes;
    const saved = await admin.json<LicenceCatalogue>(
      admin.put('/api/admin/licence-prices', {
        prices: [
          { licenceId: personal.id, sizeId: web.id, price: 12 },
          { licenceId: personal.id, sizeId: full.id, price: '' },
          { licenceId: editorial.id, sizeId: web.id, price: '80.25' },
        ],
      }),
    );
    expect(saved.prices).toEqual([
      { licenceId: personal.id, sizeId: web.id, price: 12 },
      { licenceId: editorial.id, sizeId: web.id, price: 80.25 },
    ]);
    const page = await app.client().json<LicencePage>(app.client().get('/api/licences/editorial'));
    expect(page.prices).toEqual([{ sizeId: web.id, label: 'Web, 2048 px', price: 80.25 }]);
  });

  it('refuses negative, 1e9, text, 10.001 and unknown pairs with a message, nothing stored', async () => {
    const c = await catalogue();
    const pair = { licenceId: c.licences[0].id, sizeId: c.sizes[0].id };
    const before = await snapshot();
    for (const [price, message] of [
      [-5, 'Price must be greater than 0'],
      [1e9, 'Price must be at most 100000'],
      ['ten dollars', 'Price must be a number'],
      [10.001, 'Price must be in whole cents (at most 2 decimal places)'],
      [true, 'Price must be a number'],
    ] as const) {
      for (const [url, body] of [
        ['/api/admin/licence-prices', { prices: [{ ...pair, price }] }],
        [`/api/admin/photos/${heron.id}/licensing`, { notForLicensing: false, prices: [{ ...pair, price }] }],
      ] as const) {
        const res = await admin.put(url, body);
        expect(res.status, `${url} ${price}`).toBe(400);
        expect((await res.json()).message).toBe(message);
      }
    }
    const unknown = await admin.put('/api/admin/licence-prices', {
      prices: [{ licenceId: 99999, sizeId: pair.sizeId, price: 5 }],
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe(
      'A price names a licence or a download size that does not exist.',
    );
    const doubled = await admin.put('/api/admin/licence-prices', {
      prices: [
        { ...pair, price: 5 },
        { ...pair, price: 6 },
      ],
    });
    expect(doubled.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the public licences', () => {
  it('lists the live licences with terms and prices', async () => {
    const list = await app.client().json<LicencePage[]>(app.client().get('/api/licences'));
    expect(list.map((l) => l.slug)).toEqual(['personal', 'editorial', 'commercial']);
    expect(list[2]).toMatchObject({ name: 'Commercial', askMe: true });
    expect(list[0].termsHtml).toContain('<p>You may use this photo');
  });

  it("answers a licence's page, and 404 with a message for an unknown slug", async () => {
    const page = await app.client().json<LicencePage>(app.client().get('/api/licences/commercial'));
    expect(page).toMatchObject({ slug: 'commercial', name: 'Commercial', askMe: true });
    for (const slug of ['nope', '..%2F..%2Fetc', 'x'.repeat(2000)]) {
      const res = await app.client().get(`/api/licences/${slug}`);
      expect(res.status, slug.slice(0, 20)).toBe(404);
      expect((await res.json()).message).toBe('Licence not found.');
    }
  });

  it.runIf(built)(
    'renders /licences/{slug} on the server, and the not-found page for an unknown one',
    async () => {
      const res = await app.client().get('/licences/editorial', { accept: 'text/html' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1');
      expect(html).toContain('Editorial');
      expect(html).toContain('Credit required');
      expect(html).toContain('Back to the portfolio');
      const missing = await app.client().get('/licences/no-such-licence', { accept: 'text/html' });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('404');
    },
  );
});

describe('counts', () => {
  it('keeps one row per photo licensing', async () => {
    expect(await countRows(app, 'photo_licensing')).toBe(2);
  });
});
