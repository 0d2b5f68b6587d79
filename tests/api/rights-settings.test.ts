import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RightsSettingsView } from '../../src/contract';
import { startCatalogApp, addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';
import { bombPng } from '../support/images';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

// Issue 50: her rights in every file. The settings (defaults, a valid change and its event, each bad
// input refused with nothing changed), what one image's files carry (stampOf), and the TDM and
// robots answers machines read.

const built = existsSync(path.resolve('dist/server/entry-server.js'));
let app: TestApp;
let admin: HttpClient;
let heron: CreatedPhoto;
const year = new Date().getFullYear();

beforeAll(async () => {
  ({ app, admin } = await startCatalogApp({ PHOTOGRAPHER_NAME: 'Dana Whitfield' }));
  heron = await addPhoto(admin, { title: 'Heron at Dawn', dateTaken: '2019-05-04' });
});
afterAll(() => app?.close());

const settings = () => admin.json<RightsSettingsView>(admin.get('/api/admin/rights'));
const rightsEvents = async () =>
  (await app.ctx.db('domain_events').where({ name: 'rights.changed' }).orderBy('id')).map((e) => e.payload);
const form = (data: Buffer, type = 'image/png') => {
  const f = new FormData();
  f.append('image', new Blob([new Uint8Array(data)], { type }), 'logo.png');
  return f;
};
/** What PUT takes, from what GET answered. */
const inputOf = (s: RightsSettingsView) => {
  const { imageDataUrl: _i, ...watermark } = s.watermark;
  return {
    creator: s.creator,
    copyrightNotice: s.copyrightNotice,
    creditLine: s.creditLine,
    rightsUrl: s.rightsUrl,
    dataMining: s.dataMining,
    aiCrawlersBlocked: s.aiCrawlersBlocked,
    aiCrawlerAgents: s.aiCrawlerAgents,
    watermark,
  };
};
const stampOf = (assetId: number, kind: string) => app.modules.rights.stampSource.stampOf(assetId, kind);
const assetOf = async (photoId: number) =>
  ((await app.ctx.db('photos').where({ id: photoId }).first('original_id')) as { original_id: number })
    .original_id;

describe('rights settings', () => {
  it('answers the defaults before she saves', async () => {
    const s = await settings();
    expect(s).toMatchObject({
      creator: '',
      copyrightNotice: null,
      defaultNotice: `© ${year} Dana Whitfield, all rights reserved`,
      rightsUrl: '/about',
      dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
      aiCrawlersBlocked: false,
      watermark: {
        enabled: false,
        kind: 'text',
        imageDataUrl: null,
        position: 'bottom-right',
        widthShare: 0.2,
        opacity: 0.6,
        fromWidth: 1080,
      },
    });
    expect(s.aiCrawlerAgents).toHaveLength(18);
    expect(s.aiCrawlerAgents).toEqual(expect.arrayContaining(['GPTBot', 'ClaudeBot', 'CCBot', 'Timpibot']));
  });

  it('keeps a valid change and records rights.changed for every image in it', async () => {
    const before = (await rightsEvents()).length;
    const input = {
      ...inputOf(await settings()),
      copyrightNotice: '© Dana Whitfield. Licensing: dana@example.com',
      creditLine: 'Dana Whitfield Photography',
      watermark: {
        ...inputOf(await settings()).watermark,
        enabled: true,
        position: 'top-left',
        opacity: 0.4,
      },
    };
    const saved = await admin.json<RightsSettingsView>(admin.put('/api/admin/rights', input));
    expect(saved).toMatchObject({ copyrightNotice: input.copyrightNotice, creditLine: input.creditLine });
    expect(await settings()).toMatchObject({
      copyrightNotice: input.copyrightNotice,
      watermark: { enabled: true, position: 'top-left', opacity: 0.4 },
    });
    const events = await rightsEvents();
    expect(events.slice(before)).toEqual([{ assetIds: 'all' }]);
  });

  it('publishes nothing for a change files do not carry (the robots switch)', async () => {
    const before = (await rightsEvents()).length;
    await admin.json(
      admin.put('/api/admin/rights', { ...inputOf(await settings()), aiCrawlersBlocked: true }),
    );
    expect((await settings()).aiCrawlersBlocked).toBe(true);
    expect(await rightsEvents()).toHaveLength(before);
    await admin.json(
      admin.put('/api/admin/rights', { ...inputOf(await settings()), aiCrawlersBlocked: false }),
    );
  });

  it.each([
    [
      'a 10 kB notice',
      { copyrightNotice: 'x'.repeat(10_000) },
      'Copyright notice must be at most 300 characters',
    ],
    [
      'a notice with control characters',
      { copyrightNotice: '© Dana\u0007' },
      'must not contain control characters',
    ],
    ['opacity 2', { watermark: { opacity: 2 } }, 'Watermark opacity must be between 5% and 100%'],
    ['position "up"', { watermark: { position: 'up' } }, 'Position must be one of'],
    ['a width of 900', { watermark: { fromWidth: 900 } }, 'Watermark from must be one of'],
    ['a rights page elsewhere', { rightsUrl: 'javascript:alert(1)' }, 'Rights page must be a path'],
    [
      'an agent with a space',
      { aiCrawlerAgents: ['GPT Bot'] },
      'Each AI crawler must be one user-agent name',
    ],
  ])('refuses %s with a 400 and changes nothing', async (_what, change, message) => {
    const before = await settings();
    const events = (await rightsEvents()).length;
    const base = inputOf(before);
    const { watermark, ...rest } = change as { watermark?: object };
    const body = { ...base, ...rest, watermark: { ...base.watermark, ...watermark } };
    const answer = await admin.json<{ message: string }>(admin.put('/api/admin/rights', body), 400);
    expect(answer.message).toContain(message);
    expect(await settings()).toEqual(before);
    expect(await rightsEvents()).toHaveLength(events);
  });

  it('refuses a 200 MP PNG from its header, fast, and anything not a PNG', async () => {
    const before = await settings();
    const bomb = bombPng(20_000, 10_000);
    const started = Date.now();
    const answer = await admin.json<{ message: string }>(
      admin.put('/api/admin/rights/watermark-image', form(bomb)),
      400,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.message).toBe('The watermark image is too large: at most 25 megapixels (5000 x 5000).');
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(
      (await admin.json<{ message: string }>(admin.put('/api/admin/rights/watermark-image', form(jpeg)), 400))
        .message,
    ).toBe('The watermark image must be a PNG file (transparency is kept).');
    expect(await settings()).toEqual(before);
  });

  it('refuses an image watermark before a logo is stored, then keeps her logo', async () => {
    const input = inputOf(await settings());
    const refused = await admin.json<{ message: string }>(
      admin.put('/api/admin/rights', { ...input, watermark: { ...input.watermark, kind: 'image' } }),
      400,
    );
    expect(refused.message).toBe('Upload a watermark image first, or choose a text watermark.');
    const logo = await sharp({
      create: { width: 400, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const saved = await admin.json<RightsSettingsView>(
      admin.put('/api/admin/rights/watermark-image', form(logo)),
    );
    expect(saved.watermark.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    const stored = await app.ctx.db('rights_settings').first('watermark_png');
    expect((await sharp(stored.watermark_png).metadata()).width).toBe(400);
    await admin.json(
      admin.put('/api/admin/rights', { ...input, watermark: { ...input.watermark, kind: 'image' } }),
    );
    expect((await settings()).watermark.kind).toBe('image');
  });
});

describe('what an image carries (stampOf)', () => {
  it("gives a photo its title, the site's notice, and her logo as the mark", async () => {
    const stamp = await stampOf(await assetOf(heron.id), 'photo');
    expect(stamp?.rights).toMatchObject({
      title: 'Heron at Dawn',
      creator: 'Dana Whitfield',
      copyrightNotice: '© Dana Whitfield. Licensing: dana@example.com',
      rightsUrl: `${app.ctx.config.publicUrl}/about`,
      dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
    });
    expect(stamp?.watermark).toMatchObject({ kind: 'image', position: 'top-left', opacity: 0.4 });
  });

  it("without a site notice: the default with the year taken; the photo's own notice wins", async () => {
    await admin.json(admin.put('/api/admin/rights', { ...inputOf(await settings()), copyrightNotice: '' }));
    const asset = await assetOf(heron.id);
    expect((await stampOf(asset, 'photo'))?.rights.copyrightNotice).toBe(
      '© 2019 Dana Whitfield, all rights reserved',
    );
    const before = (await rightsEvents()).length;
    const key = (await stampOf(asset, 'photo'))?.key;
    await admin.json(
      admin.put(`/api/admin/photos/${heron.id}`, {
        title: 'Heron at Dawn',
        category: 'birds',
        copyrightNotice: '© 2019 Dana W., licensed to Audubon',
        watermarkOff: true,
      }),
    );
    const stamp = await stampOf(asset, 'photo');
    expect(stamp?.rights.copyrightNotice).toBe('© 2019 Dana W., licensed to Audubon');
    expect(stamp?.watermark).toBeNull();
    expect(stamp?.key).not.toBe(key);
    expect((await rightsEvents()).slice(before)).toEqual([{ assetIds: [asset] }]);
    const detail = await admin.json<{ copyrightNotice: string | null; watermarkOff: boolean }>(
      admin.get(`/api/admin/photos/${heron.id}`),
    );
    expect(detail).toMatchObject({
      copyrightNotice: '© 2019 Dana W., licensed to Audubon',
      watermarkOff: true,
    });
  });

  it('refuses a photo notice of 10 kB and keeps the one saved', async () => {
    const answer = await admin.json<{ message: string }>(
      admin.put(`/api/admin/photos/${heron.id}`, {
        title: 'Heron',
        category: 'birds',
        copyrightNotice: 'x'.repeat(10_000),
      }),
      400,
    );
    expect(answer.message).toContain('Copyright notice must be at most 300 characters');
    const row = await app.ctx.db('photos').where({ id: heron.id }).first('title', 'copyright_notice');
    expect(row).toEqual({ title: 'Heron at Dawn', copyright_notice: '© 2019 Dana W., licensed to Audubon' });
  });

  it('sees a change another process saved at once (a remake follows the change)', async () => {
    const asset = await assetOf(heron.id);
    await stampOf(asset, 'photo'); // this process's copy, fresh
    // another API process's save: the row changes, this process's copy does not
    await app.ctx.db('rights_settings').update({ credit_line: 'Elsewhere', updated_at: app.ctx.db.fn.now() });
    expect((await stampOf(asset, 'photo'))?.rights.creditLine).toBe('Elsewhere');
  });

  it('gives her logo the site rights, no title and no mark', async () => {
    const logo = new FormData();
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#234' } })
      .png()
      .toBuffer();
    logo.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    await admin.json(admin.post('/api/admin/logo', logo));
    const assetId = await app.modules.content.service.logoAssetId();
    const stamp = await stampOf(assetId, 'logo');
    expect(stamp?.rights).toMatchObject({
      title: null,
      copyrightNotice: `© ${year} Dana Whitfield, all rights reserved`,
    });
    expect(stamp?.watermark).toBeNull();
  });
});

describe('what machines read', () => {
  it('reserves TDM on images and pages, and in tdmrep.json', async () => {
    const c = app.client();
    const image = await c.get(`/api/photos/${heron.id}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('tdm-reservation')).toBe('1');
    expect(image.headers.get('tdm-policy')).toBe(`${app.ctx.config.publicUrl}/about`);
    // a warm cache answers before Express: the headers come with it too
    const again = await c.get(`/api/photos/${heron.id}/image`);
    expect(again.headers.get('tdm-reservation')).toBe('1');
    expect(await c.json(c.get('/.well-known/tdmrep.json'))).toEqual([
      { location: '/*', 'tdm-reservation': 1, 'tdm-policy': `${app.ctx.config.publicUrl}/about` },
    ]);
    expect((await c.get('/api/photos')).headers.get('tdm-reservation')).toBeNull();
  });

  it('carries the TDM headers on a rendered page', async () => {
    expect(built, 'run npm run build').toBe(true);
    const page = await app.client().get('/', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('tdm-reservation')).toBe('1');
    expect((await app.client().get('/', { accept: 'text/html' })).headers.get('tdm-policy')).toBe(
      `${app.ctx.config.publicUrl}/about`,
    );
  });

  it('drops the reservation at once when she allows mining, cached answers too', async () => {
    const c = app.client();
    await c.get(`/api/photos/${heron.id}/image`);
    await admin.json(
      admin.put('/api/admin/rights', { ...inputOf(await settings()), dataMining: 'DMI-ALLOWED' }),
    );
    expect((await c.get(`/api/photos/${heron.id}/image`)).headers.get('tdm-reservation')).toBeNull();
    expect(await c.json(c.get('/.well-known/tdmrep.json'))).toEqual([
      { location: '/*', 'tdm-reservation': 0 },
    ]);
    await admin.json(
      admin.put('/api/admin/rights', {
        ...inputOf(await settings()),
        dataMining: 'DMI-PROHIBITED',
        rightsUrl: 'https://dana.example/licensing',
      }),
    );
    const image = await c.get(`/api/photos/${heron.id}/image`);
    expect(image.headers.get('tdm-policy')).toBe('https://dana.example/licensing');
  });

  it('asks the AI crawlers to stay away in robots.txt only while the switch is on', async () => {
    const robots = async () => (await app.client().get('/robots.txt')).text();
    expect(await robots()).not.toContain('GPTBot');
    const input = inputOf(await settings());
    await admin.json(
      admin.put('/api/admin/rights', {
        ...input,
        aiCrawlersBlocked: true,
        aiCrawlerAgents: ['GPTBot', 'CCBot'],
      }),
    );
    const on = await robots();
    expect(on).toContain('User-agent: GPTBot\nDisallow: /\n');
    expect(on).toContain('User-agent: CCBot\nDisallow: /\n');
    expect(on).toContain('User-agent: *\nAllow: /');
    await admin.json(admin.put('/api/admin/rights', { ...input, aiCrawlersBlocked: false }));
    expect(await robots()).not.toContain('GPTBot');
  });
});
