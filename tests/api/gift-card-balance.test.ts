import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { HttpClient } from '../support/http-client';
import { insertPhoto } from '../support/shop-data';
import { BALANCE_ANSWER_MS, formatCode, newGiftCardCode } from '../../src/modules/gift-cards';

// Issue 47, the visitor's side: what the "Gift card" page offers, and a code's balance, throttled
// per visitor and per card so guessing gives nothing.

let app: TestApp;
let photos: number[];

beforeAll(async () => {
  // behind one proxy: each test is a visitor of its own (X-Forwarded-For)
  app = await createTestApp({ TRUST_PROXY: '1' });
  photos = [];
  for (let i = 1; i <= 8; i++) photos.push((await insertPhoto(app.ctx.db, { title: `Photo ${i}` })).photoId);
});
afterAll(() => app?.close());

let visitors = 0;
/** A visitor of its own address. */
const visitor = () => {
  const ip = `198.51.100.${++visitors}`;
  const c = new HttpClient(app.url);
  return { check: (code: unknown) => c.post('/api/gift-cards/balance', { code }, { 'x-forwarded-for': ip }) };
};

/** A card written as checkout's issue would: its row and an `issued` entry (more entries optional). */
async function insertCard(
  opts: {
    cents?: number;
    kind?: 'purchased' | 'promotional';
    expiresAt?: Date | null;
    voided?: boolean;
    code?: string;
  } = {},
): Promise<{ code: string; id: number }> {
  const { codes, ledger } = app.modules.giftCards;
  const code = opts.code ?? newGiftCardCode();
  const cents = opts.cents ?? 5000;
  const id = await ledger.db.transaction(async (trx) => {
    const cardId = await ledger.insertCard(trx, {
      codeHash: codes.hash(code),
      codeEncrypted: codes.encrypt(code),
      last4: code.slice(-4),
      kind: opts.kind ?? 'purchased',
      initialCents: cents,
      expiresAt: opts.expiresAt ?? null,
      photoId: null,
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      senderName: null,
      message: '',
      sendAt: null,
      orderLineId: null,
    });
    await ledger.addEntry(trx, { giftCardId: cardId, kind: 'issued', amountCents: cents });
    if (opts.voided) {
      await ledger.addEntry(trx, { giftCardId: cardId, kind: 'voided', amountCents: -cents, reason: 'lost' });
      await trx('gift_cards').where({ id: cardId }).update({ voided_at: new Date() });
    }
    return cardId;
  });
  return { code, id };
}

/** A well-formed code that is no card (another last 4 than `like`'s unless asked). */
function wrongCode(last4?: string): string {
  const code = newGiftCardCode();
  return last4 ? code.slice(0, 12) + last4 : code;
}

describe('GET /api/gift-cards', () => {
  it("offers her amounts in dollars, $10-$500, the portfolio's first 6 photos when she picked none, and the shop's zone", async () => {
    const offer = await app.client().json<Record<string, unknown>>(app.client().get('/api/gift-cards'));
    const portfolio = await app
      .client()
      .json<{ id: number; title: string }[]>(app.client().get('/api/photos'));
    expect(offer).toMatchObject({ enabled: true, amounts: [25, 50, 100], min: 10, max: 500 });
    expect(offer.timeZone).toBe(app.ctx.config.SHOP_TIME_ZONE);
    const offered = offer.photos as { id: number; title: string; thumbnailUrl: string }[];
    expect(offered.map((p) => p.id)).toEqual(portfolio.slice(0, 6).map((p) => p.id));
    expect(offered[0]!.thumbnailUrl).toMatch(new RegExp(`^/api/photos/${offered[0]!.id}/thumbnail`));
  });

  it('offers the photos she picked, in her order, leaving out one that is no longer public', async () => {
    const [a, b, c] = [photos[6]!, photos[1]!, photos[3]!];
    await app.ctx.db('gift_card_photos').insert([
      { photo_id: a, position: 0 },
      { photo_id: b, position: 1 },
      { photo_id: c, position: 2 },
    ]);
    await app.ctx.db('photos').where({ id: b }).update({ archived_at: new Date() });
    await app.ctx
      .db('gift_card_settings')
      .where({ id: 1 })
      .update({ amounts_cents: [2000, 7500] });
    try {
      const admin = await app.admin(); // an admin write refreshes the shared answer
      await admin.put('/api/admin/edition-settings', { photographerName: 'Jane Doe' });
      const offer = await app
        .client()
        .json<{ amounts: number[]; photos: { id: number }[] }>(app.client().get('/api/gift-cards'));
      expect(offer.photos.map((p) => p.id)).toEqual([a, c]);
      expect(offer.amounts).toEqual([20, 75]);
    } finally {
      await app.ctx.db('gift_card_photos').delete();
      await app.ctx.db('photos').where({ id: b }).update({ archived_at: null });
      await app.ctx
        .db('gift_card_settings')
        .where({ id: 1 })
        .update({ amounts_cents: [2500, 5000, 10000] });
    }
  });
});

describe('the pages, rendered by the server', () => {
  const html = { accept: 'text/html' };
  const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));

  it('/gift-card: the form with her amounts and pictures, hydrated as an island; the footer links to it', async () => {
    expect(existsSync(path.resolve('dist/server/entry-server.js')), 'run npm run build').toBe(true);
    const res = await app.client().get('/gift-card', html);
    expect(res.status).toBe(200);
    const page = await res.text();
    const root = rootOf(page);
    expect(root).toMatch(/<h1[^>]*>Gift card<\/h1>/);
    for (const amount of ['$25', '$50', '$100', 'Other amount', 'Now (when paid)', 'On a date'])
      expect(root).toContain(amount);
    expect(root).toContain('data-island="gift-card-form"');
    const offer = await app
      .client()
      .json<{ photos: { title: string }[] }>(app.client().get('/api/gift-cards'));
    for (const { title } of offer.photos) expect(root).toContain(`alt="${title}"`);
    expect(root).toContain('href="/gift-card"');
    expect(root).toContain('href="/gift-card/balance"');
  });

  it('/gift-card/balance: the code field and its button', async () => {
    const res = await app.client().get('/gift-card/balance', html);
    expect(res.status).toBe(200);
    const root = rootOf(await res.text());
    expect(root).toContain('Check a gift card balance');
    expect(root).toContain('data-island="gift-card-balance"');
    expect(root).toContain('Check balance');
  });
});

describe('POST /api/gift-cards/balance', () => {
  it("answers a card's balance by its code, typed in small letters with dashes or spaces, naming only its last 4", async () => {
    const { code, id } = await insertCard({ cents: 5000 });
    // the owner took 15.00 off it: the balance is the ledger's sum
    const { ledger } = app.modules.giftCards;
    await ledger.db.transaction((trx) =>
      ledger.addEntry(trx, { giftCardId: id, kind: 'adjusted', amountCents: -1500, reason: 'test' }),
    );
    const v = visitor();
    const typed = formatCode(code).toLowerCase().replace('-', ' ');
    const res = await v.check(typed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      last4: code.slice(-4),
      balance: 35,
      status: 'active',
      expiresAt: null,
    });
  });

  it('says an unknown code is not a gift card we know, as slowly as a known one answers', async () => {
    const { code } = await insertCard();
    const v = visitor();
    const started = performance.now();
    const res = await v.check(wrongCode());
    const unknownMs = performance.now() - started;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'That code is not a gift card we know.' });
    const again = performance.now();
    expect((await v.check(code)).status).toBe(200);
    const knownMs = performance.now() - again;
    for (const ms of [unknownMs, knownMs]) expect(ms).toBeGreaterThanOrEqual(BALANCE_ANSWER_MS - 5);
  });

  it('a voided card: status voided, balance 0; an expired promotional card: status expired', async () => {
    const voided = await insertCard({ voided: true });
    const expiresAt = new Date(Date.now() - 60_000);
    const expired = await insertCard({ kind: 'promotional', expiresAt, cents: 2000 });
    const live = new Date(Date.now() + 86_400_000);
    const promo = await insertCard({ kind: 'promotional', expiresAt: live, cents: 2000 });
    const v = visitor();
    expect(await (await v.check(voided.code)).json()).toMatchObject({ status: 'voided', balance: 0 });
    expect(await (await v.check(expired.code)).json()).toEqual({
      last4: expired.code.slice(-4),
      status: 'expired',
      balance: 0,
      expiresAt: expiresAt.toISOString(),
    });
    expect(await (await v.check(promo.code)).json()).toMatchObject({
      status: 'active',
      balance: 20,
      expiresAt: live.toISOString(),
    });
  });

  it('refuses what is not a code (2,000 characters, a NUL, punctuation, nothing) before any lookup', async () => {
    const v = visitor();
    for (const code of ['A'.repeat(2000), 'ABCD!EFGHJKLMNPQ', 'ABCDEFGHJKLMNPQ', '', 42, null]) {
      const res = await v.check(code);
      expect(res.status, JSON.stringify(code).slice(0, 20)).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Enter a gift card code: 16 letters and digits.' });
    }
    // a NUL anywhere in a body is refused by the API's JSON reading, before the route
    const nul = await v.check('ABCD\u0000EFGHJKLMNPQ');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ message: expect.stringContaining('NUL') });
  });

  it('a visitor who keeps guessing is refused at the 11th wrong try in 15 minutes, even with a right code', async () => {
    const { code } = await insertCard();
    const v = visitor();
    // right answers do not count
    for (let i = 0; i < 3; i++) expect((await v.check(code)).status).toBe(200);
    const tries = await Promise.all(Array.from({ length: 10 }, () => v.check(wrongCode())));
    expect(tries.map((r) => r.status)).toEqual(Array(10).fill(400));
    const blocked = await v.check(wrongCode());
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      message: 'Too many tries. Please wait 15 minutes and try again.',
    });
    expect((await v.check(code)).status).toBe(429);
    // another visitor is not limited
    expect((await visitor().check(code)).status).toBe(200);
  });

  it("guessing one card's code from many addresses is refused at the 11th wrong try, for that card only", async () => {
    const target = await insertCard();
    const other = await insertCard();
    const last4 = target.code.slice(-4);
    // ten visitors, one wrong guess each, all ending as the card's code does (its last 4 is on receipts)
    for (let i = 0; i < 10; i++) expect((await visitor().check(wrongCode(last4))).status).toBe(400);
    const fresh = visitor();
    expect((await fresh.check(wrongCode(last4))).status).toBe(429);
    // even its right code gives nothing now, from anywhere
    const res = await visitor().check(target.code);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      message: 'Too many tries. Please wait 15 minutes and try again.',
    });
    // another card answers as before (unless it shares the last 4)
    if (other.code.slice(-4) !== last4) expect((await fresh.check(other.code)).status).toBe(200);
  });
});
