import { describe, expect, it } from 'vitest';
import { storefrontPages } from './modules/storefront';
import { edge, endpoints } from './endpoints';

/** A request path for a declared path: each `:param` as a number (every id we route is one). */
const sample = (path: string) => path.replace(/:\w+/g, '12');
const call = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const isSchema = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { safeParse?: unknown }).safeParse === 'function';

describe('every declared endpoint', () => {
  it('is declared once', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    expect(new Set(endpoints.map(call)).size).toBe(endpoints.length);
  });

  it('has the schemas of its answer, its body, its query and its ids', () => {
    for (const e of endpoints) {
      const bytes = ['image bytes', 'model bytes', 'csv'];
      expect(isSchema(e.answer) || bytes.includes(e.answer as string), call(e)).toBe(true);
      if (e.method === 'GET' || e.method === 'DELETE') {
        // nothing reads a body there
        expect(e.body ?? e.multipart, call(e)).toBeUndefined();
      } else {
        // a write says what body it reads, or that it reads none
        const body =
          isSchema(e.body) || e.body === 'none' || isSchema(e.multipart) || e.multipart === 'files';
        expect(body, call(e)).toBe(true);
      }
      if (e.query !== undefined) expect(isSchema(e.query), call(e)).toBe(true);
      // every numeric id of the path is parsed; the secrets (the order page's token, the lab's
      // webhook secret, a lab file's signature, a certificate's random id), a licence's id (its
      // pattern checked by the handler: WL-XXXX-XXXX-XXXX), a media file's name
      // a print lab's id (checked against the labs by the service) and a lab's own product id
      // (text, passed to the lab) and a licence's slug (text, checked by the service) are the handler's own
      const secrets = [
        'token',
        'secret',
        'signature',
        'file',
        'certificate',
        'grant',
        'provider',
        'productId',
        'slug',
      ];
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((n) => !secrets.includes(n!));
      expect(Object.keys(e.params ?? {}), call(e)).toEqual(names);
    }
  });

  it('keeps the admin behind its guard and its session, and shared answers free of sessions', () => {
    for (const e of endpoints) {
      if (e.auth === 'admin') {
        expect(e.path, call(e)).toMatch(/^\/api\/admin\//);
        expect(e.session, call(e)).toBe(true);
        expect(e.cache, call(e)).toBe('no-store');
      }
      if (e.cache === 'shared' || e.cache === 'image') {
        // the same bytes for every visitor: a read without a session
        expect([e.method, e.auth, e.session], call(e)).toEqual(['GET', 'public', false]);
      }
    }
  });
});

describe("the app's lists come from the declarations", () => {
  it('loads the session for exactly the endpoints that declare it', () => {
    for (const e of endpoints) {
      expect(edge.needsSession(e.method, sample(e.path)), call(e)).toBe(e.session);
      if (e.method === 'GET') expect(edge.needsSession('HEAD', sample(e.path)), call(e)).toBe(e.session);
    }
    // a request no endpoint declares reads no session (the admin area's own guard loads it)
    expect(edge.needsSession('GET', '/api/photos')).toBe(false);
    expect(edge.needsSession('PATCH', '/api/cart')).toBe(false);
    expect(edge.needsSession('GET', '/api/no-such-route')).toBe(false);
  });

  it('keeps exactly the shared and image answers in the response cache', () => {
    for (const e of endpoints.filter((e) => e.method === 'GET')) {
      expect(edge.sharedJson.test(sample(e.path)), call(e)).toBe(e.cache === 'shared');
      expect(edge.images.test(sample(e.path)), call(e)).toBe(e.cache === 'image');
    }
    expect(edge.sharedJson.test('/api/cart')).toBe(false);
    expect(edge.images.test('/api/photos/12/image')).toBe(true);
  });

  it("keeps the storefront's shared pages, and never the buyer's order page or a certificate's check", () => {
    for (const page of Object.values(storefrontPages))
      for (const path of page.paths)
        expect(edge.sharedPages.test(sample(path)), path).toBe(page.cache === 'shared');
    expect(edge.privatePages).toEqual(['/orders/:token', '/verify/:id', '/licences/verify/:id']);
    expect(edge.sharedPages.test('/admin')).toBe(false);
    expect(edge.sharedPages.test('/api/photos')).toBe(false);
  });
});
