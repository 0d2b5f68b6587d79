import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitFigures } from '../../src/contract';
import { createBackup } from '../../src/platform/backup';
import { insertPhoto } from '../support/shop-data';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

// Private visit counts (issue 49): counted by the server without cookies, one visitor a keyed hash
// of (address, user agent, the day's salt), nothing of it kept past the day.

const TOKEN = 'metrics-token-for-visits-0123456789';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
/** What a browser sends on a navigation, from an address (the test app trusts its loopback proxy). */
const browser = (address: string, ua = CHROME): Record<string, string> => ({
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': ua,
  'x-forwarded-for': address,
});

let app: TestApp;
let photoId: number;
let optionId: number;
let today: string;
const db = () => app.ctx.db;

const dayOf = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: app.ctx.config.SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
const figuresToday = async (): Promise<VisitFigures> => {
  await app.modules.visits.flush();
  return app.modules.visits.figures({ from: today, to: today });
};
const hitCount = async () => Number((await db()('visit_hits').count({ n: '*' }))[0].n);

/** How many pages the response cache answered (its metrics). */
async function pageCacheHits(): Promise<number> {
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('wildframe_response_cache_requests_total{') &&
        /group="page"/.test(l) &&
        /result="hit"/.test(l),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

beforeAll(async () => {
  expect(existsSync(path.resolve('dist/server/entry-server.js')), 'run npm run build').toBe(true);
  app = await createTestApp({ TRUST_PROXY: 'loopback', METRICS_TOKEN: TOKEN });
  ({
    photoId,
    optionIds: [optionId],
  } = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }));
  today = dayOf(Date.now());
});
afterAll(() => app?.close());

describe('page views', () => {
  it('counts views of public pages, a cached one too; the same address and browser is one visitor a day', async () => {
    const c = app.client();
    // the page cache warms with a request that is not counted (DNT), until it answers /about
    await eventually(async () => {
      const before = await pageCacheHits();
      await c.get('/about', { ...browser('198.51.100.1'), dnt: '1' });
      return (await pageCacheHits()) > before;
    });
    expect(await hitCount()).toBe(0);

    const ann = (p: string, extra: Record<string, string> = {}) =>
      c.get(p, { ...browser('203.0.113.5'), ...extra });
    const cacheHitsBefore = await pageCacheHits();
    expect((await ann('/about')).status).toBe(200);
    expect(await pageCacheHits()).toBe(cacheHitsBefore + 1); // answered by the cache, and counted
    for (const p of ['/', `/photo/${photoId}`, '/gift-card', '/checkout', '/about'])
      expect((await ann(p)).status).toBe(200);
    // another address, and another browser at Ann's address: two more visitors
    const bea = await c.get('/faq', {
      ...browser('203.0.113.6'),
      referer: 'https://www.example.org/blog/post?utm_source=secret',
    });
    expect(bea.status).toBe(200);
    await c.get('/faq', { ...browser('203.0.113.5', FIREFOX), referer: `${app.url}/about` });

    const figures = await figuresToday();
    expect(figures.totals).toEqual({
      visitors: 3,
      views: 8,
      photoViews: 1,
      addedToCart: 0,
      checkoutStarted: 1,
    });
    expect(figures.days).toEqual([{ day: today, visitors: 3, views: 8 }]);
    expect(figures.pages[0]).toEqual({ path: '/about', views: 2 });
    expect(figures.pages).toContainEqual({ path: '/faq', views: 2 });
    expect(figures.pages).toContainEqual({ path: `/photo/${photoId}`, views: 1 });
    // the referring site's domain only: not its path, and not our own host
    expect(figures.referrers).toEqual([{ domain: 'example.org', visitors: 1 }]);
    const stored = await db()('visit_hits').select('visitor', 'referrer', 'path');
    expect(new Set(stored.map((h) => h.visitor.toString('hex'))).size).toBe(3);
    expect(stored.every((h) => h.visitor.length === 16)).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113|Mozilla|utm_source|blog/);
  });

  it('does not count DNT, Sec-GPC, bots, no-script probes, the API, the admin, media and missing pages', async () => {
    const before = await hitCount();
    const c = app.client();
    const ann = browser('203.0.113.7');
    const { 'accept-language': _ignored, ...noLanguage } = ann;
    const answers = await Promise.all([
      c.get('/about', { ...ann, dnt: '1' }),
      c.get('/about', { ...ann, 'sec-gpc': '1' }),
      c.get(
        '/about',
        browser('203.0.113.7', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
      ),
      c.get('/about', browser('203.0.113.7', 'curl/8.5.0')),
      c.get('/about', noLanguage), // (fetch sends `accept-language: *` then)
      c.get('/about', { ...ann, 'accept-language': '*' }),
      c.get('/about', { ...ann, accept: '*/*' }),
      c.request('HEAD', '/about', undefined, ann),
      c.get('/api/photos', ann),
      c.get('/admin', ann),
      c.get('/admin/orders', ann),
      c.get('/photo/999999', ann),
      c.get('/no-such-page', ann),
      c.get('/orders/a-buyers-private-token-0000000000', ann),
      c.get('/manifest.webmanifest', ann),
    ]);
    expect(answers.slice(0, 11).map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(answers[11].status).toBe(404);
    expect(await figuresToday()).toBeTruthy();
    expect(await hitCount()).toBe(before);
  });

  it("leaves out the owner's own browser (marked when she signs in, also once signed out)", async () => {
    const before = await hitCount();
    const owner = await app.admin(); // the sign-in answer marks her browser
    expect(owner.cookieHeader).toMatch(/(^|; )wf\.owner=1(;|$)/);
    const her = browser('203.0.113.9');
    expect((await owner.get('/about', her)).status).toBe(200);
    expect((await owner.post('/api/admin/logout')).status).toBe(200);
    expect(owner.cookieHeader).not.toMatch(/wf\.sid/);
    expect((await owner.get(`/photo/${photoId}`, her)).status).toBe(200);
    await app.modules.visits.flush();
    expect(await hitCount()).toBe(before);
    // a visitor at the same address with the same browser, without the mark, is counted
    expect((await app.client().get('/about', her)).status).toBe(200);
    await app.modules.visits.flush();
    expect(await hitCount()).toBe(before + 1);
  });
});

describe('added to cart', () => {
  it('is counted once per visitor a day, and only when the line was added', async () => {
    const before = (await figuresToday()).totals.addedToCart;
    const cara = app.client();
    const line = { photoId, printOptionId: optionId, quantity: 1 };
    const caraHeaders = { ...browser('203.0.113.8'), accept: 'application/json' };
    await cara.json(cara.post('/api/cart', line, caraHeaders), 201);
    await cara.json(cara.post('/api/cart', line, caraHeaders), 201);
    // refused (no such option): no add
    const dan = app.client();
    const refused = await dan.post('/api/cart', { ...line, printOptionId: 999999 }, browser('203.0.113.9'));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // asks not to be tracked
    const eve = app.client();
    await eve.json(eve.post('/api/cart', line, { ...browser('203.0.113.10'), 'sec-gpc': '1' }), 201);
    expect((await figuresToday()).totals.addedToCart).toBe(before + 1);
  });
});

describe('the roll-up (the maintenance sweep)', () => {
  /** Every row of every table as text: what the database holds anywhere. */
  async function everything(): Promise<string> {
    const { rows } = await db().raw<{ rows: { name: string }[] }>(
      `select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'`,
    );
    const texts: string[] = [];
    for (const { name } of rows) {
      const r = await db().raw<{ rows: { t: string }[] }>(`select t::text as t from "${name}" t`);
      texts.push(...r.rows.map((x) => x.t));
    }
    return texts.join('\n');
  }

  it("keeps today's hits and salt out of a backup (its daily rows are in)", async () => {
    expect(await hitCount()).toBeGreaterThan(0);
    const work = await mkdtemp(path.join(os.tmpdir(), 'visits-backup-'));
    try {
      const made = await createBackup({
        databaseUrl: app.ctx.config.DATABASE_URL,
        dataDir: app.ctx.config.DATA_DIR,
        output: work,
      });
      const names = made.tables.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['visit_days', 'visit_day_pages', 'orders']));
      expect(names).not.toContain('visit_hits');
      expect(names).not.toContain('visit_salts');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('turns a past day into daily rows and keeps no hash or salt of it, safely twice', async () => {
    const live = await figuresToday();
    const hashes = (await db()('visit_hits').select('visitor')).map((h) => h.visitor.toString('hex'));
    const salts = (await db()('visit_salts').select('salt')).map((s) => s.salt.toString('hex'));
    expect(hashes.length).toBeGreaterThan(0);
    expect(salts).toHaveLength(1);
    expect(app.ctx.config.trustProxy).toBeTruthy();

    // today is not rolled up: the sweep leaves it alone
    expect(await app.modules.visits.sweep()).toBe(0);
    // the sweep of tomorrow (a clock a day on)
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await app.modules.visits.sweep(tomorrow)).toBe(hashes.length);
    expect(await app.modules.visits.sweep(tomorrow)).toBe(0);

    expect(await hitCount()).toBe(0);
    expect(await db()('visit_salts').count({ n: '*' })).toEqual([{ n: 0 }]);
    const all = await everything();
    for (const secret of [...hashes, ...salts]) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/203\.0\.113|Mozilla/);
    // the day's figures, now from its daily rows, are what they were live
    expect(await app.modules.visits.figures({ from: today, to: today })).toEqual(live);
  });

  it('after downtime rolls up every past day at once; figures() sums the daily rows and today live', async () => {
    const day = (n: number) => dayOf(Date.now() - n * 86_400_000);
    const hit = (d: string, visitor: number, extra: object = {}) => ({
      day: d,
      visitor: Buffer.alloc(16, visitor),
      kind: 'view',
      page: 'home',
      path: '/',
      ...extra,
    });
    // two days the sweep never reached (their salts still stored)
    await db()('visit_salts').insert([
      { day: day(3), salt: Buffer.alloc(32, 1) },
      { day: day(2), salt: Buffer.alloc(32, 2) },
    ]);
    await db()('visit_hits').insert([
      hit(day(3), 1),
      hit(day(3), 1, { page: 'photo', path: `/photo/${photoId}`, referrer: 'birds.example' }),
      hit(day(3), 2, { referrer: 'birds.example' }),
      hit(day(2), 1, { kind: 'cart', page: null, path: null }),
      hit(day(2), 1, { page: 'checkout', path: '/checkout' }),
    ]);
    // and a visit today
    await app.client().get('/portfolio', browser('203.0.113.20'));
    await app.modules.visits.flush();

    const range = { from: day(3), to: today };
    const before = await app.modules.visits.figures(range);
    expect(await app.modules.visits.sweep()).toBe(5);
    expect(
      await db()('visit_salts')
        .whereIn('day', [day(3), day(2)])
        .count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
    const after = await app.modules.visits.figures(range);
    expect(after).toEqual(before);
    expect(after.days).toEqual([
      { day: day(3), visitors: 2, views: 3 },
      { day: day(2), visitors: 1, views: 1 },
      { day: today, visitors: 5, views: 10 },
    ]);
    expect(after.totals).toEqual({
      visitors: 8,
      views: 14,
      photoViews: 2,
      addedToCart: 2,
      checkoutStarted: 2,
    });
    expect(after.referrers).toEqual([
      { domain: 'birds.example', visitors: 2 },
      { domain: 'example.org', visitors: 1 },
    ]);
    // the month's page rows too (a whole month in a range reads them)
    const month = `${day(3).slice(0, 7)}-01`;
    const monthRow = await db()('visit_month_pages')
      .where({ path: `/photo/${photoId}` })
      .whereRaw('month = ?::date', [month])
      .first('views');
    expect(monthRow?.views).toBeGreaterThanOrEqual(1);
    // a range without today reads the daily rows only
    expect((await app.modules.visits.figures({ from: day(3), to: day(2) })).totals.views).toBe(4);
  });
});

describe('a year of visits', () => {
  it('answers a year range (a million page views) from the daily and monthly rows', async () => {
    // 365 days of 2,740 views: 300 pages and 40 referrers a day, as the roll-up leaves them (its
    // monthly page rows too)
    await db().raw(`
      insert into visit_days (day, visitors, views, photo_views, added_to_cart, checkout_started)
      select current_date - 400 + d, 900, 2740, 1500, 60, 30 from generate_series(0, 364) d;
      insert into visit_day_pages (day, path, views)
      select current_date - 400 + d, '/photo/' || p, 9 from generate_series(0, 364) d, generate_series(1, 300) p;
      insert into visit_month_pages (month, path, views)
      select date_trunc('month', day)::date, path, sum(views) from visit_day_pages
       where day < current_date - 30 group by 1, path;
      insert into visit_day_referrers (day, domain, visitors)
      select current_date - 400 + d, 'site' || r || '.example', 5 from generate_series(0, 364) d, generate_series(1, 40) r;
      analyze visit_days; analyze visit_day_pages; analyze visit_month_pages; analyze visit_day_referrers;`);
    const range = { from: dayOf(Date.now() - 400 * 86_400_000), to: dayOf(Date.now() - 36 * 86_400_000) };
    // its speed is measured by `npm run bench` (bench-numbers), not here
    const figures: VisitFigures = await app.modules.visits.figures(range);
    expect(figures.totals.views).toBe(365 * 2740);
    expect(figures.pages).toHaveLength(20);
    expect(figures.pages[0].views).toBe(365 * 9);
  });
});
