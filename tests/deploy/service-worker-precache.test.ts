import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRECACHE_BUDGET_KB, precachedFiles, precacheSize } from '../../scripts/precache';

// Issue 48: the service worker of the build (`npm run build`) precaches what the storefront needs
// offline and nothing else; the admin, checkout and the wall preview are cached on first use.
const distDir = path.resolve('dist/web');
type Manifest = Record<string, { file: string }>;
let manifest: Manifest;
let precached: string[];

beforeAll(() => {
  expect(existsSync(path.join(distDir, 'sw.js')), 'run npm run build').toBe(true);
  manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  precached = precachedFiles(distDir);
});

const fileOf = (source: string) => manifest[source]!.file;

describe("the service worker's precache", () => {
  it('holds the app shell, the entry, its stylesheet and every storefront page chunk', () => {
    const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const linked = [...shell.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(linked.some((file) => file?.endsWith('.css'))).toBe(true);
    for (const file of ['index.html', 'manifest.webmanifest', ...linked]) expect(precached).toContain(file);
    for (const page of ['home', 'portfolio', 'photo', 'about', 'faq', 'contact'])
      expect(precached).toContain(fileOf(`src/features/storefront/${page}-page.tsx`));
    for (const source of [
      'src/lib/react-dom-client.ts',
      'src/lib/api.ts',
      'src/features/cart/cart-panel.tsx',
    ])
      expect(precached).toContain(fileOf(source));
  });

  it('leaves out model-viewer, the wall preview, the admin and checkout, and what only they import', () => {
    const firstUse = [
      '../node_modules/@google/model-viewer/lib/model-viewer.js',
      'src/features/storefront/wall-preview/wall-preview.tsx',
      'src/features/admin/admin-routes.tsx',
      'src/features/admin/photos/batch-upload-page.tsx',
      'src/features/checkout/checkout-page.tsx',
      'src/features/checkout/stripe-payment-form.tsx',
    ];
    for (const source of firstUse) expect(precached).not.toContain(fileOf(source));
    // MUI's chunks: only the admin and checkout use MUI
    const mui = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => /\/(Button|TextField)-/.test(file));
    expect(mui).toHaveLength(2);
    for (const file of mui) expect(precached).not.toContain(file);
  });

  it(`is within the budget: at most ${PRECACHE_BUDGET_KB} KB as transferred (brotli)`, () => {
    const size = precacheSize(distDir);
    expect(size.files).toBe(precached.length);
    expect(size.brotliKb).toBeLessThanOrEqual(PRECACHE_BUDGET_KB);
  });
});
