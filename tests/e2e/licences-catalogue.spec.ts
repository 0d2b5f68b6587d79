import { expect, sizes, test } from './support/fixtures';
import { photosForSale } from './support/orders';

// Issue 46, what a buyer reads before paying: the photo page offers "Prints" and "Downloads and
// licences" (closed at first, its comparison's script fetched only when opened); a licence's page.

for (const size of sizes) {
  test.describe(`downloads and licences (${size.name})`, () => {
    test.use(size.use);

    test('a buyer opens "Downloads and licences", compares them and reads a licence', async ({ page }) => {
      const [{ photoId }] = await photosForSale(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(`/photo/${photoId}`);
      await expect(page.getByText('Prints', { exact: true })).toBeVisible();
      const toggle = page.getByRole('button', { name: 'Downloads and licences' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((s) => s.includes('licence-compare'))).toEqual([]);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const licences = page.getByRole('list', { name: 'Licences' });
      await expect(licences.getByRole('heading', { name: 'Personal' })).toBeVisible();
      await expect(licences.getByRole('heading', { name: 'Editorial' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask me about this licence' })).toHaveAttribute(
        'href',
        '/contact',
      );
      expect(scripts.some((s) => s.includes('licence-compare'))).toBe(true);
      await page.getByRole('radio', { name: /Full resolution/ }).check();
      await expect(page.getByRole('button', { name: /^Add to Cart: Personal, \$35/ })).toBeEnabled();
      await page.screenshot({ path: `test-results/licences-${size.name}.png`, fullPage: true });

      await licences
        .getByRole('listitem')
        .filter({ hasText: 'Editorial' })
        .getByRole('link', { name: 'Read the licence' })
        .click();
      await expect(page).toHaveURL(/\/licences\/editorial$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Editorial' })).toBeVisible();
      await expect(page.getByText('Credit required')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the portfolio' })).toBeVisible();
    });
  });
}

test('an unknown licence is the not-found page', async ({ page }) => {
  const res = await page.goto('/licences/no-such-licence');
  expect(res?.status()).toBe(404);
});
