import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { photosForSale } from './support/orders';

// Offline: visited pages and their images work without network; the app says
// so and refuses what needs the network, with a clear message.

const OFFLINE_BANNER =
  'You are offline. Pages you have visited still work; ordering and sending messages need a connection.';
const OFFLINE_MESSAGE = 'You are offline. Please reconnect and try again.';

/** Resolves once some <img> in main shows a real photo (a media file or the API's), not 'No Image'. */
async function expectPhotoShown(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.locator('main img').evaluateAll((imgs) =>
          imgs.some((img) => {
            const image = img as HTMLImageElement;
            return (
              /\/media\/\d+\/|\/api\/photos\/\d+\/(image|thumbnail)/.test(image.currentSrc) &&
              image.naturalWidth > 0
            );
          }),
        ),
      { message: 'a photo image has loaded' },
    )
    .toBe(true);
}

test('visited pages, their photos and the FAQ still work offline; ordering waits for the network', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);

  // Online: the service worker installs, then controls the page after one reload.
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await expectPhotoShown(page);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPhotoShown(page);
  // a photo offered as a print (not simply the first listed: see photosForSale)
  const [{ photoId }] = await photosForSale(page);
  const photoPath = `/photo/${photoId}`;
  await page.goto(photoPath!);
  const photoTitle = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(photoTitle).not.toBe('');
  await expectPhotoShown(page);
  await page.goto('/faq');
  const faqHeading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(faqHeading).not.toBe('');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toHaveCount(0);

  // Offline: a reload and every visited page still work, with their photos, and the app says so.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: faqHeading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();

  await page.goto('/');
  await expectPhotoShown(page);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPhotoShown(page);

  await page.goto(photoPath!);
  await expect(page.getByRole('heading', { level: 1, name: photoTitle })).toBeVisible();
  await expectPhotoShown(page);

  // Ordering needs the network: the button is disabled and says why.
  const option = page.getByRole('group', { name: 'Print Options' }).getByRole('button').first();
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
  const addButton = page.getByRole('button', { name: 'Add to Cart' });
  await expect(addButton).toBeDisabled();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();

  // Back online: the banner goes and adding to the cart works again.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
});
