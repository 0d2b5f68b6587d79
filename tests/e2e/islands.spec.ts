import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { STOREFRONT_PAGES } from '../../scripts/bench-pages';
import { expect, test } from './support/fixtures';
import { photosForSale } from './support/orders';

// Storefront pages are islands (web/src/islands): only their interactive parts hydrate, and no
// router, Redux or RTK Query is loaded; checkout keeps the React app. The cart they share lives
// outside React and is kept in step across the visitor's tabs.

/** The build's chunks that hold any module of the router, Redux or RTK Query (its SSR manifest). */
function appLibraryChunks(): Set<string> {
  const modules = JSON.parse(readFileSync('dist/web/.vite/ssr-manifest.json', 'utf8')) as Record<
    string,
    string[]
  >;
  const chunks = new Set<string>();
  for (const [id, files] of Object.entries(modules))
    if (/node_modules\/(react-router|@reduxjs\/toolkit|react-redux|redux)\//.test(id))
      for (const file of files) if (file.endsWith('.js')) chunks.add(file);
  return chunks;
}

/** Every script the page loads from opening until it is interactive (and a moment after). */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  await page.addInitScript(() =>
    addEventListener('wildframe:app-ready', () => document.documentElement.setAttribute('data-ready', ''), {
      once: true,
    }),
  );
  await page.goto(path);
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return scripts;
}

test('storefront pages load no router, Redux or RTK Query code; checkout does', async ({ page }) => {
  const libraries = appLibraryChunks();
  expect(libraries.size).toBeGreaterThan(0);
  const [{ photoId }] = await photosForSale(page);
  for (const path of [...STOREFRONT_PAGES(photoId), '/no-such-page']) {
    const loaded = await scriptsOf(page, path);
    expect(loaded.length, path).toBeGreaterThan(0);
    expect(
      loaded.filter((file) => libraries.has(file)),
      `${path} loads the router or the store`,
    ).toEqual([]);
  }
  const checkout = await scriptsOf(page, '/checkout');
  expect(checkout.filter((file) => libraries.has(file)).length).toBeGreaterThan(0);
});

test("a print added in one tab is counted in the visitor's other tabs at once", async ({ page, context }) => {
  const [{ photoId }] = await photosForSale(page);
  const other = await context.newPage();
  await other.goto('/faq');
  await expect(other.getByRole('button', { name: 'Open cart' })).toBeVisible();

  await page.goto(`/photo/${photoId}`);
  await page.getByRole('group', { name: 'Print Options' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();

  // no reload: the other tab's badge and the button's name follow
  await expect(other.getByTestId('cart-count')).toHaveText('1');
  await expect(other.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
  // and its panel lists the line, then a removal there empties the first tab's badge
  await other.getByRole('button', { name: 'Open cart, 1 item' }).click();
  await other.getByRole('button', { name: /^Remove .* from cart$/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a storefront link the pointer rests on is prefetched; checkout never is', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['sec-purpose']?.startsWith('prefetch'))
      prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).hover();
  await expect.poll(() => prefetched).toContain('/faq');
  // the next page opens from the prefetched answer, with its islands
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('button', { name: 'Open cart' })).toBeVisible();
  expect(prefetched).not.toContain('/checkout');
});
