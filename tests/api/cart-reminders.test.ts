import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { mailHeader, mailTextPart, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 49, a cart reminder with consent: none without the box ticked; one, after her delay, however
// many jobs and sweeps race for it; none once the cart is paid, the consent withdrawn or the
// feature off; a link that puts the cart back, one that stops; a crash mid-send sends it once later.

const ZONE = 'America/New_York';
let app: TestApp;
let sink: SmtpSink;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({
    SMTP_URL: sink.url,
    SHOP_TIME_ZONE: ZONE,
    PUBLIC_URL: 'https://shop.example',
    SITE_NAME: 'Wildframe Test',
  });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '12x18', format: 'Fine Art Paper', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

const db = () => app.ctx.db;
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

/** A visitor with the heron in her cart (2 prints). */
async function cartWithHeron() {
  const c = app.client();
  await c.json(
    c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 }),
    201,
  );
  return c;
}
const consent = (c: HttpClient, email: string, yes = true, status = 200) =>
  c.json<{ offered: boolean; consented: boolean }>(
    c.post('/api/cart/reminder', { email, consent: yes }),
    status,
  );
const reminderOf = (email: string) => db()('cart_reminders').where({ email }).first();
/** Her delay passes: the reminder's time moved back (the clock is the row's). */
const makeDue = (id: number) =>
  db()('cart_reminders')
    .where({ id })
    .update({ send_at: new Date(Date.now() - 60_000) });
/** The send job's handler, run as a worker would (a second worker, a re-drive). */
const runJob = (reminderId: number) => {
  const reg = app.modules.jobs.registrations().find((r) => r.queue === 'cart-reminders')!;
  return reg.handler({ reminderId }, { id: `test-${reminderId}` } as never);
};
async function pay(c: HttpClient) {
  const { orderId, total } = await c.json<{ orderId: number; total: number }>(
    c.post('/api/checkout', { ...customer, totalAmount: 200 }),
    201,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await db()('orders').where({ id: orderId }).first()).status === 'paid');
  return orderId;
}
const linkIn = (text: string, path: string) =>
  new RegExp(`https://shop\\.example(${path}/[A-Za-z0-9_-]{43})`).exec(text)?.[1];

describe('consent at checkout', () => {
  it('without consent nothing is stored or sent; the box is offered, unticked', async () => {
    const c = await cartWithHeron();
    expect(await c.json(c.get('/api/cart/reminder'))).toEqual({ offered: true, consented: false });
    expect(await app.modules.cartReminders.sweep()).toBe(0);
    expect(await db()('cart_reminders').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const c = await cartWithHeron();
    for (const email of [
      'ann@example.com\nBcc: all@example.com',
      `${'a'.repeat(10_000)}@example.com`,
      'not-an-address',
    ]) {
      const answer = await c.json<{ message: string }>(
        c.post('/api/cart/reminder', { email, consent: true }),
        400,
      );
      expect(answer.message).toBe('Please enter a valid email address');
    }
    await c.json(c.post('/api/cart/reminder', { email: 'ann@example.com', consent: 'yes' }), 400);
    // no cart: nothing to remind of
    const empty = app.client();
    const refused = await empty.json<{ message: string }>(
      empty.post('/api/cart/reminder', { email: 'ann@example.com', consent: true }),
      400,
    );
    expect(refused.message).toMatch(/cart is empty/);
    expect(await db()('cart_reminders').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('the reminder', () => {
  it('is sent once after the delay, however many jobs and sweeps race; its links restore and stop', async () => {
    const c = await cartWithHeron();
    expect(await consent(c, 'bea@example.com')).toEqual({ offered: true, consented: true });
    expect(await c.json(c.get('/api/cart/reminder'))).toEqual({ offered: true, consented: true });
    const row = await reminderOf('bea@example.com');
    // due after her delay (24 hours unless she changed it)
    expect(new Date(row.send_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await app.modules.cartReminders.sweep()).toBe(0);
    expect(await runJob(row.id)).toMatchObject({ detail: 'not due yet' });
    await settle(500);
    expect(mailsTo('bea@example.com')).toHaveLength(0);

    await makeDue(row.id);
    await Promise.all([
      app.modules.cartReminders.sweep(),
      app.modules.cartReminders.sweep(),
      runJob(row.id),
      runJob(row.id),
    ]);
    const mail = await eventually(async () => mailsTo('bea@example.com')[0]);
    await settle();
    await app.modules.cartReminders.sweep();
    await settle(500);
    expect(mailsTo('bea@example.com')).toHaveLength(1);
    expect(mail.subject).toBe('You left something in your cart at Wildframe Test');
    const text = mailTextPart(mail.raw);
    expect(text).toContain('Heron at Dawn, 12x18 Fine Art Paper x 2: $190.00');
    expect(mail.body).toContain(`https://shop.example/api/photos/${heron.photoId}/thumbnail`);
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const stop = linkIn(text, '/cart-reminders/stop')!;
    expect(mailHeader(mail.raw, 'List-Unsubscribe')).toBe(`<https://shop.example${stop}>`);
    // what is kept: the address is gone from the reminder, the link only as its HMAC
    const sent = await db()('cart_reminders').where({ id: row.id }).first();
    expect(sent.email).toBeNull();
    const restore = linkIn(text, '/api/cart-reminders/restore')!;
    expect(sent.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sent)).not.toContain(restore.split('/').pop());

    // the restore link, on another device: the lines back in that visitor's cart, then the checkout
    const phone = app.client();
    const back = await phone.get(restore);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/checkout');
    const cart = await phone.json<{ items: { photoId: number; quantity: number }[] }>(phone.get('/api/cart'));
    expect(cart.items).toEqual([expect.objectContaining({ photoId: heron.photoId, quantity: 2 })]);
    // opened twice: nothing doubled
    await phone.get(restore);
    expect(
      (await phone.json<{ items: { quantity: number }[] }>(phone.get('/api/cart'))).items[0]!.quantity,
    ).toBe(2);
    expect((await app.client().get('/api/cart-reminders/restore/' + 'x'.repeat(43))).status).toBe(404);

    // paid from the restored cart: recovered, counted for today in the shop's days
    await pay(phone);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE }).format(new Date());
    await eventually(
      async () => (await app.modules.cartReminders.recoveredCount({ from: today, to: today })) === 1,
    );
    expect(await app.modules.cartReminders.recoveredCount({ from: '2020-01-01', to: '2020-12-31' })).toBe(0);

    // the stop link: a page with a button; the POST (one click from a mail client: no session,
    // no browser headers) stops; a new cart with that address is never reminded
    const page = await fetch(`${app.url}${stop}`);
    expect(await page.text()).toContain('Stop reminders');
    const stopped = await fetch(`${app.url}${stop}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('Reminders stopped');
    const again = await cartWithHeron();
    await consent(again, 'BEA@example.com');
    const second = await reminderOf('BEA@example.com');
    await makeDue(second.id);
    expect(await runJob(second.id)).toMatchObject({ outcome: 'skipped' });
    await settle(500);
    expect(mailsTo('BEA@example.com')).toHaveLength(0);
    expect(mailsTo('bea@example.com')).toHaveLength(1);
  });

  it('is not sent when the cart is paid before the delay', async () => {
    const c = await cartWithHeron();
    await consent(c, 'cat@example.com');
    const row = await reminderOf('cat@example.com');
    await pay(c);
    await makeDue(row.id);
    expect(await app.modules.cartReminders.sweep()).toBe(0);
    expect(await runJob(row.id)).toMatchObject({ detail: 'already sent or paid' });
    await settle();
    expect(mailsTo('cat@example.com')).toHaveLength(0);
    const closed = await db()('cart_reminders').where({ id: row.id }).first();
    expect(closed).toMatchObject({ email: null, sent_at: null, recovered_at: null });
    expect(closed.paid_at).not.toBeNull();
  });

  it('is not sent when consent is withdrawn (the address is deleted)', async () => {
    const c = await cartWithHeron();
    await consent(c, 'dan@example.com');
    const row = await reminderOf('dan@example.com');
    expect(await consent(c, 'dan@example.com', false)).toEqual({ offered: true, consented: false });
    expect(await db()('cart_reminders').where({ id: row.id }).first()).toBeUndefined();
    expect(await runJob(row.id)).toMatchObject({ outcome: 'skipped' });
    await app.modules.cartReminders.sweep();
    await settle();
    expect(mailsTo('dan@example.com')).toHaveLength(0);
  });

  it('a worker killed mid-send (its transaction lost after the claim) leaves it to be sent once later', async () => {
    const c = await cartWithHeron();
    await consent(c, 'eve@example.com');
    const row = await reminderOf('eve@example.com');
    await makeDue(row.id);
    // the claim is made, then the process dies before the commit: Postgres rolls it all back
    await db().raw(`CREATE FUNCTION crash_mid_send() RETURNS trigger AS $$ BEGIN
      IF NEW.dedupe_key LIKE 'cart-reminder-%' THEN RAISE EXCEPTION 'worker killed'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().raw(
      'CREATE TRIGGER crash_mid_send BEFORE INSERT ON outbound_emails FOR EACH ROW EXECUTE FUNCTION crash_mid_send()',
    );
    await expect(runJob(row.id)).rejects.toThrow(/worker killed/);
    expect((await db()('cart_reminders').where({ id: row.id }).first()).sent_at).toBeNull();
    await db().raw('DROP TRIGGER crash_mid_send ON outbound_emails');
    await db().raw('DROP FUNCTION crash_mid_send()');
    // the next run (the job's retry, or the sweep) sends it, once
    await Promise.all([app.modules.cartReminders.sweep(), runJob(row.id)]);
    await eventually(async () => mailsTo('eve@example.com').length > 0);
    await settle();
    await app.modules.cartReminders.sweep();
    await settle(500);
    expect(mailsTo('eve@example.com')).toHaveLength(1);
  });
});

describe("the owner's settings", () => {
  it('validates the delay; off, the box is not offered and nothing is sent', async () => {
    for (const delayHours of [0, 73, 1e9, 1.5, '24'])
      expect(
        (
          await admin.json<{ message: string }>(
            admin.put('/api/admin/cart-reminders/settings', { enabled: true, delayHours }),
            400,
          )
        ).message,
      ).toBe('Choose a delay of 1 to 72 hours (a whole number).');
    expect((await app.client().get('/api/admin/cart-reminders/settings')).status).toBe(401);
    const before = await admin.json<{ enabled: boolean; delayHours: number; counts: Record<string, number> }>(
      admin.get('/api/admin/cart-reminders/settings'),
    );
    expect(before).toMatchObject({ enabled: true, delayHours: 24, counts: { sent: 2, recovered: 1 } });

    const c = await cartWithHeron();
    await consent(c, 'fay@example.com');
    const row = await reminderOf('fay@example.com');
    await admin.json(admin.put('/api/admin/cart-reminders/settings', { enabled: false, delayHours: 2 }));
    expect(await c.json(c.get('/api/cart/reminder'))).toEqual({ offered: false, consented: false });
    await consent(c, 'fay@example.com', true, 409);
    expect(await runJob(row.id)).toMatchObject({ outcome: 'skipped' });
    await settle();
    expect(mailsTo('fay@example.com')).toHaveLength(0);

    // on again with 2 hours: a new consent is due in 2 hours
    await admin.json(admin.put('/api/admin/cart-reminders/settings', { enabled: true, delayHours: 2 }));
    await consent(c, 'fay@example.com');
    const due = new Date((await reminderOf('fay@example.com')).send_at).getTime() - Date.now();
    expect(due).toBeGreaterThan(1.9 * 3_600_000);
    expect(due).toBeLessThan(2.1 * 3_600_000);
  });
});
