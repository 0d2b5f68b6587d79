import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { createModules } from '../../src/modules';
import { waitForRedis } from '../../src/platform/redis';
import { DEFAULT_SENSITIVE_SPECIES } from '../../src/shared/location-protection';
import { makeCameraJpeg } from '../support/camera-jpeg';
import { countRows } from '../support/catalog-fixtures';
import { HttpClient } from '../support/http-client';
import { toDataUrl } from '../support/images';
import { customer, testCard } from '../support/shop-data';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

// Issue 35's proof: a protected photo's exact place and date reach no public address (every page
// the sitemap and the pages link to, their JSON-LD and share tags, every public JSON, the cart,
// the quote, a paid order's e-mails and order page, every image file), and a change of its
// protection, of the sensitive species list or a scheduled photo's time shows in every API process
// within a second, by itself.

const built = existsSync(path.resolve('dist/server/entry-server.js'));

const LOCATION = 'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD';
const DATE = '2025-05-14';
const GIVEAWAYS = ['Wildlife Drive', 'pullout', 'Cambridge', '2025-05-14', 'May 14'];

let app: TestApp;
let admin: HttpClient;
/** A second API process on the same database and Redis: its own response cache. */
let other: { ctx: AppContext; server: http.Server; url: string };
let photoId: number;
let optionId: number;

type Photo = Record<string, unknown> & {
  printOptions: { id: number }[];
  id: number;
  files: { thumbnail: string; display: { url: string }[] }[];
};

const html = { accept: 'text/html' };
const base = {
  title: 'Owl at Dusk',
  description: '<p>A quiet evening on the marsh.</p>',
  category: 'birds',
  aspectRatio: '3:2',
};
/** Every field of a JSON save (a PUT without location clears it, as the spec's form does). */
const fields = (over: Record<string, unknown> = {}) => ({
  ...base,
  location: LOCATION,
  dateTaken: DATE,
  speciesCommon: 'Barred Owl',
  speciesScientific: 'Strix varia',
  ...over,
});

function expectNoGiveaway(text: string, where: string) {
  for (const word of GIVEAWAYS) expect(text.includes(word), `${where} contains "${word}"`).toBe(false);
}

async function text(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  expect(built, 'run npm run build').toBe(true);
  app = await createTestApp();
  await app.startWorkers();
  const ctx = createContext(app.ctx.config, app.ctx.logger);
  await waitForRedis(ctx.redis);
  const server = http.createServer(createApp(ctx, createModules(ctx)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  other = { ctx, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };

  admin = await app.admin();
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  // a camera file with GPS; the species is on the prefilled sensitive list: protected by 'auto'
  const image = await makeCameraJpeg(1200, 800);
  const created = await admin.json<Photo>(
    admin.post('/api/admin/photos', {
      ...fields({ featured: true }),
      imageData: toDataUrl(image),
      imageType: 'image/jpeg',
    }),
    201,
  );
  photoId = created.id;
  const option = await admin.json<{ id: number }>(
    admin.post(`/api/admin/photos/${photoId}/item-options`, {
      size: '8x12',
      format: 'Lustre Paper',
      price: 95,
      shipping: 10,
    }),
    201,
  );
  optionId = option.id;
  // the variants (every format and width) are made by the worker
  await eventually(async () => {
    const p = await admin.json<Photo>(admin.get(`/api/admin/photos/${photoId}`));
    return p.files.length > 1 && p.files.every((f) => f.display.length > 0);
  }, 60_000);
}, 120_000);

afterAll(async () => {
  if (other) {
    await new Promise<void>((resolve) => {
      other.server.close(() => resolve());
      other.server.closeAllConnections();
    });
    await closeContext(other.ctx);
  }
  await app?.close();
});

describe('the admin sees everything, marked with what the public sees', () => {
  it('answers the exact place and date with the protection in force and "shown publicly as"', async () => {
    const p = await admin.json(admin.get(`/api/admin/photos/${photoId}`));
    expect(p).toMatchObject({
      location: LOCATION,
      dateTaken: DATE,
      speciesCommon: 'Barred Owl',
      speciesScientific: 'Strix varia',
      protection: 'auto',
      protectionInForce: 'region',
      publicRegion: null,
      publishAt: null,
      published: true,
      shownPublicly: { location: 'Maryland', dateTaken: 'Spring 2025', text: 'Maryland, Spring 2025' },
      species: { common: 'Barred Owl', scientific: 'Strix varia' },
      locationProtected: true,
    });
    const list = await admin.json<Photo[]>(admin.get('/api/admin/photos'));
    expect(list.find((x) => x.id === photoId)).toMatchObject({
      location: LOCATION,
      protectionInForce: 'region',
    });
  });
});

describe('a protected photo on every public address', () => {
  it('shows only "Maryland" and "Spring 2025": pages, links, JSON-LD, share tags, JSON, cart, quote, e-mails, order page, image files', async () => {
    const visited = new Map<string, string>();
    const images = new Set<string>();
    const c = app.client();

    // the sitemap lists the photo's page; every page it names, and every link of those pages
    const sitemap = await text(`${app.url}/sitemap.xml`);
    expectNoGiveaway(sitemap.body, 'sitemap');
    const publicUrl = app.ctx.config.publicUrl;
    const pages = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(publicUrl, ''));
    expect(pages).toContain(`/photo/${photoId}`);
    const queue = new Set([
      ...pages,
      '/',
      '/portfolio',
      '/portfolio/birds',
      `/photo/${photoId}`,
      '/about',
      '/faq',
      '/api/photos',
      '/api/photos?featured=true',
      '/api/photos?category=birds',
      `/api/photos/${photoId}`,
      `/api/photos/${photoId}/item-options`,
      '/api/item-options',
      '/api/categories',
      '/api/site',
      '/api/about',
      '/api/faqs',
      '/api/shipping-notice',
    ]);
    for (const url of queue) {
      if (visited.has(url) || visited.size > 300) continue;
      const res = await text(app.url + url, url.startsWith('/api/') ? {} : html);
      visited.set(url, res.body);
      if (!/text\/html|json|xml/.test(res.type)) continue;
      expectNoGiveaway(res.body, url);
      if (!/text\/html/.test(res.type)) continue;
      // links of the page: other pages and JSON to visit, images to check
      for (const m of res.body.matchAll(/(?:href|src|srcset|content)="([^"]+)"/g)) {
        for (const part of m[1].split(',')) {
          const link = part.trim().split(/\s+/)[0].replace(publicUrl, '').replace(/&amp;/g, '&');
          if (!link.startsWith('/') || link.startsWith('//')) continue;
          if (/^\/(media|api\/photos\/\d+\/(image|thumbnail))/.test(link)) images.add(link);
          else if (!/^\/(assets|admin|checkout|cart|contact)|\.(js|css|webmanifest|ico|png|svg)$/.test(link))
            queue.add(link);
        }
      }
    }

    // the photo's page: what the public sees, in the text, the JSON-LD and the share tags
    const page = visited.get(`/photo/${photoId}`)!;
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(jsonLd).toContain('Maryland');
    expect(jsonLd).toContain('Spring 2025');
    expectNoGiveaway(jsonLd, 'JSON-LD');
    const shareTags = [
      ...page.matchAll(/<meta[^>]+(?:property="og:|name="twitter:|name="description")[^>]*>/g),
    ].join('\n');
    expect(shareTags).toContain('og:title');
    expectNoGiveaway(shareTags, 'share tags');
    const one = JSON.parse(visited.get(`/api/photos/${photoId}`)!);
    expect(one).toMatchObject({
      location: 'Maryland',
      dateTaken: 'Spring 2025',
      species: { common: 'Barred Owl', scientific: 'Strix varia' },
      locationProtected: true,
    });
    expect(JSON.parse(visited.get('/api/photos')!)[0]).toMatchObject({ id: photoId, location: 'Maryland' });
    const site = JSON.parse(visited.get('/api/site')!);
    expect(site.locationsVersion).toEqual(expect.any(String));

    // cart after adding a print, and the checkout quote
    await c.json(c.post('/api/cart', { photoId, printOptionId: optionId, quantity: 1 }), 201);
    const cart = await c.get('/api/cart');
    expectNoGiveaway(await cart.text(), 'cart');
    const quote = await c.post('/api/checkout/quote', { customerEmail: customer.customerEmail });
    expect(quote.status).toBe(200);
    expectNoGiveaway(await quote.text(), 'quote');

    // a paid order (the test payment provider): its e-mails, its page and its JSON
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { ...customer, totalAmount: 105 }),
      201,
    );
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: 105 }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    const emails = await eventually(async () => {
      const rows = await app.ctx.db('outbound_emails').whereLike('subject', `%#${orderId}%`);
      return rows.length ? rows : null;
    }, 30_000);
    for (const e of emails) expectNoGiveaway(`${e.subject}\n${e.html}\n${e.text}`, `e-mail ${e.subject}`);
    expect(emails.map((e) => e.text).join('\n')).toContain('Owl at Dusk');
    const { status_token: token } = await app.ctx.db('orders').where({ id: orderId }).first();
    const orderPage = await text(`${app.url}/orders/${token}`, html);
    expect(orderPage.status).toBe(200);
    expect(orderPage.body).toContain('Owl at Dusk');
    expectNoGiveaway(orderPage.body, 'order page');
    const orderJson = await text(`${app.url}/api/orders/by-token/${token}`);
    expect(orderJson.status).toBe(200);
    expectNoGiveaway(orderJson.body, 'order JSON');
    const status = await text(`${app.url}/api/orders/${orderId}/status?secret=${clientSecret}`);
    expectNoGiveaway(status.body, 'order status');

    // every image file of it, in every format: no GPS (nor any other place) in any
    const files = (one as Photo).files.flatMap((f) => [f.thumbnail, ...f.display.map((d) => d.url)]);
    for (const f of files) images.add(f.replace(publicUrl, ''));
    for (const accept of ['image/avif,image/*', 'image/jpeg'])
      for (const kind of ['image', 'thumbnail']) images.add(`/api/photos/${photoId}/${kind}#${accept}`);
    expect(images.size).toBeGreaterThan(6);
    for (const address of images) {
      const [url, accept] = address.split('#');
      const res = await fetch(app.url + url, { headers: accept ? { accept } : {} });
      expect(res.status, url).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const tags = (await exifr.parse(bytes, { gps: true, xmp: true, iptc: true }).catch(() => null)) ?? {};
      expect(
        Object.keys(tags).filter((k) => /gps|latitude|longitude/i.test(k)),
        url,
      ).toEqual([]);
      expectNoGiveaway(bytes.toString('latin1'), url);
    }
  }, 120_000);
});

describe('changes show in every API process within a second', () => {
  const apis = () => [app.url, other.url];
  async function shows(url: string, place: string) {
    const [json, page] = await Promise.all([
      text(`${url}/api/photos/${photoId}`),
      text(`${url}/photo/${photoId}`, html),
    ]);
    return json.body.includes(place) && page.body.includes(place);
  }
  async function hides(url: string) {
    const [json, page] = await Promise.all([
      text(`${url}/api/photos/${photoId}`),
      text(`${url}/photo/${photoId}`, html),
    ]);
    return GIVEAWAYS.every((w) => !json.body.includes(w) && !page.body.includes(w));
  }
  const withinASecond = (check: () => Promise<boolean>) => eventually(async () => check(), 1000);

  it("'exact' shows the place as typed at once; back to 'region' it is gone at once, in both processes", async () => {
    // both processes hold the protected answers in their caches
    for (const url of apis()) expect(await hides(url)).toBe(true);
    const before = (await app.client().json<{ locationsVersion: string }>(app.client().get('/api/site')))
      .locationsVersion;

    await admin.json(
      admin.put(`/api/admin/photos/${photoId}`, fields({ protection: 'exact', featured: true })),
    );
    for (const url of apis()) await withinASecond(() => shows(url, 'Wildlife Drive pullout 3'));
    expect((await text(`${other.url}/api/photos/${photoId}`)).body).toContain('"locationProtected":false');

    await admin.json(
      admin.put(`/api/admin/photos/${photoId}`, fields({ protection: 'region', featured: true })),
    );
    for (const url of apis()) await withinASecond(() => hides(url));
    const page = await text(`${other.url}/photo/${photoId}`, html);
    expect(page.body).toContain('Maryland');
    expect(page.body).toContain('Spring 2025');
    const after = JSON.parse((await text(`${other.url}/api/site`)).body).locationsVersion;
    expect(after).toEqual(before); // the same public place and date as before the toggle
  });

  it('her region text replaces the state; hidden shows no place and the year only', async () => {
    await admin.json(
      admin.put(
        `/api/admin/photos/${photoId}`,
        fields({ protection: 'region', publicRegion: 'Eastern Shore' }),
      ),
    );
    for (const url of apis())
      await withinASecond(
        async () =>
          JSON.parse((await text(`${url}/api/photos/${photoId}`)).body).location === 'Eastern Shore',
      );
    await admin.json(admin.put(`/api/admin/photos/${photoId}`, fields({ protection: 'hidden' })));
    for (const url of apis())
      await withinASecond(async () => {
        const p = JSON.parse((await text(`${url}/api/photos/${photoId}`)).body);
        return p.location === null && p.dateTaken === '2025';
      });
    // the spec's client (no protection fields) keeps them as stored
    const kept = await admin.json(
      admin.put(`/api/admin/photos/${photoId}`, { ...base, location: LOCATION, dateTaken: DATE }),
    );
    expect(kept).toMatchObject({
      protection: 'hidden',
      speciesCommon: 'Barred Owl',
      shownPublicly: { text: '2025' },
    });
    await admin.json(
      admin.put(`/api/admin/photos/${photoId}`, fields({ protection: 'auto', publicRegion: '' })),
    );
  });

  it('adding a species to the sensitive list protects its "auto" photo everywhere at once', async () => {
    const bittern = await admin.json<Photo>(
      admin.post('/api/admin/photos', {
        ...base,
        title: 'Bittern in Reeds',
        location: 'Wildlife Drive pullout 5, Cambridge, MD',
        dateTaken: '2025-05-14',
        speciesCommon: 'Least Bittern',
        imageData: toDataUrl(await makeCameraJpeg(600, 400)),
      }),
      201,
    );
    expect(bittern).toMatchObject({
      protectionInForce: 'exact',
      shownPublicly: { location: 'Wildlife Drive pullout 5, Cambridge, MD' },
    });
    const read = (url: string) => text(`${url}/api/photos/${bittern.id}`).then((r) => r.body);
    const version = async (url: string) => JSON.parse((await text(`${url}/api/site`)).body).locationsVersion;
    // both processes cache the exact place
    for (const url of apis()) expect(await read(url)).toContain('pullout 5');
    const before = await version(other.url);

    const list = await admin.json<{ species: string[] }>(admin.get('/api/admin/sensitive-species'));
    expect(list.species).toEqual([...DEFAULT_SENSITIVE_SPECIES].sort((a, b) => a.localeCompare(b)));
    const saved = await admin.json<{ species: string[] }>(
      admin.put('/api/admin/sensitive-species', { species: [...list.species, 'least bittern'] }),
    );
    expect(saved.species).toContain('least bittern');
    for (const url of apis())
      await withinASecond(async () => {
        const body = await read(url);
        return !body.includes('pullout') && body.includes('"location":"Maryland"');
      });
    for (const url of apis()) expect(await version(url)).not.toEqual(before);
    const page = await text(`${other.url}/photo/${bittern.id}`, html);
    expectNoGiveaway(page.body, 'bittern page');
    expect(page.body).toContain('Spring 2025');
  });
});

describe('a photo scheduled to appear later', () => {
  it('is on no public surface until its time, then appears by itself in both processes', async () => {
    const urls = [app.url, other.url];
    // caches in both processes hold the lists and the sitemap without it
    for (const url of urls)
      for (const p of ['/api/photos', '/api/photos?featured=true', '/']) await text(url + p);
    const publishAt = new Date(Date.now() + 3000);
    const scheduled = await admin.json<Photo>(
      admin.post('/api/admin/photos', {
        ...base,
        title: 'Warbler Nest',
        featured: true,
        location: 'Cambridge, MD',
        publishAt: publishAt.toISOString(),
        imageData: toDataUrl(await makeCameraJpeg(600, 400)),
        printOptions: [{ size: '8x12', material: 'Lustre Paper', price: 80 }],
      }),
      201,
    );
    const id = scheduled.id;
    expect(scheduled).toMatchObject({ publishAt: publishAt.toISOString(), published: false });
    const adminList = await admin.json<Photo[]>(admin.get('/api/admin/photos'));
    expect(adminList.some((p) => p.id === id)).toBe(true);

    const visible = async (url: string) => {
      const [list, featured, category, sitemap, one, page, options, image, thumbnail] = await Promise.all([
        text(`${url}/api/photos`),
        text(`${url}/api/photos?featured=true`),
        text(`${url}/api/photos?category=birds`),
        text(`${url}/sitemap.xml`),
        text(`${url}/api/photos/${id}`),
        text(`${url}/photo/${id}`, html),
        text(`${url}/api/photos/${id}/item-options`),
        text(`${url}/api/photos/${id}/image?v=1`),
        text(`${url}/api/photos/${id}/thumbnail`),
      ]);
      const listed = [list, featured, category].map((r) =>
        JSON.parse(r.body).some((p: Photo) => p.id === id),
      );
      return {
        listed,
        sitemap: sitemap.body.includes(`/photo/${id}<`),
        one: one.status,
        page: page.status,
        options: options.status,
        images: [image.status, thumbnail.status],
      };
    };
    for (const url of urls)
      expect(await visible(url)).toEqual({
        listed: [false, false, false],
        sitemap: false,
        one: 404,
        page: 404,
        options: 404,
        images: [404, 404],
      });
    // a cart add is refused as for a missing photo
    const c = app.client();
    const missing = await c.post('/api/cart', {
      photoId: 2 ** 31 - 2,
      printOptionId: scheduled.printOptions[0].id,
      quantity: 1,
    });
    const early = await c.post('/api/cart', {
      photoId: id,
      printOptionId: scheduled.printOptions[0].id,
      quantity: 1,
    });
    expect(early.status).toBe(missing.status);
    expect(await early.json()).toEqual(await missing.json());
    const versionBefore = JSON.parse((await text(`${other.url}/api/site`)).body).locationsVersion;

    // no admin action: its time comes
    const wait = publishAt.getTime() - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (const url of urls)
      await eventually(async () => {
        const v = await visible(url);
        return (
          v.listed.every(Boolean) &&
          v.sitemap &&
          v.one === 200 &&
          v.page === 200 &&
          v.options === 200 &&
          v.images.every((s) => s === 200)
        );
      }, 1500);
    expect(JSON.parse((await text(`${other.url}/api/site`)).body).locationsVersion).not.toEqual(
      versionBefore,
    );
    await c.json(
      c.post('/api/cart', { photoId: id, printOptionId: scheduled.printOptions[0].id, quantity: 1 }),
      201,
    );
  });
});

describe('bad input for the new fields', () => {
  it('refuses a bad protection, publish time, species or region with its message, storing nothing', async () => {
    const image = toDataUrl(await makeCameraJpeg(300, 200));
    const before = await countRows(app, 'photos');
    const cases: [Record<string, unknown>, string][] = [
      [{ protection: 'secret' }, 'Protection must be one of auto, exact, region, hidden'],
      [{ publishAt: 'tomorrow' }, 'Publish at must be a date and time'],
      [{ publishAt: '2026-12-03T09:00' }, 'Publish at must be a date and time'], // no offset
      [{ publishAt: '2026-02-30T09:00:00Z' }, 'Publish at must be a date and time'],
      [{ publishAt: 12 }, 'Publish at must be a date and time'],
      [{ speciesCommon: 'x'.repeat(121) }, 'Species (common name) must be at most 120 characters'],
      [{ speciesScientific: 'x'.repeat(121) }, 'Scientific name must be at most 120 characters'],
      [{ publicRegion: 'x'.repeat(101) }, 'Region shown publicly must be at most 100 characters'],
    ];
    for (const [bad, message] of cases) {
      const res = await admin.post('/api/admin/photos', { ...base, imageData: image, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
      const put = await admin.put(`/api/admin/photos/${photoId}`, fields({ protection: 'exact', ...bad }));
      expect(put.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows(app, 'photos')).toBe(before);
    // the refused updates changed nothing
    expect(await admin.json(admin.get(`/api/admin/photos/${photoId}`))).toMatchObject({
      protection: 'auto',
      protectionInForce: 'region',
      publishAt: null,
    });
  });

  it('takes the new fields from the multipart form: blank means default', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      ...base,
      location: LOCATION,
      protection: 'hidden',
      publishAt: '',
      speciesCommon: '',
      publicRegion: '',
    }))
      form.set(k, v);
    form.set(
      'image',
      new Blob([new Uint8Array(await makeCameraJpeg(300, 200))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const created = await admin.json(admin.post('/api/admin/photos', form), 201);
    expect(created).toMatchObject({
      protection: 'hidden',
      publishAt: null,
      published: true,
      speciesCommon: null,
      publicRegion: null,
    });
    const bad = new FormData();
    for (const [k, v] of Object.entries({ ...base, protection: 'Region' })) bad.set(k, v);
    bad.set(
      'image',
      new Blob([new Uint8Array(await makeCameraJpeg(300, 200))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const res = await admin.post('/api/admin/photos', bad);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('Protection must be one of auto, exact, region, hidden');
  });

  it('refuses a bad sensitive species list, changing nothing; drops repeats by case', async () => {
    const before = await admin.json<{ species: string[] }>(admin.get('/api/admin/sensitive-species'));
    for (const bad of [
      {},
      { species: 'Bald Eagle' },
      { species: [''] },
      { species: ['   '] },
      { species: ['x'.repeat(121)] },
      { species: [12] },
      { species: Array.from({ length: 501 }, (_, i) => `Bird ${i}`) },
    ]) {
      const res = await admin.put('/api/admin/sensitive-species', bad);
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect(await admin.json(admin.get('/api/admin/sensitive-species'))).toEqual(before);
    const saved = await admin.json(
      admin.put('/api/admin/sensitive-species', {
        species: ['Snowy  Owl ', 'Bald Eagle', 'bald eagle', 'Barred Owl'],
      }),
    );
    expect(saved).toEqual({ species: ['Bald Eagle', 'Barred Owl', 'Snowy Owl'] });
    expect((await app.client().get('/api/admin/sensitive-species')).status).toBe(401);
  });
});
