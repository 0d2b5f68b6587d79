import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';

// Storefront pages are rendered by the server build of the web app: `npm test` builds it first.
const built = existsSync(path.resolve('dist/server/entry-server.js'));

let app: TestApp;
let admin: HttpClient;
let heron: CreatedPhoto;

beforeAll(async () => {
  expect(built, 'run npm run build').toBe(true);
  app = await createTestApp();
  admin = await app.admin();
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  heron = await addPhoto(admin, { title: 'Heron at Dawn', featured: true });
});
afterAll(() => app?.close());

const html = { accept: 'text/html' };
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));

describe('server-rendered storefront', () => {
  it('answers 404 with the not-found page for an unknown path', async () => {
    const res = await app.client().get('/no/such/page', html);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(rootOf(page)).toContain('404 Page Not Found');
    expect(rootOf(page)).toContain('Did you forget to add the page to the router?');
  });

  // issue 51: a broken percent-encoding in a page's address is a missing page, not a JSON error
  it('answers the not-found page for a malformed percent-encoding in a page address, JSON under /api', async () => {
    for (const path of ['/verify/%ZZ', '/orders/%ZZ', '/orders/%E0%A4%A', '/certificates/order/%ZZ/1']) {
      const res = await app.client().get(path, html);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const page = await res.text();
      expect(rootOf(page), path).toContain('404 Page Not Found');
    }
    const api = await app.client().get('/api/photos/%ZZ', html);
    expect(api.status).toBe(400);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await api.json()) as { message: string }).message).toBeTruthy();
  });

  it("answers 404 with 'Photo Not Found' for a missing photo, and redirects /photo/abc to the portfolio", async () => {
    const missing = await app.client().get('/photo/987654', html);
    expect(missing.status).toBe(404);
    expect(rootOf(await missing.text())).toContain('Photo Not Found');
    const abc = await app.client().get('/photo/abc', html);
    expect(abc.status).toBe(302);
    expect(abc.headers.get('location')).toBe('/portfolio');
  });

  // issue 34, item 11
  it('answers 404 with the not-found page for an unknown category', async () => {
    for (const path of ['/portfolio/nonexistent', '/portfolio/birds%2Fx', '/portfolio/%E2%9C%93']) {
      const res = await app.client().get(path, html);
      expect(res.status, path).toBe(404);
      const page = await res.text();
      expect(rootOf(page), path).toContain('404 Page Not Found');
      expect(rootOf(page), path).toContain('Did you forget to add the page to the router?');
      expect(page, path).toMatch(/<title>404 Page Not Found<\/title>/);
      expect(page, path).not.toMatch(/(Nonexistent|Birds\/x|✓) Photography/);
      expect(rootOf(page), path).not.toContain('Explore my collection of photographs for sale.');
    }
  });

  it('lists a known category (one of the categories, or one a photo names), and moves its other spellings', async () => {
    await admin.json(admin.post('/api/admin/categories', { name: 'insects', displayName: 'Insects' }), 201);
    // a photo of a category that is gone (the admin offers only existing ones): written directly
    const fox = await addPhoto(admin, { title: 'Fox in the Meadow' });
    await app.ctx.db('photos').where({ id: fox.id }).update({ category: 'mammals' });
    const birds = await app.client().get('/portfolio/birds', html);
    expect(birds.status).toBe(200);
    expect(rootOf(await birds.text())).toContain('Birds Photography');
    // a category with no photos yet is still a page
    const insects = await app.client().get('/portfolio/insects', html);
    expect(insects.status).toBe(200);
    expect(rootOf(await insects.text())).toContain('No photos found in this category.');
    // a category only a photo names (no category row) still lists its photos
    const mammals = await app.client().get('/portfolio/mammals', html);
    expect(mammals.status).toBe(200);
    expect(rootOf(await mammals.text())).toContain('Fox in the Meadow');
    const moved = await app.client().get('/portfolio/Birds', html);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/portfolio/birds');
  });

  it('sends the page with its content, styles and data, the same for every visitor', async () => {
    const res = await app.client().get(`/photo/${heron.id}`, html);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(rootOf(page)).toContain('<h1');
    expect(rootOf(page)).toContain('Heron at Dawn');
    // The stylesheet is in the page (no render-blocking request), with the rules of what it renders.
    expect(page).not.toMatch(/<link rel="stylesheet"/);
    const css = [...page.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join('\n');
    const titleClasses = /<h1 class="([^"]+)"/.exec(rootOf(page))![1].split(' ');
    for (const name of titleClasses) expect(css).toContain(`.${name}`);
    // a storefront page is islands: the site's facts for all of them, each island's props beside it
    const data = JSON.parse(
      /<script type="application\/json" id="wf-islands">(.*?)<\/script>/s.exec(page)![1],
    );
    expect(data.site.siteName).toBeTruthy();
    expect(page).not.toContain('id="wf-ssr"');
    const purchase = /data-island="photo-purchase" data-props="([^"]*)"/
      .exec(page)![1]
      .replaceAll('&quot;', '"');
    expect(JSON.parse(purchase.replaceAll('&amp;', '&')).photo.title).toBe('Heron at Dawn');
    // the cart is the visitor's own: the browser asks for it, the cached page never carries it
    expect(page).not.toContain('"subtotal"');
    expect(page).not.toContain('boot-');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('sends compressed bytes, an ETag and 304 for a matching If-None-Match', async () => {
    const c = app.client();
    const first = await c.get('/faq', { ...html, 'accept-encoding': 'br, gzip' });
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // what a browser sends when revalidating (fetch() would add "no-cache" to a manual If-None-Match)
    const again = await c.get('/faq', { ...html, 'if-none-match': etag!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
  });

  it('shows an admin edit on the next request (the page cache is cleared by writes)', async () => {
    const c = app.client();
    const before = await c.get(`/photo/${heron.id}`, html);
    const etag = before.headers.get('etag')!;
    expect(await before.text()).toContain('Heron at Dawn');
    await admin.json(
      admin.put(`/api/admin/photos/${heron.id}`, {
        title: 'Heron at Dusk',
        description: '<p>At dawn on the marsh.</p>',
        category: 'birds',
        aspectRatio: '3:2',
        featured: true,
      }),
    );
    const after = await c.get(`/photo/${heron.id}`, {
      ...html,
      'if-none-match': etag,
      'cache-control': 'max-age=0',
    });
    expect(after.status).toBe(200);
    const page = await after.text();
    expect(page).toContain('<title>Heron at Dusk | ');
    expect(rootOf(page)).toContain('Heron at Dusk');
    expect(rootOf(page)).not.toContain('Heron at Dawn');
    // and on the home page, which lists it as featured
    expect(rootOf(await (await c.get('/', html)).text())).toContain('Heron at Dusk');
  });

  // issue 51: a published batch draft whose ratio has no print size
  it('says a photo with no print size is not for sale yet, with no Add to Cart', async () => {
    const NOT_FOR_SALE = 'Prints of this photo are not for sale yet.';
    const bare = await addPhoto(admin, { title: 'Fox at Dusk' });
    expect(bare.printOptions).toEqual([]);
    const page = rootOf(await (await app.client().get(`/photo/${bare.id}`, html)).text());
    expect(page).toContain('Fox at Dusk');
    expect(page).toContain(NOT_FOR_SALE);
    expect(page).not.toContain('Add to Cart');
    const sized = await addPhoto(admin, {
      title: 'Egret in Flight',
      printOptions: [{ size: '8x12', material: 'Lustre Paper', price: 80 }],
    });
    const offered = rootOf(await (await app.client().get(`/photo/${sized.id}`, html)).text());
    expect(offered).toContain('Add to Cart');
    expect(offered).not.toContain(NOT_FOR_SALE);
  });

  it('renders a photo with no description (a published batch draft)', async () => {
    const bare = await addPhoto(admin, { title: 'Wren on a Post', description: '' });
    const res = await app.client().get(`/photo/${bare.id}`, html);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(rootOf(page)).toContain('Wren on a Post');
    expect(page).toMatch(/<meta name="description" content="[^"]*Wren on a Post[^"]*"/);
  });

  it('keeps the admin client-rendered and /api answers JSON', async () => {
    const res = await app.client().get('/admin/login', html);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"><!--app-root--></div>');
    const api = await app.client().get('/api/nope', html);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
