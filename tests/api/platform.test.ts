import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('platform', () => {
  it('answers /healthz and /readyz when Postgres and Redis are up', async () => {
    const c = app.client();
    expect(await c.json(c.get('/healthz'))).toEqual({ status: 'ok' });
    expect(await c.json(c.get('/readyz'))).toEqual({ status: 'ok' });
  });

  it('answers an unknown API route with a JSON 404, never the web app', async () => {
    const c = app.client();
    const res = await c.get('/api/no-such-thing', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route for GET /api/no-such-thing.' });
  });

  it('turns malformed JSON into a 400 with a clear message, not a 500', async () => {
    const c = app.client();
    const res = await c.post('/api/admin/login', '{"username": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 400 with per-field errors for input that fails validation', async () => {
    const c = app.client();
    const body = await c.json<{ message: string; errors: Record<string, string> }>(
      c.post('/api/admin/login', { username: '', password: 'x'.repeat(101) }),
      400,
    );
    expect(body.errors).toEqual({
      username: 'Username is required',
      password: 'Password must be at most 100 characters',
    });
  });

  it('refuses an admin call without a session with 401', async () => {
    const c = app.client();
    expect(await c.json(c.get('/api/admin/user'), 401)).toEqual({ message: 'Please sign in to continue.' });
    expect((await c.get('/api/admin/orders')).status).toBe(401);
  });

  it('refuses cross-site writes with 403 whatever the route', async () => {
    const c = app.client();
    const bySite = await c.post(
      '/api/admin/login',
      { username: 'a', password: 'b' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(bySite.status).toBe(403);
    expect(await bySite.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
    const byOrigin = await c.post(
      '/api/contact',
      {},
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    );
    expect(byOrigin.status).toBe(403);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await app.client().get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // model-viewer (the wall preview) instantiates WebAssembly; JavaScript eval stays refused
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com;");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
