import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';
import { makeJpeg, toDataUrl } from '../support/images';

let app: TestApp;
let admin: HttpClient;
let heron: CreatedPhoto; // birds, featured, order 0, with options
let marsh: CreatedPhoto; // landscapes, order 0, newer than heron
let egret: CreatedPhoto; // birds, order 1, custom thumbnail
let hidden: CreatedPhoto; // archived
let metal: { id: number };
let canvas: { id: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await admin.json(
    admin.post('/api/admin/categories', { name: 'landscapes', displayName: 'Landscapes' }),
    201,
  );
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  heron = await addPhoto(admin, {
    title: 'Heron <at> "Dawn"',
    featured: true,
    location: 'Patuxent Refuge',
    dateTaken: '2024',
    description: '<p>A <strong>great blue heron</strong> waits in the reeds &amp; mist.</p>',
  });
  marsh = await addPhoto(admin, { title: 'Marsh', category: 'landscapes', aspectRatio: '16:9' });
  const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  egret = await addPhoto(admin, {
    title: 'Egret',
    displayOrder: 1,
    thumbnailData: toDataUrl(square, 'image/png'),
  });
  hidden = await addPhoto(admin, { title: 'Hidden', featured: true });
  await app.ctx.db('photos').where({ id: hidden.id }).update({ archived_at: new Date() });
  metal = await admin.json(
    admin.post('/api/admin/print-options', {
      photoId: heron.id,
      size: '12x18',
      material: 'Metal',
      price: 150,
    }),
    201,
  );
  canvas = await admin.json(
    admin.post(`/api/admin/photos/${heron.id}/item-options`, {
      size: '8x12',
      format: 'Canvas',
      price: 95.5,
      shipping: 12,
    }),
    201,
  );
});
afterAll(() => app?.close());

const accept = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  jpeg: 'image/jpeg,*/*;q=0.5',
};

describe('public photo lists', () => {
  it('lists live photos by display order, newest first on ties, with image URLs and no base64', async () => {
    const c = app.client();
    const res = await c.get('/api/photos');
    const text = await res.clone().text();
    const list = await c.json<CreatedPhoto[]>(res);
    expect(list.map((p) => p.title)).toEqual(['Marsh', 'Heron <at> "Dawn"', 'Egret']);
    expect(text).not.toMatch(/base64|imageData|thumbnailData/);
    const h = list.find((p) => p.id === heron.id)!;
    expect(h).toMatchObject({
      imageUrl: `/api/photos/${heron.id}/image?v=1`,
      thumbnailUrl: `/api/photos/${heron.id}/thumbnail?v=1`,
      width: 1200,
      height: 800,
      widths: [640, 1080],
      category: 'birds',
      featured: true,
      verticalPosition: 50,
      location: 'Patuxent Refuge',
    });
    expect(h.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('filters featured photos and photos of one category, and hides archived photos', async () => {
    const c = app.client();
    const featured = await c.json<CreatedPhoto[]>(c.get('/api/photos?featured=true'));
    expect(featured.map((p) => p.id)).toEqual([heron.id]);
    const birds = await c.json<CreatedPhoto[]>(c.get('/api/photos?category=birds'));
    expect(birds.map((p) => p.id)).toEqual([heron.id, egret.id]);
    expect(await c.json(c.get('/api/photos?category=nothing-here'))).toEqual([]);
  });

  it('answers 304 to a matching ETag and a fresh list after an admin change', async () => {
    const c = app.client();
    const first = await c.get('/api/categories');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // what a browser sends when revalidating (fetch() would add "no-cache" to a manual If-None-Match)
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await c.get('/api/categories', revalidate)).status).toBe(304);
    const added = await admin.json<{ id: number }>(
      admin.post('/api/admin/categories', { name: 'wildlife', displayName: 'Wildlife' }),
      201,
    );
    const after = await c.get('/api/categories', revalidate);
    expect(after.status).toBe(200);
    expect((await after.json()).map((x: { name: string }) => x.name)).toEqual([
      'landscapes',
      'birds',
      'wildlife',
    ]);
    await admin.json(admin.delete(`/api/admin/categories/${added.id}`));
  });
});

describe('public photo detail', () => {
  it('returns the photo with its assigned print options in dollars', async () => {
    const c = app.client();
    const detail = await c.json<CreatedPhoto & { printOptions: Record<string, unknown>[] }>(
      c.get(`/api/photos/${heron.id}`),
    );
    expect(detail.title).toBe('Heron <at> "Dawn"');
    expect(detail.printOptions).toEqual([
      {
        id: canvas.id,
        aspectRatio: '3:2',
        size: '8x12',
        format: 'Canvas',
        price: 95.5,
        shipping: 12,
        edition: null,
        // where the size's print crop centres: the photo's focal point until the owner moves it
        crop: { x: 50, y: 50, custom: false },
      },
      {
        id: metal.id,
        aspectRatio: '3:2',
        size: '12x18',
        format: 'Metal',
        price: 150,
        shipping: 0,
        edition: null,
        crop: { x: 50, y: 50, custom: false },
      },
    ]);
    // the spec's item options: the same, without the photo page's crop
    expect(await c.json(c.get(`/api/photos/${heron.id}/item-options`))).toEqual(
      detail.printOptions.map((o: Record<string, unknown>) => {
        const { crop: _crop, ...option } = o;
        return option;
      }),
    );
  });

  it('leaves archived options out of the photo and the catalogue', async () => {
    const extra = await admin.json<{ id: number }>(
      admin.post(`/api/admin/photos/${heron.id}/item-options`, { size: '4x6', format: 'Paper', price: 20 }),
      201,
    );
    await app.ctx.db('print_options').where({ id: extra.id }).update({ archived_at: new Date() });
    const c = app.client();
    const options = await c.json<{ id: number }[]>(c.get(`/api/photos/${heron.id}/item-options`));
    expect(options.map((o) => o.id)).not.toContain(extra.id);
    const catalogue = await c.json<{ id: number }[]>(c.get('/api/item-options'));
    expect(catalogue.map((o) => o.id).sort()).toEqual([metal.id, canvas.id].sort());
  });

  it('answers 400 for a non-numeric id and 404 for a missing or archived photo, as JSON', async () => {
    const c = app.client();
    for (const p of ['/api/photos/abc', '/api/photos/1.5/item-options', '/api/photos/-1/image']) {
      const res = await c.get(p);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The photo id must be a positive whole number.' });
    }
    for (const p of ['/api/photos/999999', `/api/photos/${hidden.id}`, '/api/photos/999999/thumbnail']) {
      const res = await c.get(p);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'Photo not found.' });
    }
  });

  it('lists categories by display order', async () => {
    const c = app.client();
    const cats = await c.json<Record<string, unknown>[]>(c.get('/api/categories'));
    expect(cats.map(({ name, displayName, displayOrder }) => ({ name, displayName, displayOrder }))).toEqual([
      { name: 'landscapes', displayName: 'Landscapes', displayOrder: 0 },
      { name: 'birds', displayName: 'Birds', displayOrder: 1 },
    ]);
  });
});

describe('public images', () => {
  it('picks AVIF, or JPEG where Accept does not allow AVIF (no WebP is made), and varies on it', async () => {
    const c = app.client();
    const served = { avif: 'avif', webp: 'jpeg', jpeg: 'jpeg' };
    for (const [asked, header] of Object.entries(accept)) {
      const format = served[asked as keyof typeof served];
      const res = await c.get(`/api/photos/${marsh.id}/image?w=640`, { accept: header });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('vary')).toContain('Accept');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    }
  });

  it('serves the smallest width at or above ?w, 1080 by default, never larger than the original', async () => {
    const c = app.client();
    const width = async (q: string) => {
      const res = await c.get(`/api/photos/${marsh.id}/image${q}`, { accept: accept.webp });
      return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
    };
    expect(await width('?w=500')).toBe(640);
    expect(await width('')).toBe(1080);
    expect(await width('?w=2000')).toBe(1080); // the original is 1200 wide: no upscaling
  });

  it('caches versioned URLs for a year and answers 304 on a matching ETag', async () => {
    const c = app.client();
    const versioned = await c.get(`${heron.imageUrl}&w=640`, { accept: accept.jpeg });
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = versioned.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await c.get(`${heron.imageUrl}&w=640`, { accept: accept.jpeg, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const plain = await c.get(`/api/photos/${heron.id}/image?w=640`, { accept: accept.jpeg });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves a thumbnail within 400x300, and the custom thumbnail when one was uploaded', async () => {
    const c = app.client();
    const generated = await c.get(heron.thumbnailUrl, { accept: accept.webp });
    const g = await sharp(Buffer.from(await generated.arrayBuffer())).metadata();
    expect([g.width, g.height]).toEqual([400, 267]);
    const custom = await c.get(egret.thumbnailUrl, { accept: accept.jpeg });
    const buf = Buffer.from(await custom.arrayBuffer());
    expect(await sharp(buf).metadata()).toMatchObject({ width: 300, height: 300 });
    const { channels } = await sharp(buf).stats();
    expect(Math.abs(channels[0].mean - 0x12)).toBeLessThan(8);
    expect(Math.abs(channels[2].mean - 0x56)).toBeLessThan(8);
  });

  it('strips EXIF and GPS from every served image: its XMP is her rights, never a place', async () => {
    const withGps = await makeJpeg(900, 600, { gps: true });
    expect((await sharp(withGps).metadata()).exif).toBeDefined(); // the upload carries them
    const photo = await addPhoto(admin, { title: 'Located' }, withGps);
    const c = app.client();
    for (const p of [`/api/photos/${photo.id}/image`, `/api/photos/${photo.id}/thumbnail`]) {
      for (const header of Object.values(accept)) {
        const res = await c.get(p, { accept: header });
        const buf = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(buf).metadata();
        expect(meta.exif).toBeUndefined();
        const xmp = meta.xmp?.toString('utf8') ?? '';
        expect(xmp).toContain('<xmpRights:WebStatement>');
        expect(xmp).not.toMatch(/GPS|exif:|Location|City/);
        expect(buf.includes(Buffer.from('Secret Owner'))).toBe(false);
      }
    }
  });
});

describe('share tags and search engines', () => {
  // Pages are rendered by the server build of the web app: `npm test` builds it before these run.
  beforeAll(() =>
    expect(existsSync(path.resolve('dist/server/entry-server.js')), 'run npm run build').toBe(true),
  );
  const page = async (p: string) => {
    const res = await app.client().get(p, { accept: 'text/html' });
    return { status: res.status, html: await res.text() };
  };
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('renders the photo page head: title, description, Open Graph, Twitter card, canonical and JSON-LD', async () => {
    const { status, html } = await page(`/photo/${heron.id}`);
    expect(status).toBe(200);
    const base = app.ctx.config.publicUrl;
    const h = head(html);
    expect(h.match(/<title>/g)).toHaveLength(1);
    expect(h.match(/name="description"/g)).toHaveLength(1);
    expect(h).toContain('<title>Heron &lt;at&gt; &quot;Dawn&quot; | Refuge Light Photography</title>');
    expect(h).toContain(
      '<meta name="description" content="A great blue heron waits in the reeds &amp; mist."/>',
    );
    expect(h).toContain(`<meta property="og:image" content="${base}/api/photos/${heron.id}/image"/>`);
    expect(h).toContain(`<meta property="og:url" content="${base}/photo/${heron.id}"/>`);
    expect(h).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(h).toContain(`<link rel="canonical" href="${base}/photo/${heron.id}"/>`);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1];
    expect(json).not.toContain('<');
    const ld = JSON.parse(json);
    const product = ld['@graph'].find((n: { '@type': string }) => n['@type'] === 'Product');
    expect(
      product.offers.map((o: { price: string; priceCurrency: string }) => [o.price, o.priceCurrency]),
    ).toEqual([
      ['95.50', 'USD'],
      ['150.00', 'USD'],
    ]);
    expect(ld['@graph'][0]).toMatchObject({ '@type': 'Photograph', name: 'Heron <at> "Dawn"' });
    // the page itself, not a script-drawn shell: title, description and prices are in the HTML
    expect(html).toContain('great blue heron</strong> waits in the reeds &amp; mist.');
    expect(html).toContain('$95.50');
  });

  it('puts the home hero in the HTML, loaded first', async () => {
    const { html } = await page('/');
    const [first] = await app.ctx
      .db('photos')
      .where({ featured: true })
      .whereNull('archived_at')
      .orderBy([{ column: 'display_order' }, { column: 'id', order: 'desc' }]);
    // a <picture>: the AVIF files as a source, the JPEG fallback on the <img>, loaded first
    const files = `/media/${first.original_id}`;
    expect(html).toMatch(
      new RegExp(`<picture[^>]*><source type="image/avif" srcSet="${files}/640\\.avif 640w, [^"]*"`),
    );
    expect(html).toMatch(new RegExp(`<img[^>]*src="${files}/1080\\.jpg"[^>]*fetchPriority="high"`));
    // and hinted in the head for browsers that read AVIF (React hints no image inside a <picture>)
    expect(head(html)).toMatch(
      new RegExp(
        `<link rel="preload" as="image" [^>]*type="image/avif"[^>]*imageSrcSet="${files}/640\\.avif`,
      ),
    );
    expect(head(html)).toContain(
      '<title>Refuge Light Photography | Bring the beauty of creation home</title>',
    );
  });

  it('falls back to "A photograph by" and cuts long descriptions to 160 characters', async () => {
    const bare = await addPhoto(admin, { title: 'Fox', description: '' });
    expect(head((await page(`/photo/${bare.id}`)).html)).toContain(
      // no PHOTOGRAPHER_NAME: the shop's name
      '<meta name="description" content="A photograph by Refuge Light Photography: Fox"/>',
    );
    const long = await addPhoto(admin, { title: 'Long', description: `<p>${'word '.repeat(100)}</p>` });
    const desc = /<meta name="description" content="([^"]*)"/.exec(
      head((await page(`/photo/${long.id}`)).html),
    )![1];
    expect(desc.length).toBeLessThanOrEqual(160);
  });

  it('answers 404 with no share tags for unknown or archived photos', async () => {
    for (const p of ['/photo/999999', `/photo/${hidden.id}`]) {
      const { status, html } = await page(p);
      expect(status).toBe(404);
      expect(html).toContain('Photo Not Found');
      expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('og:image');
    }
  });

  it('gives every storefront page its own title, description and canonical link', async () => {
    const base = app.ctx.config.publicUrl;
    const titles = new Set<string>();
    for (const p of ['/', '/portfolio', '/portfolio/birds', '/about', '/faq', '/contact']) {
      const h = head((await page(p)).html);
      const title = /<title>(.*?)<\/title>/.exec(h)![1];
      titles.add(title);
      expect(h.match(/name="description"/g)).toHaveLength(1);
      expect(h).toContain(`<link rel="canonical" href="${base}${p}"/>`);
      expect(h).toContain(`<meta property="og:title" content="${title}"/>`);
      expect(h).toContain('<meta name="twitter:card"');
    }
    expect(titles.size).toBe(6);
  });

  it('lists pages, categories and photos in sitemap.xml with absolute URLs', async () => {
    const c = app.client();
    const res = await c.get('/sitemap.xml');
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const base = app.ctx.config.publicUrl;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of [
      '/',
      '/portfolio',
      '/about',
      '/faq',
      '/contact',
      '/portfolio/birds',
      '/portfolio/landscapes',
    ])
      expect(locs).toContain(base + p);
    expect(locs).toContain(`${base}/photo/${heron.id}`);
    expect(locs).not.toContain(`${base}/photo/${hidden.id}`);
  });

  it('serves robots.txt allowing the shop, keeping crawlers out of admin and checkout', async () => {
    const c = app.client();
    const text = await (await c.get('/robots.txt')).text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /checkout');
    expect(text).toContain(`Sitemap: ${app.ctx.config.publicUrl}/sitemap.xml`);
  });
});
