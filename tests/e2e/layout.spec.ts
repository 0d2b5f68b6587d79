import { expect, phone, test } from './support/fixtures';

test.describe('global layout on a desktop', () => {
  test('the header links to every public page and the footer names the photographer', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [
      ['Home', '/'],
      ['Portfolio', '/portfolio'],
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await expect(page.getByRole('button', { name: /cart/i })).toBeVisible();
    // no PHOTOGRAPHER_NAME on the e2e server: the shop's name
    await expect(page.locator('footer')).toContainText(
      `© ${new Date().getFullYear()} Refuge Light Photography`,
    );
  });

  test('the header turns opaque once the page is scrolled more than 10 pixels', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(page.getByRole('heading', { name: 'Featured Work' })).toBeAttached();
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, 400);
    await expect(header).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test.describe('global layout on a phone', () => {
  test.use(phone);

  test('the mobile menu opens and closes on every route change', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  });
});
