import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Issue 10: every public page arrives as finished HTML, and the browser hydrates it cleanly.

const PUBLIC_PAGES = [
  '/',
  '/portfolio',
  '/portfolio/birds',
  '/photo/1',
  '/about',
  '/faq',
  '/contact',
  '/checkout',
];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its real content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bring the beauty of creation home' })).toBeVisible();
    const featured = page.locator('section[aria-labelledby="featured-heading"]');
    await expect(featured.getByRole('heading', { name: 'Featured Work' })).toBeVisible();
    await expect(featured.locator('a[href^="/photo/"] h3').first()).not.toBeEmpty();

    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Photography Portfolio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Birds', exact: true })).toBeVisible();
    expect(await page.locator('main a[href^="/photo/"] h2').count()).toBeGreaterThan(3);
    await expect(page.locator('main a[href^="/photo/"] h2').first()).not.toBeEmpty();

    await page.goto('/portfolio/birds');
    await expect(page.getByRole('heading', { level: 1, name: 'Birds Photography' })).toBeVisible();

    await page.goto('/photo/1');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
    await expect(page.locator('main p').first()).not.toBeEmpty();
    await expect(page.getByRole('group', { name: 'Print Options' })).toContainText('$');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    expect(await page.locator('main details summary').count()).toBeGreaterThan(2);
    await expect(page.locator('main details summary').first()).toContainText('?');

    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'My Approach' })).toBeVisible();
    await expect(page.locator('main')).toContainText(/refuge/i);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
    for (const label of ['Name', 'Email', 'Message']) await expect(page.getByLabel(label)).toBeVisible();

    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

    const photo = await page.goto('/photo/999999');
    expect(photo?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Photo Not Found' })).toBeVisible();
  });
});

/** Opens a page and waits until it has hydrated (the cart badge's first read starts only then). */
async function openHydrated(page: Page, path: string): Promise<string[]> {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !/\/(image|thumbnail|headshot)$/.test(url.pathname))
      reads.push(url.pathname + url.search);
  });
  const cart = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart');
  await page.goto(path);
  await cart;
  await page.waitForLoadState('networkidle');
  return reads;
}

test.describe('with JavaScript on', () => {
  test('no console errors or hydration warnings, and no repeat request for the data in the HTML', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // A fresh context per page: nothing cached by a service worker or a previous page.
    for (const path of PUBLIC_PAGES) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          const text = message.text();
          if (!/Service Worker registration blocked|Service worker registration failed/.test(text))
            problems.push(`${path}: ${message.type()}: ${text}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
      const reads = await openHydrated(page, path);
      if (path === '/checkout') {
        // An empty cart sends the visitor on to the portfolio, which reads its photos; the
        // checkout's own data (site, logo, shipping notice) came with the HTML.
        expect(reads[0]).toBe('/api/cart');
        expect(reads.filter((r) => /^\/api\/(site|logo|shipping-notice)$/.test(r))).toEqual([]);
      } else {
        // Only the visitor's own cart is asked for; everything else came with the HTML.
        expect(reads, path).toEqual(['/api/cart']);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('after hydration the filter bar, the accordion, the full-screen view and add-to-cart work', async ({
    page,
  }) => {
    await openHydrated(page, '/portfolio');
    const all = await page.locator('main a[href^="/photo/"]').count();
    await page.getByRole('link', { name: 'Birds', exact: true }).click();
    await expect(page).toHaveURL(/\/portfolio\/birds$/);
    await expect(page.getByRole('heading', { name: 'Birds Photography' })).toBeVisible();
    await expect.poll(() => page.locator('main a[href^="/photo/"]').count()).toBeLessThan(all);

    await openHydrated(page, '/faq');
    const item = page.locator('main details').first();
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open');

    await openHydrated(page, '/photo/1');
    await page.getByRole('button', { name: /full screen/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('group', { name: 'Print Options' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  // Storefront pages are islands (web/src/islands): a link to another is a plain navigation, and the
  // page that opens is the server's, finished: no skeleton, no read of its data from the browser.
  test('links between storefront pages open the next page finished by the server', async ({ page }) => {
    await openHydrated(page, '/');
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch' && /\/api\/photos/.test(request.url()))
        reads.push(request.url());
    });
    await page.getByRole('link', { name: 'View Full Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.locator('[aria-label="Loading photos"]')).toHaveCount(0);
    await expect(page.locator('main a[href^="/photo/"]').first()).toBeVisible();

    const href = await page.locator('main a[href^="/photo/"]').nth(1).getAttribute('href');
    await page.locator(`main a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
    await expect(page.locator('[aria-label="Loading photo"]')).toHaveCount(0);
    expect(reads).toEqual([]);
  });
});
