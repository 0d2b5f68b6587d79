import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requeueStaleEmails } from '../../src/platform/outbox';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const OWNER = 'owner@example.com';
const valid = {
  name: 'Rosa Marsh',
  email: 'rosa@example.org',
  message: 'Do you sell the heron photograph as a 16x20 print?',
};

/** The per-IP contact limit is shared by every test in an app; each test starts with a fresh one. */
const resetLimit = async (app: TestApp) => {
  const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:contact:*`);
  if (keys.length) await app.ctx.redis.del(...keys);
};

describe('POST /api/contact', () => {
  let app: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
    await app.startWorkers();
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });
  beforeEach(() => resetLimit(app));

  it('refuses invalid input with the form messages and stores nothing', async () => {
    const c = app.client();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: ' R ' }, 'name', 'Name must be at least 2 characters'],
      [{ ...valid, name: undefined }, 'name', 'Name must be at least 2 characters'],
      [{ ...valid, email: 'rosa@' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, message: 'Too short' }, 'message', 'Message must be at least 10 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.json<{ message: string; errors: Record<string, string> }>(
        c.post('/api/contact', body),
        400,
      );
      expect(res).toEqual({ message, errors: { [field]: message } });
    }
    await resetLimit(app);
    const all = await c.json<{ errors: Record<string, string> }>(c.post('/api/contact', {}), 400);
    expect(all.errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
    const tooLong = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/contact', { ...valid, name: 'n'.repeat(101), message: 'm'.repeat(5001) }),
      400,
    );
    expect(Object.keys(tooLong.errors).sort()).toEqual(['message', 'name']);
    expect(await app.ctx.db('contact_messages').count('* as n').first()).toEqual({ n: 0 });
    expect(await app.ctx.db('outbound_emails').count('* as n').first()).toEqual({ n: 0 });
  });

  it('stores the message with the sender IP and e-mails the owner with reply-to the sender', async () => {
    const c = app.client();
    const body = {
      name: '  Rosa <b>Marsh</b> ',
      email: ' rosa@example.org ',
      message: 'Hello!\nDo you sell <script>alert(1)</script> prints & frames?',
    };
    expect(await c.json(c.post('/api/contact', body), 201)).toEqual({ message: 'Message sent' });

    const row = await app.ctx.db('contact_messages').orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      name: 'Rosa <b>Marsh</b>',
      email: 'rosa@example.org',
      message: body.message,
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });

    const mail = await eventually(async () => sink.mails.find((m) => m.subject.includes('Rosa')));
    expect(mail.to).toEqual([OWNER]);
    expect(mail.subject).toBe('New message from Rosa <b>Marsh</b>');
    expect(mail.raw).toMatch(/^Reply-To: rosa@example\.org\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // plain-text part: the message as written
    expect(mail.body).toContain('Do you sell <script>alert(1)</script> prints & frames?');
    // HTML part: everything the visitor typed is escaped
    expect(mail.body).toContain('Rosa &lt;b&gt;Marsh&lt;/b&gt;');
    expect(mail.body).toContain('Do you sell &lt;script&gt;alert(1)&lt;/script&gt; prints &amp; frames?');
    expect(mail.body).not.toMatch(/<script>alert\(1\)<\/script> prints &amp;/);

    const outbox = await app.ctx
      .db('outbound_emails')
      .where({ dedupe_key: `contact-${row.id}` })
      .first();
    expect(outbox).toMatchObject({ to_address: OWNER, reply_to: 'rosa@example.org' });
    await eventually(async () =>
      (await app.ctx.db('outbound_emails').where({ id: outbox.id }).first()).status === 'sent' ? true : null,
    );
  });

  it('answers 429 after 5 messages from one address in 10 minutes, and stores no more', async () => {
    const c = app.client();
    const before = Number((await app.ctx.db('contact_messages').count('* as n').first())!.n);
    for (let i = 0; i < 5; i++) {
      await c.json(c.post('/api/contact', { ...valid, message: `Message number ${i} about prints` }), 201);
    }
    const res = await c.json(c.post('/api/contact', valid), 429);
    expect(res).toEqual({ message: 'Too many messages. Please try again later.' });
    expect(Number((await app.ctx.db('contact_messages').count('* as n').first())!.n)).toBe(before + 5);
  });
});

describe('contact e-mail delivery when things go wrong', () => {
  let app: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink({ failFirst: 1 });
    app = await createTestApp({ SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('keeps the message when SMTP fails, retries, and delivers it exactly once', async () => {
    await app.startWorkers();
    const c = app.client();
    await c.json(c.post('/api/contact', { ...valid, name: 'Retry Person' }), 201);
    const mail = await eventually(async () => sink.mails.find((m) => m.subject.includes('Retry Person')));
    expect(mail.to).toEqual([OWNER]);
    // the sink has the mail as soon as SMTP accepts it; the worker records the send just after
    const row = await eventually(async () => {
      const r = await app.ctx.db('outbound_emails').where({ to_address: OWNER }).first();
      return r?.status === 'queued' ? undefined : r;
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    // a retry or a sweep after success sends nothing more
    await requeueStaleEmails(app.ctx.db, app.ctx.queues);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.mails.filter((m) => m.subject.includes('Retry Person'))).toHaveLength(1);
  });

  it('delivers through the sweeper when the send job was lost after the message was stored', async () => {
    const mailQueue = app.ctx.queues.get('mail');
    await mailQueue.pause();
    const c = app.client();
    await c.json(c.post('/api/contact', { ...valid, name: 'Lost Job' }), 201);
    const msg = await app.ctx.db('contact_messages').where({ name: 'Lost Job' }).first();
    const email = await app.ctx
      .db('outbound_emails')
      .where({ dedupe_key: `contact-${msg.id}` })
      .first();
    expect(email.status).toBe('queued');
    // the job disappears (as if Redis lost it), and a while passes
    await mailQueue.drain();
    await mailQueue.resume();
    await app.ctx
      .db('outbound_emails')
      .where({ id: email.id })
      .update({
        created_at: app.ctx.db.raw("now() - interval '2 minutes'"),
      });
    expect(await requeueStaleEmails(app.ctx.db, app.ctx.queues)).toBe(1);
    const mail = await eventually(async () => sink.mails.find((m) => m.subject.includes('Lost Job')));
    expect(mail.raw).toMatch(/^Reply-To: rosa@example\.org\r?$/m);
    await eventually(async () =>
      (await app.ctx.db('outbound_emails').where({ id: email.id }).first()).status === 'sent' ? true : null,
    );
  });
});

describe('contact without OWNER_EMAIL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('still stores the message and answers 201, but writes no e-mail', async () => {
    const c = app.client();
    expect(await c.json(c.post('/api/contact', valid), 201)).toEqual({ message: 'Message sent' });
    expect(await app.ctx.db('contact_messages').where({ email: valid.email }).first()).toMatchObject({
      name: valid.name,
      message: valid.message,
    });
    expect(await app.ctx.db('outbound_emails').count('* as n').first()).toEqual({ n: 0 });
  });
});
