import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';

// The owner's inbox: with no OWNER_EMAIL (the default) a contact message is e-mailed to nobody,
// so the admin is where she reads it. And the mail status behind the admin's e-mail banner.

type InboxMessage = {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  readAt: string | null;
};
type InboxPage = { messages: InboxMessage[]; total: number; unread: number; hasMore: boolean };

const resetLimit = async (app: TestApp) => {
  const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:contact:*`);
  if (keys.length) await app.ctx.redis.del(...keys);
};

describe('the admin inbox', () => {
  let app: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    // no SMTP_URL and no OWNER_EMAIL: the shop as it starts
    app = await createTestApp();
    admin = await app.admin();
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await resetLimit(app);
    await app.ctx.db('contact_messages').del();
  });

  /** Sent through the public form, as a visitor does. */
  const send = async (name: string, message: string) => {
    const c = app.client();
    await c.json(c.post('/api/contact', { name, email: `${name.toLowerCase()}@example.org`, message }), 201);
  };

  it('lists every message newest first with name, e-mail, date and text, and counts the unread', async () => {
    await send('Rosa', 'Do you sell the heron photograph as a 16x20 print?');
    await send('Tomas', 'Could I license the osprey photo for a newsletter?');
    await send('Ines', 'Thank you for the lovely print, it arrived safely.');
    const page = await admin.json<InboxPage>(admin.get('/api/admin/messages'));
    expect(page.messages.map((m) => m.name)).toEqual(['Ines', 'Tomas', 'Rosa']);
    expect(page.messages[0]).toEqual({
      id: expect.any(Number),
      name: 'Ines',
      email: 'ines@example.org',
      message: 'Thank you for the lovely print, it arrived safely.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      readAt: null,
    });
    expect(page).toMatchObject({ total: 3, unread: 3, hasMore: false });
    expect(await admin.json(admin.get('/api/admin/messages/unread-count'))).toEqual({ unread: 3 });

    // pages: two, then the rest below the last id shown
    const first = await admin.json<InboxPage>(admin.get('/api/admin/messages?limit=2'));
    expect(first.messages.map((m) => m.name)).toEqual(['Ines', 'Tomas']);
    expect(first.hasMore).toBe(true);
    const next = await admin.json<InboxPage>(
      admin.get(`/api/admin/messages?limit=2&before=${first.messages[1].id}`),
    );
    expect(next.messages.map((m) => m.name)).toEqual(['Rosa']);
    expect(next.hasMore).toBe(false);

    const bad = await admin.json<{ errors: Record<string, string> }>(
      admin.get('/api/admin/messages?limit=500'),
      400,
    );
    expect(bad.errors).toEqual({ limit: 'Limit must be a whole number from 1 to 200' });
  });

  it('marks a message read (lowering the unread count) and unread again, and keeps it stored', async () => {
    await send('Rosa', 'Do you sell the heron photograph as a 16x20 print?');
    await send('Tomas', 'Could I license the osprey photo for a newsletter?');
    const { messages } = await admin.json<InboxPage>(admin.get('/api/admin/messages'));
    const rosa = messages.find((m) => m.name === 'Rosa')!;

    const read = await admin.json<InboxMessage>(
      admin.patch(`/api/admin/messages/${rosa.id}`, { read: true }),
    );
    expect(read).toMatchObject({ id: rosa.id, name: 'Rosa', readAt: expect.stringMatching(/^\d{4}-/) });
    expect(await admin.json(admin.get('/api/admin/messages/unread-count'))).toEqual({ unread: 1 });
    const after = await admin.json<InboxPage>(admin.get('/api/admin/messages'));
    expect(after).toMatchObject({ total: 2, unread: 1 });
    expect(after.messages.find((m) => m.id === rosa.id)?.readAt).toBe(read.readAt);
    const row = await app.ctx.db('contact_messages').where({ id: rosa.id }).first();
    expect(row.read_at).toBeInstanceOf(Date);

    // reading again keeps the first read time
    const again = await admin.json<InboxMessage>(
      admin.patch(`/api/admin/messages/${rosa.id}`, { read: true }),
    );
    expect(again.readAt).toBe(read.readAt);

    const unread = await admin.json<InboxMessage>(
      admin.patch(`/api/admin/messages/${rosa.id}`, { read: false }),
    );
    expect(unread.readAt).toBeNull();
    expect(await admin.json(admin.get('/api/admin/messages/unread-count'))).toEqual({ unread: 2 });
  });

  it('refuses bad input and unknown messages', async () => {
    await send('Rosa', 'Do you sell the heron photograph as a 16x20 print?');
    const [{ id }] = (await admin.json<InboxPage>(admin.get('/api/admin/messages'))).messages;
    const notBool = await admin.json<{ errors: Record<string, string> }>(
      admin.patch(`/api/admin/messages/${id}`, { read: 'yes' }),
      400,
    );
    expect(notBool.errors).toEqual({ read: 'Read must be true or false' });
    expect(await admin.json(admin.patch('/api/admin/messages/999999', { read: true }), 404)).toEqual({
      message: 'No message with that id.',
    });
    await admin.json(admin.patch('/api/admin/messages/abc', { read: true }), 400);
    expect(await admin.json(admin.get('/api/admin/messages/unread-count'))).toEqual({ unread: 1 });
  });

  it('is guarded: signed out, every inbox route answers 401 and changes nothing', async () => {
    await send('Rosa', 'Do you sell the heron photograph as a 16x20 print?');
    const [{ id }] = (await admin.json<InboxPage>(admin.get('/api/admin/messages'))).messages;
    const visitor = app.client();
    for (const res of [
      visitor.get('/api/admin/messages'),
      visitor.get('/api/admin/messages/unread-count'),
      visitor.get('/api/admin/mail-status'),
      visitor.patch(`/api/admin/messages/${id}`, { read: true }),
    ]) {
      expect(await visitor.json(res, 401)).toEqual({ message: 'Please sign in to continue.' });
    }
    expect((await app.ctx.db('contact_messages').where({ id }).first()).read_at).toBeNull();
  });

  it('refuses a cross-site write even with the admin session (403) and changes nothing', async () => {
    await send('Rosa', 'Do you sell the heron photograph as a 16x20 print?');
    const [{ id }] = (await admin.json<InboxPage>(admin.get('/api/admin/messages'))).messages;
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await admin.patch(`/api/admin/messages/${id}`, { read: true }, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
    }
    expect((await app.ctx.db('contact_messages').where({ id }).first()).read_at).toBeNull();
    expect(await admin.json(admin.get('/api/admin/messages/unread-count'))).toEqual({ unread: 1 });
  });

  it('says e-mail is not set up when neither SMTP_URL nor OWNER_EMAIL is set', async () => {
    const status = await admin.json(admin.get('/api/admin/mail-status'));
    expect(status).toEqual({
      smtpConfigured: false,
      ownerEmailConfigured: false,
      outboxDir: `${app.ctx.config.DATA_DIR}/outbox/`,
    });
  });
});

describe('the mail status with e-mail set up', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525', OWNER_EMAIL: 'owner@example.com' });
  });
  afterAll(() => app?.close());

  it('answers both configured', async () => {
    const admin = await app.admin();
    expect(await admin.json(admin.get('/api/admin/mail-status'))).toMatchObject({
      smtpConfigured: true,
      ownerEmailConfigured: true,
    });
  });
});

describe('the mail status with only an owner address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ OWNER_EMAIL: 'owner@example.com' });
  });
  afterAll(() => app?.close());

  it('answers SMTP unset, so mail still goes to the outbox files', async () => {
    const admin = await app.admin();
    expect(await admin.json(admin.get('/api/admin/mail-status'))).toMatchObject({
      smtpConfigured: false,
      ownerEmailConfigured: true,
    });
  });
});
