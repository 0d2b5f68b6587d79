import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { mailHeader, mailTextPart, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTcpProxy } from '../support/tcp-proxy';
import { insertPhoto, testCard } from '../support/shop-data';
import { pageText } from '../support/pdf-read';
import type { HttpClient } from '../support/http-client';

// Issue 47, delivering a gift card exactly once: e-mailed when paid (or at the buyer's time) with
// its code and a printable PDF, the buyer told with the last 4 only; not before its time; once
// however many sweeps and jobs race for it; through an SMTP outage, once it is back; its
// recipient changeable until it is sent.

const ZONE = 'America/New_York';
let app: TestApp;
let sink: SmtpSink;
let smtp: Awaited<ReturnType<typeof startTcpProxy>>;
let heron: { photoId: number };

beforeAll(async () => {
  sink = await startSmtpSink();
  // the SMTP server behind a proxy that can be cut: an outage the app cannot tell from a real one
  smtp = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
  app = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SHOP_TIME_ZONE: ZONE,
    PUBLIC_URL: 'https://shop.example',
    SITE_NAME: 'Wildframe Test',
  });
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn', pixels: { width: 400, height: 300 } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await sink?.close();
});

const localIn = (days: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(Date.now() + days * 86_400_000))
    .replace(' ', 'T');

const db = () => app.ctx.db;
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));

/** Buys one card (its recipient, send time) and pays for it: the order's token and the card's line. */
async function buyCard(recipientEmail: string, sendAt: string | null, pay = true) {
  const c = app.client();
  await c.json(
    c.post('/api/cart/gift-cards', {
      amount: 75,
      photoId: heron.photoId,
      recipientName: 'Ann Lee',
      recipientEmail,
      message: 'For the next print you love.',
      sendAt,
    }),
    201,
  );
  const { orderId } = await c.json<{ orderId: number }>(
    c.post('/api/checkout', {
      customerName: 'Rachel Carson',
      customerEmail: 'rachel@example.com',
      totalAmount: 75,
    }),
    201,
  );
  const order = await db()('orders').where({ id: orderId }).first();
  const line = await db()('order_line_items').where({ order_id: orderId }).first();
  if (pay) await payOrder(c, orderId);
  return { c, orderId, token: order.status_token as string, lineId: line.id as number };
}
async function payOrder(c: HttpClient, orderId: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: 75 }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
}
const cardOf = (lineId: number) =>
  eventually(async () => (await db()('gift_cards').where({ order_line_id: lineId }).first()) ?? null);

/** The PDF attached to a mail as sent (base64 in its part). */
function pdfOf(raw: string): Buffer | null {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p));
  if (!part) return null;
  return Buffer.from(
    part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, ''),
    'base64',
  );
}

describe('a gift card sent when paid', () => {
  it('e-mails the recipient the code and its printable card, and the buyer a copy with the last 4 only', async () => {
    const { lineId } = await buyCard('ann@example.com', null);
    const card = await cardOf(lineId);
    const mail = await eventually(async () => mailsTo('ann@example.com')[0]);
    expect(mail.subject).toContain('Rachel Carson sent you a $75.00 gift card from Wildframe Test');
    const text = mailTextPart(mail.raw);
    const code = /gift card code: ([2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3})/.exec(text)?.[1];
    expect(code).toBeTruthy();
    // the code e-mailed is the card's (its keyed hash is what is stored)
    expect(app.modules.giftCards.codes.hash(code!.replace(/-/g, ''))).toBe(card.code_hash);
    expect(code!.endsWith(card.last4)).toBe(true);
    expect(text).toContain('For the next print you love.');
    expect(text).toContain('https://shop.example/');
    expect(text).toContain('https://shop.example/gift-card/balance');
    expect(mail.body).toContain(`https://shop.example/api/photos/${heron.photoId}/image`);
    // the printable card: one US Letter page with the amount, the message and the code
    const pdf = pdfOf(mail.raw);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      mailHeader(mail.raw.split(/application\/pdf/i)[1] ?? '', 'Content-Disposition') ?? mail.raw,
    ).toMatch(/attachment/);
    const pdfText = await pageText(pdf!);
    expect(pdfText).toContain('$75.00');
    expect(pdfText).toContain(code!);
    expect(pdfText).toContain('For the next print you love.');
    expect(pdfText).toContain('For Ann Lee');

    const copy = await eventually(async () =>
      mailsTo('rachel@example.com').find((m) => m.subject === 'Your gift card to Ann was sent'),
    );
    const copyText = mailTextPart(copy.raw);
    expect(copyText).toContain(card.last4);
    expect(copyText).toContain('ann@example.com');
    expect(copy.body).not.toContain(code!);
    expect(copy.body).not.toContain(code!.replace(/-/g, ''));
    const sent = await db()('gift_cards').where({ id: card.id }).first();
    expect(sent.sent_at).not.toBeNull();
  });
});

describe('a gift card sent later', () => {
  it('is not sent before its time, then once when due, however many sweeps and jobs race for it', async () => {
    const { lineId } = await buyCard('bea@example.com', localIn(3));
    const card = await cardOf(lineId);
    expect(new Date(card.send_at).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    // not due: the sweep leaves it, nothing is sent
    expect(await app.modules.giftCards.sweep()).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo('bea@example.com')).toHaveLength(0);
    expect((await db()('gift_cards').where({ id: card.id }).first()).sent_at).toBeNull();

    // its time comes (the clock moved by moving the card's time back)
    await db()('gift_cards')
      .where({ id: card.id })
      .update({ send_at: new Date(Date.now() - 60_000) });
    // a killed worker, a lost Redis, a second worker: two sweeps and two more jobs, all at once
    await Promise.all([
      app.modules.giftCards.sweep(),
      app.modules.giftCards.sweep(),
      app.ctx.queues.enqueue(
        'gift-cards',
        'send-card',
        { giftCardId: card.id },
        { jobId: `race-a-${card.id}` },
      ),
      app.ctx.queues.enqueue(
        'gift-cards',
        'send-card',
        { giftCardId: card.id },
        { jobId: `race-b-${card.id}` },
      ),
    ]);
    await eventually(async () => mailsTo('bea@example.com').length > 0);
    await new Promise((r) => setTimeout(r, 2000));
    await app.modules.giftCards.sweep();
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo('bea@example.com')).toHaveLength(1);
    expect(
      await db()('outbound_emails').where('dedupe_key', 'like', `gift-card-${card.id}%`).select('dedupe_key'),
    ).toHaveLength(2); // the recipient's and the buyer's copy
  });

  it('sends again when the owner asks, to the current address', async () => {
    const { lineId } = await buyCard('cat@example.com', null);
    const card = await cardOf(lineId);
    await eventually(async () => mailsTo('cat@example.com').length === 1);
    await db()('gift_cards').where({ id: card.id }).update({ recipient_email: 'cat.new@example.com' });
    await app.modules.giftCards.resend(card.id);
    const again = await eventually(async () => mailsTo('cat.new@example.com')[0]);
    expect(mailTextPart(again.raw)).toContain(card.last4);
    expect(mailsTo('cat@example.com')).toHaveLength(1);
  });
});

describe('an SMTP outage', () => {
  it('sends the card once the server is back', async () => {
    await smtp.cut();
    try {
      const { lineId } = await buyCard('dan@example.com', null);
      const card = await cardOf(lineId);
      // claimed and written to the outbox, its send failing while the server is away
      const row = await eventually(async () => {
        const r = await db()('outbound_emails')
          .where({ dedupe_key: `gift-card-${card.id}` })
          .first();
        return r && r.attempts > 0 ? r : null;
      });
      expect(row.status).toBe('queued');
      expect(mailsTo('dan@example.com')).toHaveLength(0);
    } finally {
      await smtp.restore();
    }
    await eventually(async () => mailsTo('dan@example.com').length > 0, 40_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo('dan@example.com')).toHaveLength(1);
  }, 60_000);
});

describe("changing the recipient's e-mail", () => {
  const change = (c: HttpClient, token: string, lineId: number, recipientEmail: unknown) =>
    c.post(`/api/orders/by-token/${token}/gift-cards/${lineId}/recipient`, { recipientEmail });

  it('works before payment and before it is sent; once sent it is refused (409)', async () => {
    // before payment: the order line's record
    const unpaid = await buyCard('eve@example.com', localIn(2), false);
    await unpaid.c.json(change(unpaid.c, unpaid.token, unpaid.lineId, 'eve.new@example.com'));
    const line = await db()('order_line_items').where({ id: unpaid.lineId }).first();
    expect(line.gift_card.recipientEmail).toBe('eve.new@example.com');
    // bad input and another token change nothing
    expect(
      (await change(unpaid.c, unpaid.token, unpaid.lineId, 'eve@example.com\nBcc: x@example.com')).status,
    ).toBe(400);
    expect((await change(unpaid.c, 'x'.repeat(32), unpaid.lineId, 'a@example.com')).status).toBe(404);
    await payOrder(unpaid.c, unpaid.orderId);
    const card = await cardOf(unpaid.lineId);
    expect(card.recipient_email).toBe('eve.new@example.com');

    // paid, not yet sent: the card's address
    await unpaid.c.json(change(unpaid.c, unpaid.token, unpaid.lineId, 'eve.other@example.com'));
    expect((await db()('gift_cards').where({ id: card.id }).first()).recipient_email).toBe(
      'eve.other@example.com',
    );

    // due and sent: to the new address only
    await db()('gift_cards')
      .where({ id: card.id })
      .update({ send_at: new Date(Date.now() - 1000) });
    await app.modules.giftCards.sweep();
    await eventually(async () => mailsTo('eve.other@example.com').length > 0);
    expect(mailsTo('eve@example.com')).toHaveLength(0);
    expect(mailsTo('eve.new@example.com')).toHaveLength(0);

    const late = await unpaid.c.json<{ message: string }>(
      change(unpaid.c, unpaid.token, unpaid.lineId, 'eve.late@example.com'),
      409,
    );
    expect(late.message).toBe('This gift card has been sent: its recipient can no longer be changed.');
    expect((await db()('gift_cards').where({ id: card.id }).first()).recipient_email).toBe(
      'eve.other@example.com',
    );
  });
});
