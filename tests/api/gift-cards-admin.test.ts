import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftCardCodeSchema,
  type GiftCardDetail,
  type GiftCardList,
  type GiftCardSettings,
  type IssuedGiftCard,
} from '../../src/contract';
import type { HttpClient } from '../support/http-client';
import { insertOrder } from '../support/catalog-fixtures';
import { insertPhoto } from '../support/shop-data';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 47, the owner's side: her settings, a card issued by hand (its code shown once, working
// against the ledger), adjust, void, resend, the list and a card's ledger, what she owes in the
// tax report and the orders CSV, and bad input refused with nothing changed.

let app: TestApp;
let admin: HttpClient;
let photoA: number;
let photoB: number;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  photoA = (await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' })).photoId;
  photoB = (await insertPhoto(app.ctx.db, { title: 'Fox in Snow' })).photoId;
});
afterAll(() => app?.close());

const db = () => app.ctx.db;
const tableCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      ['gift_cards', 'gift_card_entries', 'gift_card_photos'].map(async (t) => [
        t,
        Number((await db()(t).count({ n: '*' }).first())?.n),
      ]),
    ),
  );
const issue = (body: Record<string, unknown>, status = 201) =>
  admin.json<IssuedGiftCard>(admin.post('/api/admin/gift-cards', body), status);
const detail = (id: number) => admin.json<GiftCardDetail>(admin.get(`/api/admin/gift-cards/${id}`));
/** A card's balance through its code, as a checkout would find it. */
async function balanceByCode(code: string): Promise<number> {
  const { ledger, codes } = app.modules.giftCards;
  const card = await ledger.findByCodeHash(codes.hash(giftCardCodeSchema.parse(code)));
  expect(card).toBeDefined();
  return ledger.balanceOf(card!.id);
}
async function refused(res: Promise<Response>, message: string | RegExp) {
  const answer = await admin.json<{ message: string }>(res, 400);
  expect(answer.message).toMatch(message);
}

describe('settings', () => {
  it('starts on, with $25, $50 and $100 and no photos, and saves a round trip', async () => {
    expect(await admin.json<GiftCardSettings>(admin.get('/api/admin/gift-cards/settings'))).toEqual({
      enabled: true,
      amounts: [25, 50, 100],
      photos: [],
    });
    const body = { enabled: false, amounts: [10, 42.5, 500], photoIds: [photoB, photoA] };
    const saved = await admin.json<GiftCardSettings>(admin.put('/api/admin/gift-cards/settings', body));
    expect(saved).toMatchObject({
      enabled: false,
      amounts: [10, 42.5, 500],
      photos: [
        { id: photoB, title: 'Fox in Snow' },
        { id: photoA, title: 'Heron at Dawn' },
      ],
    });
    expect(await admin.json(admin.get('/api/admin/gift-cards/settings'))).toEqual(saved);
    expect(await db()('gift_card_settings').first()).toMatchObject({
      enabled: false,
      amounts_cents: [1000, 4250, 50000],
    });
  });

  it('refuses amounts out of $10-$500, fractions of a cent, text, doubles and unknown photos; nothing changes', async () => {
    const before = await admin.json(admin.get('/api/admin/gift-cards/settings'));
    const put = (patch: Record<string, unknown>) =>
      admin.put('/api/admin/gift-cards/settings', { enabled: true, amounts: [25], photoIds: [], ...patch });
    const amount = /Each amount must be from \$10 to \$500/;
    await refused(put({ amounts: [0] }), amount);
    await refused(put({ amounts: [-5] }), amount);
    await refused(put({ amounts: [1e9] }), amount);
    await refused(put({ amounts: [10.001] }), amount);
    await refused(put({ amounts: ['ten'] }), amount);
    await refused(put({ amounts: [] }), /Offer 1 to 12 different amounts/);
    await refused(put({ amounts: [25, 25] }), /Offer 1 to 12 different amounts/);
    await refused(put({ photoIds: [photoA + 1000] }), 'One of the chosen photos does not exist.');
    await refused(put({ enabled: 'yes' }), 'Choose whether gift cards are sold.');
    expect(await admin.json(admin.get('/api/admin/gift-cards/settings'))).toEqual(before);
  });
});

describe('a card issued by hand', () => {
  it('answers its code once, formatted; the code finds the card and its balance', async () => {
    const issued = await issue({ amount: 40, kind: 'purchased', recipientName: 'Fair buyer' });
    expect(issued.code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(issued.card).toMatchObject({
      last4: issued.code.slice(-4),
      kind: 'purchased',
      recipientName: 'Fair buyer',
      recipientEmail: null,
      initial: 40,
      balance: 40,
      status: 'not-emailed',
      expiresAt: null,
      bought: false,
    });
    expect(issued.entries).toMatchObject([
      { kind: 'issued', description: 'Issued', amount: 40, balance: 40 },
    ]);
    expect(await balanceByCode(issued.code)).toBe(4000);
    // only its hash and an encrypted copy are stored, never the code
    const row = await db()('gift_cards').where({ id: issued.card.id }).first();
    expect(JSON.stringify(row)).not.toContain(issued.code.replace(/-/g, ''));
    // the detail never shows the code again
    expect(JSON.stringify(await detail(issued.card.id))).not.toContain(issued.code.slice(0, 4) + '-');
  });

  it('may be promotional with an end date, and e-mailed now (the send job queued)', async () => {
    const ends = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const issued = await issue({
      amount: 25,
      kind: 'promotional',
      expiresAt: ends,
      recipientName: 'Raffle winner',
      recipientEmail: 'winner@example.com',
      message: 'Congratulations!',
      sendNow: true,
    });
    expect(issued.card).toMatchObject({ kind: 'promotional', status: 'scheduled', expiresAt: ends });
    expect(Date.now() - Date.parse(issued.card.sendAt!)).toBeLessThan(60_000);
    const job = await app.ctx.queues.get('gift-cards').getJob(`gift-card-${issued.card.id}`);
    expect(job?.data).toEqual({ giftCardId: issued.card.id });
  });

  it('refuses bad amounts, an end date in the past or on a purchased card, and sending without an e-mail', async () => {
    const before = await tableCounts();
    const amount = 'Enter an amount from $1 to $5,000.';
    for (const bad of [0, -5, 1e9, 5000.01, 'text', null])
      await refused(admin.post('/api/admin/gift-cards', { amount: bad, kind: 'purchased' }), amount);
    await refused(
      admin.post('/api/admin/gift-cards', { amount: 10.001, kind: 'purchased' }),
      'The amount must be in whole cents.',
    );
    await refused(
      admin.post('/api/admin/gift-cards', { amount: 10, kind: 'gift' }),
      'Choose purchased or promotional.',
    );
    await refused(
      admin.post('/api/admin/gift-cards', {
        amount: 10,
        kind: 'promotional',
        expiresAt: new Date(Date.now() - 86_400_000).toISOString(),
      }),
      'Choose an end date in the future.',
    );
    await refused(
      admin.post('/api/admin/gift-cards', {
        amount: 10,
        kind: 'purchased',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      /A purchased card never expires/,
    );
    await refused(
      admin.post('/api/admin/gift-cards', { amount: 10, kind: 'purchased', sendNow: true }),
      "Enter the recipient's e-mail address to e-mail the card.",
    );
    await refused(
      admin.post('/api/admin/gift-cards', { amount: 10, kind: 'purchased', message: 'x'.repeat(501) }),
      'The message can be at most 500 characters.',
    );
    expect(await tableCounts()).toEqual(before);
  });
});

describe('adjust, void, resend, recipient', () => {
  it('adjusts up and down with a reason; below $0 is refused and nothing is written', async () => {
    const { card, code } = await issue({ amount: 50, kind: 'purchased' });
    const adjust = (body: unknown) => admin.post(`/api/admin/gift-cards/${card.id}/adjust`, body);
    const up = await admin.json<GiftCardDetail>(adjust({ amount: 12.5, reason: 'Goodwill' }));
    expect(up.card.balance).toBe(62.5);
    const down = await admin.json<GiftCardDetail>(adjust({ amount: -20, reason: 'Lost part of it' }));
    expect(down.entries.map((e) => [e.description, e.amount, e.balance])).toEqual([
      ['Issued', 50, 50],
      ['Adjusted: Goodwill', 12.5, 62.5],
      ['Adjusted: Lost part of it', -20, 42.5],
    ]);
    expect(await balanceByCode(code)).toBe(4250);

    const entriesBefore = await tableCounts();
    await refused(adjust({ amount: -42.51, reason: 'Too much' }), 'The balance can not go below $0.');
    const adjustAmount = /Enter an amount to add or take off/;
    for (const bad of [0, 1e9, 'text']) await refused(adjust({ amount: bad, reason: 'x' }), adjustAmount);
    await refused(adjust({ amount: 10.001, reason: 'x' }), 'The amount must be in whole cents.');
    const reason = 'Enter a reason (at most 500 characters).';
    await refused(adjust({ amount: 5 }), reason);
    await refused(adjust({ amount: 5, reason: '   ' }), reason);
    await refused(adjust({ amount: 5, reason: 'x'.repeat(2000) }), reason);
    await refused(adjust({ amount: 5, reason: 'a\u0000b' }), /NUL|reason/);
    expect(await tableCounts()).toEqual(entriesBefore);
    expect(await balanceByCode(code)).toBe(4250);
  });

  it('voids: the balance goes to 0 with a voided entry; a voided card is not adjusted or voided again', async () => {
    const { card, code } = await issue({ amount: 30, kind: 'purchased', recipientEmail: 'a@example.com' });
    await admin.json(
      admin.post(`/api/admin/gift-cards/${card.id}/adjust`, { amount: -10, reason: 'Used at the fair' }),
    );
    const voided = await admin.json<GiftCardDetail>(
      admin.post(`/api/admin/gift-cards/${card.id}/void`, { reason: 'Reported stolen' }),
    );
    expect(voided.card).toMatchObject({ balance: 0, status: 'voided' });
    expect(voided.card.voidedAt).not.toBeNull();
    expect(voided.entries.map((e) => [e.kind, e.description, e.amount, e.balance])).toEqual([
      ['issued', 'Issued', 30, 30],
      ['adjusted', 'Adjusted: Used at the fair', -10, 20],
      ['voided', 'Voided: Reported stolen', -20, 0],
    ]);
    expect(voided).toMatchObject({ canAdjust: false, canResend: false, canChangeRecipient: false });
    expect(await balanceByCode(code)).toBe(0);
    const conflict = async (res: Promise<Response>) =>
      expect((await admin.json<{ message: string }>(res, 409)).message).toBe(
        'This gift card has been voided.',
      );
    await conflict(admin.post(`/api/admin/gift-cards/${card.id}/adjust`, { amount: 5, reason: 'Oops' }));
    await conflict(admin.post(`/api/admin/gift-cards/${card.id}/void`, { reason: 'Again' }));
    await conflict(admin.post(`/api/admin/gift-cards/${card.id}/resend`));
    expect((await detail(card.id)).entries).toHaveLength(3);
  });

  it("shows an order's hold, spend and refund in words, and is not voided while an unpaid order holds part of it", async () => {
    const { card, code } = await issue({ amount: 80, kind: 'purchased' });
    const option = await db()('photo_print_options').where({ photo_id: photoA }).first();
    const orderId = await insertOrder(app, photoA, option.print_option_id);
    const { ledger } = app.modules.giftCards;
    // what a checkout writes (the tender's part is another helper's): a hold of $30 for the order
    await db().transaction((trx) =>
      ledger.addEntry(trx, { giftCardId: card.id, kind: 'held', amountCents: -3000, orderId }),
    );
    const before = await tableCounts();
    const held = await admin.json<{ message: string }>(
      admin.post(`/api/admin/gift-cards/${card.id}/void`, { reason: 'Lost' }),
      409,
    );
    expect(held.message).toBe(
      'An unpaid order holds part of this card: void it once that order is paid or canceled.',
    );
    expect(await tableCounts()).toEqual(before);
    // taking off more than what is left beside the hold is refused too
    await refused(
      admin.post(`/api/admin/gift-cards/${card.id}/adjust`, { amount: -50.01, reason: 'Too much' }),
      'The balance can not go below $0.',
    );
    // paid: released and spent; then $10 refunded
    await db().transaction(async (trx) => {
      await ledger.addEntry(trx, { giftCardId: card.id, kind: 'released', amountCents: 3000, orderId });
      await ledger.addEntry(trx, { giftCardId: card.id, kind: 'spent', amountCents: -3000, orderId });
      await ledger.addEntry(trx, { giftCardId: card.id, kind: 'refunded', amountCents: 1000, orderId });
    });
    const read = await detail(card.id);
    expect(read.entries.map((e) => [e.description, e.amount, e.balance, e.orderId])).toEqual([
      ['Issued', 80, 80, null],
      [`Held for order #${orderId}`, -30, 50, orderId],
      ['Released', 30, 80, orderId],
      [`Spent on order #${orderId}`, -30, 50, orderId],
      [`Refunded from order #${orderId}`, 10, 60, orderId],
    ]);
    expect(await balanceByCode(code)).toBe(6000);
    const voided = await admin.json<GiftCardDetail>(
      admin.post(`/api/admin/gift-cards/${card.id}/void`, { reason: 'Closed' }),
    );
    expect(voided.entries.at(-1)).toMatchObject({ kind: 'voided', amount: -60, balance: 0 });
  });

  it('resends (the job with resend: true) and changes the recipient until it is sent', async () => {
    const { card } = await issue({ amount: 20, kind: 'purchased', recipientEmail: 'first@example.com' });
    const moved = await admin.json<GiftCardDetail>(
      admin.put(`/api/admin/gift-cards/${card.id}/recipient`, {
        recipientEmail: 'second@example.com',
        recipientName: 'Sam',
      }),
    );
    expect(moved.card).toMatchObject({ recipientEmail: 'second@example.com', recipientName: 'Sam' });
    await refused(
      admin.put(`/api/admin/gift-cards/${card.id}/recipient`, { recipientEmail: 'not an address' }),
      "Enter the recipient's e-mail address.",
    );
    expect(await admin.json(admin.post(`/api/admin/gift-cards/${card.id}/resend`), 202)).toEqual({
      message: 'The gift card is on its way to its recipient again.',
    });
    // one job per asking (its id names the card and the time)
    const jobs = await app.ctx.queues
      .get('gift-cards')
      .getJobs(['waiting', 'delayed', 'active', 'completed']);
    const job = jobs.find((j) => j.id?.startsWith(`gift-card-resend-${card.id}-`));
    expect(job?.data).toEqual({ giftCardId: card.id, resend: true });

    await db()('gift_cards').where({ id: card.id }).update({ sent_at: new Date() });
    const sent = await detail(card.id);
    expect(sent.card.status).toBe('sent');
    expect(sent.canChangeRecipient).toBe(false);
    const answer = await admin.json<{ message: string }>(
      admin.put(`/api/admin/gift-cards/${card.id}/recipient`, { recipientEmail: 'third@example.com' }),
      409,
    );
    expect(answer.message).toBe('This gift card has been sent: its recipient can no longer be changed.');

    const noEmail = await issue({ amount: 5, kind: 'purchased' });
    expect(
      (
        await admin.json<{ message: string }>(
          admin.post(`/api/admin/gift-cards/${noEmail.card.id}/resend`),
          409,
        )
      ).message,
    ).toBe('This gift card has no recipient e-mail address to send it to.');
  });

  it('answers 404 for an unknown card and 400 for a malformed id', async () => {
    await admin.json(admin.get('/api/admin/gift-cards/999999'), 404);
    await admin.json(admin.post('/api/admin/gift-cards/999999/adjust', { amount: 5, reason: 'x' }), 404);
    await admin.json(admin.get('/api/admin/gift-cards/abc'), 400);
  });
});

describe('the list and what she owes', () => {
  it('lists newest first with balances and statuses; outstanding counts purchased cards only', async () => {
    await db()('gift_card_entries').delete();
    await db()('gift_cards').delete();
    const sold = await issue({ amount: 100, kind: 'purchased' });
    await admin.json(
      admin.post(`/api/admin/gift-cards/${sold.card.id}/adjust`, {
        amount: -30,
        reason: 'Spent at the fair',
      }),
    );
    const prize = await issue({ amount: 75, kind: 'promotional' });
    const gone = await issue({ amount: 60, kind: 'purchased' });
    await admin.json(
      admin.post(`/api/admin/gift-cards/${gone.card.id}/void`, { reason: 'Refunded in cash' }),
    );
    const expired = await issue({ amount: 15, kind: 'promotional' });
    await db()('gift_cards')
      .where({ id: expired.card.id })
      .update({ expires_at: new Date(Date.now() - 1000) });

    const list = await admin.json<GiftCardList>(admin.get('/api/admin/gift-cards'));
    expect(list).toMatchObject({ total: 4, page: 1, pageSize: 50, outstanding: 70 });
    expect(list.cards.map((c) => [c.id, c.last4, c.kind, c.balance, c.status])).toEqual([
      [expired.card.id, expired.code.slice(-4), 'promotional', 15, 'expired'],
      [gone.card.id, gone.code.slice(-4), 'purchased', 0, 'voided'],
      [prize.card.id, prize.code.slice(-4), 'promotional', 75, 'not-emailed'],
      [sold.card.id, sold.code.slice(-4), 'purchased', 70, 'not-emailed'],
    ]);
    expect((await admin.json<GiftCardList>(admin.get('/api/admin/gift-cards?page=2'))).cards).toEqual([]);
    await refused(admin.get('/api/admin/gift-cards?page=0'), 'The page must be a whole number from 1.');
    await refused(admin.get('/api/admin/gift-cards?page=x'), 'The page must be a whole number from 1.');

    // the tax report of this month, and the orders CSV, end with what she owes
    const month = new Date().toISOString().slice(0, 7);
    const today = new Date().toISOString().slice(0, 10);
    const report = await (await admin.get(`/api/admin/orders/tax-report?month=${month}`)).text();
    const reportRows = report.trimEnd().split('\r\n');
    expect(reportRows.slice(-3)).toEqual([
      `${month},Total,0,0.00,0.00,0.00,0.00,0.00,0.00`,
      ',,,,,,,,',
      `Gift cards outstanding (owed on cards sold),70.00,as of ${today},,,,,,`,
    ]);
    const csv = (await (await admin.get('/api/admin/orders.csv')).text()).replace(/^\uFEFF/, '');
    const csvRows = csv.trimEnd().split('\r\n');
    expect(csvRows[0]).toMatch(/^Order #,Date,.*,Licences,Licensee$/);
    const width = csvRows[0].split(',').length;
    expect(csvRows.at(-1)).toBe(
      [
        `Gift cards outstanding (owed on cards sold)`,
        '70.00',
        `as of ${today}`,
        ...Array(width - 3).fill(''),
      ].join(','),
    );
    expect(csvRows.at(-2)).toBe(','.repeat(width - 1));

    // a month before any card was sold has no such line
    const old = await (await admin.get('/api/admin/orders/tax-report?month=2020-01')).text();
    expect(old).not.toContain('Gift cards');
  });

  it('adds no line when only promotional cards exist', async () => {
    await db()('gift_card_entries').delete();
    await db()('gift_cards').delete();
    await issue({ amount: 75, kind: 'promotional' });
    expect((await admin.json<GiftCardList>(admin.get('/api/admin/gift-cards'))).outstanding).toBe(0);
    const csv = await (await admin.get('/api/admin/orders.csv')).text();
    expect(csv).not.toContain('Gift cards');
  });
});

describe('the owner only', () => {
  it('answers 401 without a session and 403 cross-site', async () => {
    const stranger = app.client();
    for (const [method, path] of [
      ['GET', '/api/admin/gift-cards'],
      ['GET', '/api/admin/gift-cards/settings'],
      ['PUT', '/api/admin/gift-cards/settings'],
      ['POST', '/api/admin/gift-cards'],
      ['GET', '/api/admin/gift-cards/1'],
      ['POST', '/api/admin/gift-cards/1/adjust'],
      ['POST', '/api/admin/gift-cards/1/void'],
      ['POST', '/api/admin/gift-cards/1/resend'],
      ['PUT', '/api/admin/gift-cards/1/recipient'],
    ] as const)
      expect((await stranger.request(method, path, method === 'GET' ? undefined : {})).status, path).toBe(
        401,
      );
    const before = await tableCounts();
    const crossSite = await admin.request(
      'POST',
      '/api/admin/gift-cards',
      { amount: 10, kind: 'purchased' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });
});
