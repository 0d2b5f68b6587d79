import type { Page } from '@playwright/test';
import { expect, sizes, test } from './support/fixtures';

// Issue 51: the cart panel shows a line's whole title rather than cutting it off. The badge counts
// the cart's lines, as the spec says ("the number of cart lines"), and its name says the prints too.

/** Two photos with a print option each, from the public API. */
async function twoPrints(page: Page): Promise<{ photoId: number; printOptionId: number; title: string }[]> {
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: number }[];
  const found: { photoId: number; printOptionId: number; title: string }[] = [];
  for (const { id } of photos) {
    const detail = (await (await page.request.get(`/api/photos/${id}`)).json()) as {
      title: string;
      printOptions: { id: number }[];
    };
    if (detail.printOptions.length)
      found.push({ photoId: id, printOptionId: detail.printOptions[0].id, title: detail.title });
    if (found.length === 2) return found;
  }
  throw new Error('the e2e shop needs two photos with print options');
}

for (const size of sizes) {
  test.describe(`the cart (${size.name})`, () => {
    test.use(size.use);

    test('the badge counts lines, its name the prints too, and the panel shows every title whole', async ({
      page,
    }) => {
      const [a, b] = await twoPrints(page);
      for (const line of [a, a, b]) {
        const added = await page.request.post('/api/cart', {
          data: { photoId: line.photoId, printOptionId: line.printOptionId, quantity: 1 },
        });
        expect(added.ok()).toBe(true);
      }
      const cart = (await (await page.request.get('/api/cart')).json()) as { items: { quantity: number }[] };
      expect(cart.items.map((i) => i.quantity).sort()).toEqual([1, 2]);

      await page.goto('/about');
      const button = page.getByRole('button', { name: /^Open cart/ });
      await expect(button.getByTestId('cart-count')).toHaveText('2');
      await expect(button).toHaveAccessibleName('Open cart, 2 items (3 prints)');

      await button.click();
      const panel = page.getByRole('dialog', { name: 'Your Cart' });
      for (const { title } of [a, b]) {
        const link = panel.getByRole('link', { name: title, exact: true });
        await expect(link).toBeVisible();
        const clipped = await link.evaluate(
          (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        );
        expect(clipped, `"${title}" cut off`).toBe(false);
      }
    });
  });
}
