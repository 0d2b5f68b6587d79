import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import type { AboutContent as About, Logo } from '../../src/contract';

type Faq = { id: number; question: string; answer: string; orderIndex: number };

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
});
afterAll(() => app?.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 90, b: 60, alpha: 0.8 } } })
    .png()
    .toBuffer();

const logoForm = (data: Buffer | string, filename = 'logo.png', type = 'image/png', field = 'logo') => {
  const form = new FormData();
  form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  return form;
};

const faqs = () => app.client().json<Faq[]>(app.client().get('/api/faqs'));

describe('GET /api/site', () => {
  it('answers the site name, photographer, tagline and the payment provider from the config', async () => {
    const c = app.client();
    const res = await c.get('/api/site');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await c.json(res)).toEqual({
      siteName: app.ctx.config.SITE_NAME,
      photographerName: '', // PHOTOGRAPHER_NAME unset: no name, never a demo one
      tagline: 'Bring the beauty of creation home',
      takingOrders: true,
      payments: { provider: 'test', publishableKey: null },
      // a digest of the protected photos' public place and date (none yet): issue 35
      locationsVersion: expect.stringMatching(/^[\w-]{16}$/),
      timeZone: 'America/New_York',
    });
  });
});

describe('public content reads on a fresh shop', () => {
  it('answer empty defaults: no logo, no about text, no FAQs, an inactive notice', async () => {
    const c = app.client();
    expect(await c.json(c.get('/api/logo'))).toEqual({
      logoUrl: null,
      files: null,
      logoType: null,
      width: null,
      height: null,
    });
    expect(await c.json(c.get('/api/about'))).toEqual({
      mainBio: null,
      approachText: null,
      servicesText: null,
      headshotUrl: null,
      headshotFiles: null,
      updatedAt: null,
    });
    expect(await c.json(c.get('/api/faqs'))).toEqual([]);
    expect(await c.json(c.get('/api/shipping-notice'))).toEqual({
      isActive: false,
      line1: null,
      line2: null,
    });
  });

  it('answer 404 for the logo and headshot images when none was uploaded', async () => {
    const c = app.client();
    expect(await c.json(c.get('/api/logo/image'), 404)).toEqual({ message: 'No logo has been uploaded.' });
    expect(await c.json(c.get('/api/about/headshot'), 404)).toEqual({
      message: 'No headshot has been uploaded.',
    });
  });

  it('are revalidated on every read (no-cache) and answer 304 while unchanged', async () => {
    const c = app.client();
    for (const path of ['/api/site', '/api/logo', '/api/about', '/api/faqs', '/api/shipping-notice']) {
      const first = await c.get(path);
      expect(first.headers.get('cache-control'), path).toBe('no-cache');
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      // what a browser sends when it revalidates (fetch() would add 'no-cache' on its own)
      const again = await c.get(path, { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
      expect(again.status, path).toBe(304);
    }
  });
});

describe('admin content writes when signed out', () => {
  it('are refused with 401 and change nothing', async () => {
    const c = app.client();
    const before = await Promise.all(
      ['/api/logo', '/api/about', '/api/faqs', '/api/shipping-notice'].map((p) => c.json(c.get(p))),
    );
    const calls: [string, Promise<Response>][] = [
      ['logo', c.post('/api/admin/logo', logoForm(await png(900, 300)))],
      ['about', c.post('/api/admin/about', { mainBio: '<p>x</p>', approachText: 'a', servicesText: 's' })],
      ['faq create', c.post('/api/admin/faqs', { question: 'Q?', answer: 'A.' })],
      ['faq patch', c.patch('/api/admin/faqs/1', { question: 'Q?', answer: 'A.' })],
      ['faq delete', c.delete('/api/admin/faqs/1')],
      ['faq reorder', c.post('/api/admin/faqs/reorder', { faqIds: [] })],
      ['notice', c.post('/api/admin/shipping-notice', { line1: 'Closed', isActive: true })],
    ];
    for (const [name, call] of calls) expect((await call).status, name).toBe(401);
    const after = await Promise.all(
      ['/api/logo', '/api/about', '/api/faqs', '/api/shipping-notice'].map((p) => c.json(c.get(p))),
    );
    expect(after).toEqual(before);
  });
});

describe('FAQs', () => {
  it('adds FAQs trimmed, at the end of the list, and lists them by orderIndex', async () => {
    const a = await admin.json<Faq>(
      admin.post('/api/admin/faqs', { question: '  Do you ship abroad?  ', answer: ' US only. ' }),
      201,
    );
    expect(a).toMatchObject({ question: 'Do you ship abroad?', answer: 'US only.' });
    const b = await admin.json<Faq>(
      admin.post('/api/admin/faqs', { question: 'Are prints framed?', answer: 'No, unframed.' }),
      201,
    );
    const c = await admin.json<Faq>(
      admin.post('/api/admin/faqs', { question: 'Custom sizes?', answer: 'Ask me.' }),
      201,
    );
    expect(b.orderIndex).toBeGreaterThan(a.orderIndex);
    expect(c.orderIndex).toBeGreaterThan(b.orderIndex);
    expect((await faqs()).map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    expect(await faqs()).toContainEqual({
      id: a.id,
      question: 'Do you ship abroad?',
      answer: 'US only.',
      orderIndex: a.orderIndex,
    });
  });

  it('refuses a blank question or answer with the spec message and stores nothing', async () => {
    const before = await faqs();
    for (const body of [
      { question: '   ', answer: 'An answer' },
      { question: 'A question?', answer: '' },
      { question: 'A question?' },
      {},
    ]) {
      const res = await admin.json<{ message: string }>(admin.post('/api/admin/faqs', body), 400);
      expect(res.message).toBe('Question and answer are required');
    }
    expect(await faqs()).toEqual(before);
  });

  it('edits a FAQ, and refuses a blank edit, a missing FAQ and a non-numeric id', async () => {
    const [first] = await faqs();
    const edited = await admin.json<Faq>(
      admin.patch(`/api/admin/faqs/${first.id}`, { question: 'Do you ship outside the US?', answer: 'No.' }),
    );
    expect(edited).toEqual({ ...first, question: 'Do you ship outside the US?', answer: 'No.' });

    const blank = await admin.json<{ message: string }>(
      admin.patch(`/api/admin/faqs/${first.id}`, { question: 'Still here?', answer: '  ' }),
      400,
    );
    expect(blank.message).toBe('Question and answer are required');
    expect((await faqs())[0]).toEqual(edited);

    expect(
      await admin.json(admin.patch('/api/admin/faqs/999999', { question: 'Q?', answer: 'A.' }), 404),
    ).toEqual({ message: 'FAQ not found.' });
    expect((await admin.patch('/api/admin/faqs/abc', { question: 'Q?', answer: 'A.' })).status).toBe(400);
  });

  it('reorders FAQs in one go when given exactly the current ids', async () => {
    const ids = (await faqs()).map((f) => f.id);
    const reversed = [...ids].reverse();
    const answer = await admin.json<Faq[]>(admin.post('/api/admin/faqs/reorder', { faqIds: reversed }));
    expect(answer.map((f) => f.id)).toEqual(reversed);
    const now = await faqs();
    expect(now.map((f) => f.id)).toEqual(reversed);
    expect(now.map((f) => f.orderIndex)).toEqual([0, 1, 2]);
  });

  it('refuses a reorder with a missing, extra, unknown or duplicate id, leaving the order as it was', async () => {
    const before = await faqs();
    const ids = before.map((f) => f.id);
    for (const faqIds of [
      ids.slice(1), // one missing
      [...ids, 999999], // an unknown extra
      [ids[0], ids[0], ids[1]], // a duplicate in place of one
      [...ids, ids[0]], // a duplicate on top
      [],
    ]) {
      const res = await admin.json<{ message: string }>(
        admin.post('/api/admin/faqs/reorder', { faqIds }),
        400,
      );
      expect(res.message, JSON.stringify(faqIds)).toMatch(/every FAQ exactly once/);
    }
    for (const body of [{ faqIds: 'x' }, { faqIds: [String(ids[0])] }, {}]) {
      expect((await admin.post('/api/admin/faqs/reorder', body)).status).toBe(400);
    }
    expect(await faqs()).toEqual(before);
  });

  it('deletes a FAQ and numbers the rest again without gaps', async () => {
    const before = await faqs();
    expect(await admin.json(admin.delete(`/api/admin/faqs/${before[1].id}`))).toEqual({
      message: 'FAQ deleted',
    });
    const after = await faqs();
    expect(after.map((f) => f.id)).toEqual([before[0].id, before[2].id]);
    expect(after.map((f) => f.orderIndex)).toEqual([0, 1]);
    expect((await admin.delete(`/api/admin/faqs/${before[1].id}`)).status).toBe(404);
  });
});

describe('shipping notice', () => {
  const notice = () => app.client().json(app.client().get('/api/shipping-notice'));

  it('saves an active notice; the orders module gets its lines', async () => {
    const saved = await admin.json(
      admin.post('/api/admin/shipping-notice', {
        line1: ' Orders placed after June 20 ship after July 5. ',
        line2: 'Thank you for your patience!',
        isActive: true,
      }),
    );
    const expected = {
      isActive: true,
      line1: 'Orders placed after June 20 ship after July 5.',
      line2: 'Thank you for your patience!',
    };
    expect(saved).toEqual(expected);
    expect(await notice()).toEqual(expected);
    expect(await app.modules.content.service.activeShippingNotice()).toEqual({
      line1: expected.line1,
      line2: expected.line2,
    });
  });

  it('stores an empty second line as none', async () => {
    await admin.json(
      admin.post('/api/admin/shipping-notice', { line1: 'Closed for a week.', line2: '', isActive: true }),
    );
    expect(await notice()).toEqual({ isActive: true, line1: 'Closed for a week.', line2: null });
    expect(await app.modules.content.service.activeShippingNotice()).toEqual({
      line1: 'Closed for a week.',
      line2: null,
    });
  });

  it('is not active for order e-mails while switched off', async () => {
    await admin.json(
      admin.post('/api/admin/shipping-notice', { line1: 'Closed for a week.', isActive: false }),
    );
    expect(await notice()).toEqual({ isActive: false, line1: 'Closed for a week.', line2: null });
    expect(await app.modules.content.service.activeShippingNotice()).toBeNull();
  });

  it('is not active without a first line, even when switched on', async () => {
    await app.ctx.db('shipping_notice').where({ id: 1 }).update({ is_active: true, line1: null, line2: 'x' });
    expect(await app.modules.content.service.activeShippingNotice()).toBeNull();
    await app.ctx.db('shipping_notice').where({ id: 1 }).update({ line1: '   ' });
    expect(await app.modules.content.service.activeShippingNotice()).toBeNull();
  });

  it('refuses a missing first line or over-long lines and keeps the stored notice', async () => {
    await admin.json(admin.post('/api/admin/shipping-notice', { line1: 'Back soon.', isActive: true }));
    const before = await notice();
    for (const body of [
      { line1: '   ', isActive: true },
      { isActive: true },
      { line1: 'x'.repeat(301), isActive: true },
      { line1: 'ok', line2: 'y'.repeat(301), isActive: true },
      { line1: 'ok', isActive: 'yes' },
    ]) {
      const res = await admin.post('/api/admin/shipping-notice', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(
      await admin.json(admin.post('/api/admin/shipping-notice', { line1: '', isActive: false }), 400),
    ).toMatchObject({ message: 'First line of notice is required.' });
    expect(await notice()).toEqual(before);
  });
});

describe('about page', () => {
  const about = () => app.client().json<About>(app.client().get('/api/about'));

  it('stores the rich text sanitized: scripts, handlers, images and javascript: links are dropped', async () => {
    const saved = await admin.json<About>(
      admin.post('/api/admin/about', {
        mainBio:
          '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>',
        approachText:
          '<h2>Patience</h2><p><a href="javascript:alert(1)">bad</a> <a href="/contact">good</a></p>',
        servicesText: '<ul><li><em>Prints</em></li></ul><iframe src="https://evil.example"></iframe>',
      }),
    );
    expect(saved.mainBio).toBe('<p>Hello <strong>there</strong></p>');
    expect(saved.approachText).toBe(
      '<h2>Patience</h2><p><a rel="noopener noreferrer">bad</a> <a href="/contact" rel="noopener noreferrer">good</a></p>',
    );
    expect(saved.servicesText).toBe('<ul><li><em>Prints</em></li></ul>');
    expect(saved.headshotUrl).toBeNull();
    expect(Date.parse(saved.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await about()).toEqual(saved);
  });

  it('refuses bad input with 400 and keeps the stored text', async () => {
    const before = await about();
    for (const body of [
      { mainBio: 42, approachText: 'a', servicesText: 's' },
      { mainBio: '<p>x</p>', approachText: ['a'], servicesText: 's' },
      { mainBio: '<p>x</p>', approachText: 'a', servicesText: 's', headshotData: 'not base64!' },
      { mainBio: '<p>x</p>', approachText: 'a', servicesText: 's', headshotData: 12 },
    ]) {
      expect((await admin.post('/api/admin/about', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await about()).toEqual(before);
  });

  it('takes a headshot as base64 and serves it at the versioned headshot address', async () => {
    const image = await png(400, 400);
    const saved = await admin.json<About>(
      admin.post('/api/admin/about', {
        mainBio: '<p>Bio</p>',
        approachText: '<p>Approach</p>',
        servicesText: '<p>Services</p>',
        headshotData: `data:image/png;base64,${image.toString('base64')}`,
        headshotType: 'image/png',
      }),
    );
    expect(saved.headshotUrl).toMatch(/^\/api\/about\/headshot\?v=\d+$/);
    const res = await app.client().get(saved.headshotUrl!, { accept: 'image/webp,image/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
    // the same headshot as media files, best format first
    const id = new URL(saved.headshotUrl!, app.url).searchParams.get('v');
    const files = saved.headshotFiles!;
    expect(files.map((f) => [f.type, f.display.map((d) => d.url)])).toEqual([
      ['image/avif', [`/media/${id}/400.avif`]],
      ['image/jpeg', [`/media/${id}/400.jpg`]],
    ]);
    const file = await app.client().get(files[0].display[0].url);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(400);

    // saving the text again without a new headshot keeps the headshot
    const again = await admin.json<About>(
      admin.post('/api/admin/about', { mainBio: '<p>Bio 2</p>', approachText: 'A', servicesText: 'S' }),
    );
    expect(again.headshotUrl).toBe(saved.headshotUrl);
    expect(again.mainBio).toBe('<p>Bio 2</p>');
  });

  it('refuses a headshot that is not an image (400) or over 5 MB (413), changing nothing', async () => {
    const before = await about();
    const text = Buffer.from('just some text, not a picture at all').toString('base64');
    const notImage = await admin.json<{ message: string }>(
      admin.post('/api/admin/about', { ...textFields, headshotData: text, headshotType: 'image/png' }),
      400,
    );
    expect(notImage.message).toMatch(/not a supported image/);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64');
    expect(
      (await admin.post('/api/admin/about', { ...textFields, headshotData: huge, headshotType: 'image/png' }))
        .status,
    ).toBe(413);
    expect(await about()).toEqual(before);
  });
});
const textFields = { mainBio: '<p>Changed</p>', approachText: 'Changed', servicesText: 'Changed' };

describe('site logo', () => {
  const logo = () => app.client().json<Logo>(app.client().get('/api/logo'));

  it('accepts a real PNG as multipart field "logo" and serves it', async () => {
    const saved = await admin.json<Logo & { message: string }>(
      admin.post('/api/admin/logo', logoForm(await png(900, 300))),
    );
    expect(saved).toEqual({
      message: 'Logo updated successfully.',
      logoUrl: expect.stringMatching(/^\/api\/logo\/image\?v=\d+$/),
      files: expect.any(Array),
      logoType: 'image/png',
      width: 900,
      height: 300,
    });
    const { message: _m, ...current } = saved;
    expect(await logo()).toEqual(current);
    const res = await app.client().get(saved.logoUrl!, { accept: 'image/png,image/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    // and as media files: AVIF and, for browsers without it, PNG (a logo may be transparent), at
    // the widths a 900 px logo allows
    const id = new URL(saved.logoUrl!, app.url).searchParams.get('v');
    expect(saved.files!.map((f) => [f.type, f.thumbnail, f.display.map((d) => d.url)])).toEqual([
      ['image/avif', `/media/${id}/thumb.avif`, [`/media/${id}/640.avif`]],
      ['image/png', `/media/${id}/thumb.png`, [`/media/${id}/640.png`]],
    ]);
    // a browser without AVIF keeps the transparency at the negotiated address too
    const fallback = await app.client().get(saved.logoUrl!, { accept: 'image/webp,image/*' });
    expect(fallback.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await fallback.arrayBuffer())).metadata();
    expect(meta.hasAlpha).toBe(true);
    for (const f of saved.files!) {
      const file = await app.client().get(f.display[0].url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(f.type);
    }
  });

  it('replaces the current logo, and the old one is gone', async () => {
    const before = await logo();
    const saved = await admin.json<Logo>(admin.post('/api/admin/logo', logoForm(await png(1200, 400))));
    expect(saved.logoUrl).not.toBe(before.logoUrl);
    expect(await logo()).toMatchObject({ logoUrl: saved.logoUrl, width: 1200, height: 400 });
    const oldId = Number(new URL(before.logoUrl!, app.url).searchParams.get('v'));
    expect(await app.ctx.db('media_assets').where({ id: oldId }).first()).toBeUndefined();
  });

  it('refuses a text file named logo.png, a missing file and a wrong field, keeping the logo', async () => {
    const before = await logo();
    const fake = await admin.json<{ message: string }>(
      admin.post('/api/admin/logo', logoForm('hello, I am not an image', 'logo.png', 'image/png')),
      400,
    );
    expect(fake.message).toMatch(/not a supported image/);
    expect(await admin.json(admin.post('/api/admin/logo', new FormData()), 400)).toMatchObject({
      message: 'Please select a logo file to upload.',
    });
    expect(
      (await admin.post('/api/admin/logo', logoForm(await png(900, 300), 'logo.png', 'image/png', 'image')))
        .status,
    ).toBe(400);
    expect(await logo()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = await logo();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    const res = await admin.json<{ message: string }>(admin.post('/api/admin/logo', logoForm(big)), 413);
    expect(res.message).toBe('The logo must be 5 MB or smaller.');
    expect(await logo()).toEqual(before);
  });
});

describe('seedDefaults', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh?.close());

  it('fills an empty shop with an about page, useful FAQs and an inactive notice, once', async () => {
    const c = fresh.client();
    expect(await fresh.modules.content.seedDefaults()).toEqual({ about: true, faqs: true, notice: true });

    const about = await c.json<About>(c.get('/api/about'));
    for (const html of [about.mainBio, about.approachText, about.servicesText]) {
      expect(html).toBeTruthy();
      const tags = new Set([...html!.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
      for (const tag of tags) expect(['p', 'strong', 'em', 'h2', 'h3', 'h4', 'ul', 'li', 'a']).toContain(tag);
    }
    expect(about.mainBio).toMatch(/Washington, DC/);
    expect(about.mainBio).toMatch(/refuge/);
    expect(about.servicesText).toMatch(/href="\/portfolio"/);
    expect(about.servicesText).toMatch(/href="\/contact"/);

    const list = await c.json<Faq[]>(c.get('/api/faqs'));
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list.map((f) => f.orderIndex)).toEqual(list.map((_f, i) => i));
    const all = list.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const topic of [
      /United States/,
      /damaged/,
      /frame/i,
      /licens/i,
      /sunlight/,
      /custom|size that is not listed/i,
    ])
      expect(all).toMatch(topic);

    const notice = await c.json<{ isActive: boolean; line1: string | null }>(c.get('/api/shipping-notice'));
    expect(notice.isActive).toBe(false);
    expect(notice.line1).toMatch(/June/);
    expect(await fresh.modules.content.service.activeShippingNotice()).toBeNull();

    // a second run (another process starting, a restart) changes nothing
    expect(await fresh.modules.content.seedDefaults()).toEqual({ about: false, faqs: false, notice: false });
    expect(await c.json(c.get('/api/faqs'))).toEqual(list);
    expect(await c.json(c.get('/api/about'))).toEqual(about);
  });

  it("never touches the owner's own content", async () => {
    const owner = await fresh.admin();
    const mine = await owner.json<Faq[]>(owner.get('/api/faqs'));
    for (const f of mine) await owner.json(owner.delete(`/api/admin/faqs/${f.id}`));
    await owner.json(owner.post('/api/admin/faqs', { question: 'Mine?', answer: 'Yes.' }), 201);
    await owner.json(owner.post('/api/admin/about', { mainBio: '<p>My bio</p>' }));
    await fresh.modules.content.seedDefaults();
    expect((await owner.json<Faq[]>(owner.get('/api/faqs'))).map((f) => f.question)).toEqual(['Mine?']);
    expect((await owner.json<About>(owner.get('/api/about'))).mainBio).toBe('<p>My bio</p>');
  });
});
