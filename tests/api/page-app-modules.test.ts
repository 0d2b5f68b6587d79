import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';

// Issue 21 (10): a rendered page lists every chunk its app runs, for the app to load in parallel
// when it starts, instead of one chain of round trips. Needs the build (`npm test` builds first).
const manifestFile = path.resolve('dist/web/.vite/manifest.json');

let app: TestApp;
let heron: CreatedPhoto;

beforeAll(async () => {
  expect(existsSync(manifestFile), 'run npm run build').toBe(true);
  app = await createTestApp();
  heron = await addPhoto(await app.admin(), { title: 'Heron at Dawn' });
});
afterAll(() => app?.close());

const preloadsOf = (page: string) => {
  const template = /<template id="app-modules">(.*?)<\/template>/s.exec(page);
  expect(template, 'the page has its app-modules template').not.toBeNull();
  return [...template![1].matchAll(/<link rel="modulepreload" href="([^"]+)" \/>/g)].map((m) => m[1]);
};

describe("a rendered page's app modules", () => {
  it("lists React DOM, the app and the page's own chunk (not another page's, not the admin's), each served", async () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    const fileOf = (source: string) => `/${manifest[source].file}`;
    const c = app.client();
    const photo = preloadsOf(await (await c.get(`/photo/${heron.id}`, { accept: 'text/html' })).text());
    expect(photo[0]).toBe(fileOf('src/lib/react-dom-client.ts'));
    expect(photo).toContain(fileOf('src/lib/api.ts'));
    expect(photo).toContain(fileOf('src/features/storefront/photo-page.tsx'));
    expect(photo).not.toContain(fileOf('src/features/storefront/faq-page.tsx'));
    expect(photo).not.toContain(fileOf('src/features/admin/admin-routes.tsx'));
    expect(new Set(photo).size).toBe(photo.length);
    for (const href of photo) {
      const res = await c.get(href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
    }
    const faq = preloadsOf(await (await c.get('/faq', { accept: 'text/html' })).text());
    expect(faq).toContain(fileOf('src/features/storefront/faq-page.tsx'));
    expect(faq).not.toContain(fileOf('src/features/storefront/photo-page.tsx'));
  });
});
