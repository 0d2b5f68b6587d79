import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, defaultBackupName } from '../../src/platform/backup';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app';
import { HttpClient } from '../support/http-client';

// Issue 34, item 5: a set-up checklist on the admin dashboard, each item's state computed from
// the facts as they are; and the first start's one-time admin password, which must be changed at
// the first sign-in (every other admin call answers 403 until then).

type Item = {
  key: string;
  state: string;
  detail: string;
  link: { href: string; label: string } | null;
  readme: string | null;
};
type Checklist = { items: Item[]; ready: number; paymentsProvider: string | null };
const MUST_CHANGE =
  'Choose a new password first: this account still has the one-time password from the first start.';

async function signIn(app: TestApp, username: string, password: string) {
  const c = new HttpClient(app.url);
  const user = await c.json<{ mustChangePassword: boolean }>(
    c.post('/api/admin/login', { username, password }),
  );
  return { c, user };
}
const states = (list: Checklist) => Object.fromEntries(list.items.map((i) => [i.key, i.state]));
const item = (list: Checklist, key: string) => list.items.find((i) => i.key === key)!;

describe('the set-up checklist', () => {
  let app: TestApp;
  let admin: HttpClient;
  let backups: string;
  const checklist = () => admin.json<Checklist>(admin.get('/api/admin/setup'));

  beforeAll(async () => {
    backups = await mkdtemp(path.join(os.tmpdir(), 'wildframe-backups-'));
    app = await createTestApp({ BACKUP_DIR: backups });
    admin = await app.admin();
  });
  afterAll(async () => {
    await app?.close();
    await rm(backups, { recursive: true, force: true });
  });

  it('a fresh shop: each item with its state, a one-line explanation and where it is set', async () => {
    const list = await checklist();
    expect(list.items.map((i) => [i.key, i.state])).toEqual([
      ['payments', 'attention'],
      ['email', 'attention'],
      ['photographer-name', 'attention'],
      ['tax', 'attention'],
      ['shipping-notice', 'optional'],
      ['print-lab', 'optional'],
      ['admin-password', 'done'],
      ['backup', 'attention'],
    ]);
    expect(list.ready).toBe(3);
    expect(list.paymentsProvider).toBe('test');
    expect(item(list, 'payments')).toEqual({
      key: 'payments',
      title: 'Payments',
      state: 'attention',
      detail:
        'Test mode: checkout takes only the test card, so nobody can really pay. Set your Stripe keys to sell.',
      link: null,
      readme: 'Payments',
    });
    expect(item(list, 'email')).toMatchObject({
      detail: 'Not sent: e-mails are saved as files on the server. Set SMTP_URL and OWNER_EMAIL.',
      readme: 'E-mail',
    });
    expect(item(list, 'tax')).toMatchObject({
      detail: 'Not saved yet: list the states where you collect sales tax, then save.',
      link: { href: '/admin/orders/tax', label: 'Sales tax' },
    });
    expect(item(list, 'shipping-notice').link).toEqual({
      href: '/admin/shipping-notice',
      label: 'Shipping Notice',
    });
    expect(item(list, 'print-lab')).toMatchObject({
      detail: 'You ship prints yourself. Connect Lumaprints or Prodigi to have them made and shipped.',
      link: { href: '/admin/orders/print-lab', label: 'Print lab' },
    });
    // the test admin was made from ADMIN_USERNAME/ADMIN_PASSWORD: her own password
    expect(item(list, 'admin-password')).toMatchObject({
      state: 'done',
      link: { href: '/admin/password', label: 'Change password' },
    });
    expect(item(list, 'backup')).toMatchObject({
      detail: `No backup in ${backups}/ yet. Run npm run backup, and keep a copy off the server.`,
      readme: 'Backups',
    });
  });

  it('follows what the owner sets: her tax settings, a shipping notice, a backup', async () => {
    await admin.json(
      admin.put('/api/admin/tax', {
        provider: 'manual',
        states: [
          { state: 'DC', rate: '6.5', shippingTaxed: true },
          { state: 'MD', rate: '6', shippingTaxed: false },
        ],
      }),
    );
    expect(item(await checklist(), 'tax')).toMatchObject({
      state: 'done',
      detail: 'Collected in DC and MD.',
    });

    await admin.json(
      admin.post('/api/admin/shipping-notice', {
        isActive: true,
        line1: 'Orders placed after June 20 ship in the first week of July.',
      }),
    );
    expect(item(await checklist(), 'shipping-notice')).toMatchObject({
      state: 'done',
      detail: 'Shown to buyers: "Orders placed after June 20 ship in the first week of July."',
    });
    await admin.json(admin.post('/api/admin/shipping-notice', { isActive: false, line1: 'Back in July.' }));
    expect(item(await checklist(), 'shipping-notice').state).toBe('optional');

    // an old backup is not recent; a partial one (still being written) is not a backup
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    await writeFile(path.join(backups, defaultBackupName(tenDaysAgo)), 'old');
    await writeFile(path.join(backups, `${defaultBackupName(new Date())}.partial`), 'half');
    expect(item(await checklist(), 'backup')).toMatchObject({
      state: 'attention',
      detail: 'Last backup 10 days ago. Run npm run backup, and keep a copy off the server.',
    });
    // `npm run backup` with no path writes into BACKUP_DIR
    const made = await createBackup({
      databaseUrl: app.ctx.config.DATABASE_URL,
      dataDir: app.ctx.config.DATA_DIR,
      backupDir: backups,
    });
    expect(path.dirname(made.file)).toBe(backups);
    const after = await checklist();
    expect(item(after, 'backup')).toMatchObject({
      state: 'done',
      detail: `Last backup less than an hour ago: ${path.basename(made.file)}.`,
    });
    expect(states(after)).toMatchObject({ tax: 'done', backup: 'done' });
    expect(after.ready).toBe(5);
  });

  it('is for the signed-in admin only', async () => {
    expect((await app.client().get('/api/admin/setup')).status).toBe(401);
  });
});

describe('a shop with Stripe and e-mail set up', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('shows payments (Stripe, live key, webhook secret) and e-mail done', async () => {
    app = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_live_not_a_real_key',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_a_real_secret',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OWNER_EMAIL: 'dana@example.com',
    });
    const admin = await app.admin();
    const list = await admin.json<Checklist>(admin.get('/api/admin/setup'));
    expect(list.paymentsProvider).toBe('stripe');
    expect(item(list, 'payments')).toMatchObject({ state: 'done', detail: 'Stripe takes card payments.' });
    expect(item(list, 'email')).toMatchObject({
      state: 'done',
      detail: 'E-mail is sent; new orders and messages go to dana@example.com.',
    });
  });
});

describe('the one-time admin password of the first start', () => {
  let app: TestApp;
  let password: string;

  beforeAll(async () => {
    app = await createTestApp();
    // the first start: no admin yet and no ADMIN_* variables
    await app.ctx.db('admin_users').delete();
    const created = await app.modules.adminAuth.service.ensureAdmin();
    expect(created).toMatchObject({ username: 'admin', password: expect.any(String) });
    password = created!.password!;
  });
  afterAll(() => app?.close());

  it('signs in, but every admin call other than who she is answers 403 until she chooses her own', async () => {
    const { c, user } = await signIn(app, 'admin', password);
    expect(user).toMatchObject({ username: 'admin', mustChangePassword: true });
    expect(await c.json(c.get('/api/admin/user'))).toMatchObject({ mustChangePassword: true });
    for (const [method, url] of [
      ['GET', '/api/admin/photos'],
      ['GET', '/api/admin/setup'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/mail-status'],
      ['POST', '/api/admin/orders/1/cancel'],
      ['GET', '/api/admin/queues/api/queues'],
    ] as const) {
      const res = method === 'GET' ? await c.get(url) : await c.post(url);
      expect([url, res.status]).toEqual([url, 403]);
      expect(await res.json()).toEqual({ message: MUST_CHANGE });
    }
    // nothing was written by the refused calls
    expect(await app.ctx.db('admin_users').where({ username: 'admin' }).first()).toMatchObject({
      must_change_password: true,
    });
  });

  it('the owner of another account sees the one-time password on the checklist', async () => {
    await app.modules.adminAuth.service.ensureAdmin(ADMIN);
    const owner = await app.admin();
    const list = await owner.json<Checklist>(owner.get('/api/admin/setup'));
    expect(item(list, 'admin-password')).toMatchObject({
      state: 'attention',
      detail: 'The account admin still has the one-time password from the first start.',
    });
  });

  it('refuses a short new password or the one-time one itself, then takes her own', async () => {
    const { c } = await signIn(app, 'admin', password);
    expect(await c.json(c.post('/api/admin/password', { newPassword: 'short' }), 400)).toMatchObject({
      message: 'The new password must be 12 to 100 characters long.',
      errors: { newPassword: 'The new password must be 12 to 100 characters long.' },
    });
    expect(await c.json(c.post('/api/admin/password', { newPassword: password }), 400)).toMatchObject({
      errors: { newPassword: 'Choose a new password, not the one you have now.' },
    });
    const before = c.cookieHeader;
    // no current password asked: she has just signed in with the one-time one
    const changed = await c.json(c.post('/api/admin/password', { newPassword: 'my own heron password' }));
    expect(changed).toMatchObject({ username: 'admin', mustChangePassword: false });
    expect(c.cookieHeader).not.toBe(before); // a new session id
    expect((await c.get('/api/admin/photos')).status).toBe(200);
    expect(await c.json(c.get('/api/admin/user'))).toMatchObject({ mustChangePassword: false });
    expect(await app.ctx.db('admin_users').where({ username: 'admin' }).first()).toMatchObject({
      must_change_password: false,
    });

    // the one-time password no longer signs in; hers does, and is not forced again
    const stranger = new HttpClient(app.url);
    expect((await stranger.post('/api/admin/login', { username: 'admin', password })).status).toBe(401);
    const again = await signIn(app, 'admin', 'my own heron password');
    expect(again.user.mustChangePassword).toBe(false);
    const list = await again.c.json<Checklist>(again.c.get('/api/admin/setup'));
    expect(item(list, 'admin-password').state).toBe('done');
  });

  it('a password set from the terminal (npm run admin -- set-password) is not forced, and frees a waiting session', async () => {
    await app.ctx.db('admin_users').where({ username: 'admin' }).delete();
    await app.ctx.db('admin_users').where({ username: ADMIN.username }).delete();
    const created = await app.modules.adminAuth.service.ensureAdmin();
    const { c } = await signIn(app, 'admin', created!.password!);
    expect((await c.get('/api/admin/photos')).status).toBe(403);

    await app.modules.adminAuth.service.setPassword('admin', 'set from the terminal');
    // her open session learns it at its next check of who she is
    expect(await c.json(c.get('/api/admin/user'))).toMatchObject({ mustChangePassword: false });
    expect((await c.get('/api/admin/photos')).status).toBe(200);
    expect((await signIn(app, 'admin', 'set from the terminal')).user.mustChangePassword).toBe(false);
  });
});

describe('an admin made from ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('is not forced to change it, and changes it with her current password', async () => {
    const { c, user } = await signIn(app, ADMIN.username, ADMIN.password);
    // issue 51: her very first sign-in is not a return ('Welcome!', not 'Welcome back!')
    expect(user).toMatchObject({ username: ADMIN.username, mustChangePassword: false, firstSignIn: true });
    expect((await c.get('/api/admin/photos')).status).toBe(200);
    expect((await signIn(app, ADMIN.username, ADMIN.password)).user).toMatchObject({ firstSignIn: false });
    const { last_login_at } = await app.ctx.db('admin_users').where({ username: ADMIN.username }).first();
    expect(Date.now() - (last_login_at as Date).getTime()).toBeLessThan(60_000);

    expect(
      await c.json(c.post('/api/admin/password', { newPassword: 'a brand new password' }), 400),
    ).toMatchObject({ errors: { currentPassword: 'Enter your current password.' } });
    expect(
      await c.json(
        c.post('/api/admin/password', {
          currentPassword: 'not it at all',
          newPassword: 'a brand new password',
        }),
        400,
      ),
    ).toMatchObject({ errors: { currentPassword: 'Your current password is not right.' } });
    expect(
      await c.json(
        c.post('/api/admin/password', {
          currentPassword: ADMIN.password,
          newPassword: 'a brand new password',
        }),
      ),
    ).toMatchObject({ mustChangePassword: false });
    expect((await signIn(app, ADMIN.username, 'a brand new password')).user.mustChangePassword).toBe(false);
    expect((await new HttpClient(app.url).post('/api/admin/login', ADMIN)).status).toBe(401);
  });

  it('is not answered to a stranger', async () => {
    const res = await new HttpClient(app.url).post('/api/admin/password', {
      newPassword: 'whatever it is now',
    });
    expect(res.status).toBe(401);
  });
});
