import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('admin sign-in', () => {
  it('signs in with the right password, with a new session id, and answers the current admin', async () => {
    const c = app.client();
    // a session planted before sign-in must not survive it
    await c.get('/api/admin/user');
    const before = c.cookieHeader;
    const user = await c.json(c.post('/api/admin/login', ADMIN));
    expect(user).toMatchObject({ username: ADMIN.username });
    expect(c.cookieHeader).toMatch(/wf\.sid=/);
    expect(c.cookieHeader).not.toBe(before);
    expect(await c.json(c.get('/api/admin/user'))).toMatchObject({ username: ADMIN.username });
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await app.client().post('/api/admin/login', ADMIN);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wf.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password with the same message as an unknown user', async () => {
    const c = app.client();
    const wrong = await c.json(
      c.post('/api/admin/login', { username: ADMIN.username, password: 'nope' }),
      401,
    );
    const unknown = await c.json(c.post('/api/admin/login', { username: 'nobody', password: 'nope' }), 401);
    expect(wrong).toEqual({ message: 'Invalid username or password.' });
    expect(unknown).toEqual(wrong);
    expect((await c.get('/api/admin/user')).status).toBe(401);
  });

  it('signs out: the session is destroyed and admin calls answer 401 again', async () => {
    const c = await app.admin();
    expect(await c.json(c.post('/api/admin/logout'))).toEqual({ message: 'Logged out' });
    expect((await c.get('/api/admin/user')).status).toBe(401);
  });

  it('throttles repeated failures on one username with a 429 and a clear message', async () => {
    const c = app.client();
    const attempt = () => c.post('/api/admin/login', { username: 'target', password: 'guess' });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
  });
});
