import type { Page } from '@playwright/test';
import { expect, sizes, test } from './support/fixtures';

// Issue 34, items 11 and 13: an unknown category is the not-found page with status 404 (not
// 'Nonexistent Photography'); portfolio cards crop a portrait photo at its focal point
// (verticalPosition), in the server's HTML and after hydration alike.

/** Console errors and warnings (hydration mismatches among them) and uncaught errors of a page. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !/Service ?Worker|preloaded using link preload|status of 404/i.test(text)
    )
      problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Marks when the app has hydrated (app/app-ready.tsx dispatches the event). */
async function flagHydration(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { wfAppReady: boolean };
    w.wfAppReady = false;
    window.addEventListener('wildframe:app-ready', () => (w.wfAppReady = true), { once: true });
  });
}
const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { wfAppReady: boolean }).wfAppReady);

for (const size of sizes) {
  test.describe(`portfolio pages (${size.name})`, () => {
    test.use(size.use);

    test('an unknown category answers 404 with the not-found page', async ({ page }) => {
      const problems = collectProblems(page);
      await flagHydration(page);
      const response = await page.goto('/portfolio/nonexistent');
      expect(response?.status()).toBe(404);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
      await expect(page).toHaveTitle('404 Page Not Found');
      await expect(page.getByText('Nonexistent Photography')).toHaveCount(0);
      await expect(page.getByText('Explore my collection of photographs for sale.')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);

      // a known category in other letters goes to its own address
      const moved = await page.goto('/portfolio/Birds');
      expect(moved?.status()).toBe(200);
      await expect(page).toHaveURL(/\/portfolio\/birds$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Birds Photography' })).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('a portrait card is cropped at its focal point near the top, rendered and hydrated alike', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      const photos = (await (await page.request.get('/api/photos')).json()) as {
        id: number;
        title: string;
        width: number;
        height: number;
        verticalPosition: number;
      }[];
      const egret = photos.find((p) => p.title === 'Snowy Egret Portrait')!;
      expect(egret.height).toBeGreaterThan(egret.width); // a portrait
      expect(egret.verticalPosition).toBeLessThanOrEqual(25); // its focal point: the head, near the top
      const position = `50% ${egret.verticalPosition}%`;

      // the server's HTML already crops it there (no shift when the app takes over)
      const html = await (
        await page.request.get('/portfolio/birds', { headers: { accept: 'text/html' } })
      ).text();
      const tag = /<img[^>]*alt="Snowy Egret Portrait"[^>]*>/.exec(html)?.[0] ?? '';
      expect(tag).toContain(`object-position:${position}`);

      await flagHydration(page);
      await page.goto('/portfolio/birds');
      await hydrated(page);
      const card = page.locator(`main a[href="/photo/${egret.id}"]`);
      const img = card.locator('img');
      await expect(img).toHaveCSS('object-position', position);
      await expect(img).toHaveCSS('object-fit', 'cover');

      // The egret's head is drawn at 12 % of the photo's height: inside the card's crop. (Its image
      // loads lazily: photos other specs added may put the card below a phone's fold.)
      await card.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
      const shown = await img.evaluate((el: HTMLImageElement, headAt) => {
        const box = el.getBoundingClientRect();
        const scale = Math.max(box.width / el.naturalWidth, box.height / el.naturalHeight);
        const [, y] = getComputedStyle(el)
          .objectPosition.split(' ')
          .map((v) => parseFloat(v) / 100);
        const offset = (box.height - el.naturalHeight * scale) * y;
        return (headAt * el.naturalHeight * scale + offset) / box.height;
      }, 0.12);
      expect(shown, 'where the head is in the card, as a fraction of its height').toBeGreaterThanOrEqual(0);
      expect(shown).toBeLessThan(0.5);
      await page.screenshot({ path: test.info().outputPath(`egret-card-${size.name}.png`) });

      // every card: the crop of its own photo's focal point
      for (const link of await page.locator('main a[href^="/photo/"]').all()) {
        const id = Number((await link.getAttribute('href'))!.split('/').pop());
        const photo = photos.find((p) => p.id === id)!;
        await expect(link.locator('img')).toHaveCSS('object-position', `50% ${photo.verticalPosition}%`);
      }
      expect(problems).toEqual([]);
    });
  });
}
