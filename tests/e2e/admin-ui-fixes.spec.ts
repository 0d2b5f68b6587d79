import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, phone, signInAsOwner, test, sizes } from './support/fixtures';
import { openOrderDetails, placeOrder, stamp } from './support/orders';

// issue 22, items 8-10: toasts never cover a dialog's title, close button or actions (nor the
// header); dialogs keep their side padding on a phone; the logo is clearly not saved until
// 'Update Logo'; the job queues open inside the admin, with a way back and no third-party request.

type Box = { x: number; y: number; width: number; height: number };

/** Its box, once it has one (a toast moves into the cart's top-layer dialog as that opens). */
async function boxOf(locator: Locator): Promise<Box> {
  let box: Box | null = null;
  await expect
    .poll(async () => (box = await locator.boundingBox()), { message: 'element has a box' })
    .not.toBeNull();
  return box as unknown as Box;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
}

/** The toast showing (by its element: an open MUI dialog hides the rest of the page from roles). */
function toastItem(page: Page, text: string): Locator {
  return page
    .locator('section[aria-label^="Notifications"] :is([role=status], [role=alert]) > div')
    .filter({ hasText: text });
}

/** Waits until the toast is fully shown and placed, then checks it covers none of `targets`. */
async function expectToastClear(page: Page, text: string, targets: Record<string, Locator>) {
  const toast = toastItem(page, text);
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const toastBox = await boxOf(toast);
  for (const [name, target] of Object.entries(targets)) {
    const box = await boxOf(target);
    expect(
      overlap(toastBox, box),
      `toast ${JSON.stringify(toastBox)} covers ${name} ${JSON.stringify(box)}`,
    ).toBe(false);
  }
}

for (const size of sizes) {
  test.describe(`admin dialogs and toasts (${size.name})`, () => {
    test.use(size.use);

    test('a toast never covers an open dialog title, close button or actions', async ({ page }) => {
      await signInAsOwner(page);
      const customer = `Toast ${stamp()}`;
      const orderId = await placeOrder(page, customer);
      const details = await openOrderDetails(page, customer, orderId);

      await details.getByRole('combobox', { name: 'Fulfillment Status' }).click();
      await page.getByRole('option', { name: 'Completed' }).click();
      await expectToastClear(page, 'Fulfillment status updated', {
        'the details title': details.getByRole('heading', { name: 'Order Details' }),
        'the close button': details.getByRole('button', { name: 'Close order details' }),
      });

      // The ship dialog opens on top while the toast still shows: the toast moves off it too.
      await details.getByRole('combobox', { name: 'Fulfillment Status' }).click();
      await page.getByRole('option', { name: 'Shipped' }).click();
      const ship = page.getByRole('dialog', { name: `Ship order #${orderId}` });
      const actions = ship.locator('.MuiDialogActions-root');
      await expect(actions.getByRole('button', { name: 'Mark as shipped' })).toBeVisible();
      await expectToastClear(page, 'Fulfillment status updated', {
        'the ship title': ship.getByRole('heading', { name: `Ship order #${orderId}` }),
        'the ship actions': actions,
      });

      await page.screenshot({ path: test.info().outputPath('toast-over-ship-dialog.png') });
      // Same side padding as on a desktop: the buttons keep 24 px from the dialog's (or screen's) edge.
      const paper = await boxOf(ship);
      for (const name of ['Cancel', 'Mark as shipped']) {
        const button = await boxOf(actions.getByRole('button', { name }));
        expect(button.x).toBeGreaterThanOrEqual(paper.x + 24 - 0.5);
        expect(button.x + button.width).toBeLessThanOrEqual(paper.x + paper.width - 24 + 0.5);
      }
      await expect(actions).toHaveCSS('padding-left', '24px');
      await expect(actions).toHaveCSS('padding-right', '24px');
      await expect(ship.getByRole('heading', { name: `Ship order #${orderId}` })).toHaveCSS(
        'padding-left',
        '24px',
      );
      await actions.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(ship).toBeHidden();
    });

    test('a toast stays off the admin header and the cart panel title, close and checkout', async ({
      page,
    }) => {
      await signInAsOwner(page);
      await page.goto('/admin/shipping-notice');
      await page.getByLabel('First Line (Required)').fill(`Ships within a week (${stamp()}).`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastClear(page, 'Shipping notice has been updated', {
        'the admin bar': page.locator('header'),
      });

      await page.goto('/portfolio');
      const cards = page.locator('main a[href^="/photo/"]');
      await cards.first().click();
      await expect(page).toHaveURL(/\/photo\/\d+$/);
      await page.getByRole('group', { name: 'Print Options' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await expect(cart.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      await expectToastClear(page, 'Added to cart', {
        'the cart title': cart.getByRole('heading', { name: 'Your Cart' }),
        'the close button': cart.getByRole('button', { name: 'Close cart' }),
        'the checkout button': cart.getByRole('button', { name: 'Proceed to Checkout' }),
      });
    });
  });
}

test.describe('logo (phone)', () => {
  test.use(phone);

  test('a chosen logo is shown on the dark hero, marked not saved, and saved by Update Logo', async ({
    page,
  }) => {
    await signInAsOwner(page);
    await page.goto('/admin/website-data');
    await page.getByRole('tab', { name: 'Site Logo' }).click();
    const update = page.getByRole('button', { name: 'Update Logo' });
    await expect(update).toBeDisabled();

    // A dark logo: it would vanish on the hero, which the preview shows before saving.
    const logo = await sharp({
      create: { width: 900, height: 300, channels: 4, background: { r: 20, g: 30, b: 25, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'dark-logo.png', mimeType: 'image/png', buffer: logo });

    await expect(page.getByRole('status').filter({ hasText: 'This logo is not saved yet.' })).toBeVisible();
    await expect(update).toBeEnabled();
    await expect(update).toBeFocused();
    await expect(update).toHaveClass(/MuiButton-contained/);
    await expect(page.getByRole('button', { name: /Upload Logo|Change Logo/ })).toHaveClass(
      /MuiButton-outlined/,
    );
    const onHero = page.getByRole('img', { name: 'The new logo on the dark hero' });
    await expect(onHero).toBeVisible();
    await expect(page.getByText('On the home page hero', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('logo-not-saved.png'), fullPage: true });
    const heroBackground = await onHero.evaluate(
      (img) => getComputedStyle(img.parentElement!).backgroundImage,
    );
    expect(heroBackground).toContain('radial-gradient');

    await update.click();
    await expect(
      page.locator('section[aria-label^="Notifications"]').getByText('Logo updated successfully.'),
    ).toBeVisible();
    await expect(page.getByText('This logo is not saved yet.')).toBeHidden();
    await expect(page.getByRole('img', { name: 'Current site logo' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'The current logo on the dark hero' })).toBeVisible();

    // The storefront's hero shows the saved logo.
    const saved = (await (await page.request.get('/api/logo')).json()) as { logoUrl: string };
    await page.goto('/');
    const heroLogo = page.getByRole('region', { name: 'Welcome' }).getByRole('img').last();
    await expect(
      page.getByRole('region', { name: 'Welcome' }).locator(`img[src="${saved.logoUrl}"]`),
    ).toBeVisible();
    expect(await heroLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

for (const size of sizes) {
  test.describe(`jobs (${size.name})`, () => {
    test.use(size.use);

    test('the job queues open inside the admin with a way back, asking no other host', async ({ page }) => {
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const { hostname } = new URL(request.url());
        if (!['localhost', '127.0.0.1'].includes(hostname) && !request.url().startsWith('data:'))
          elsewhere.push(request.url());
      });
      await signInAsOwner(page);
      if (size.name === 'desktop') {
        await page.getByRole('link', { name: 'Jobs', exact: true }).click();
        await expect(page).toHaveURL(/\/admin\/jobs$/);
      } else {
        await page.goto('/admin/jobs');
      }
      await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
      const board = page.frameLocator('iframe[title="Job queues"]');
      await expect(board.getByText('media', { exact: true }).first()).toBeVisible();
      // The board's own page links no third-party stylesheet (its Google Fonts link is removed).
      const html = await (await page.request.get('/api/admin/queues')).text();
      expect(html).not.toMatch(/fonts\.googleapis|https?:\/\//);

      await page.screenshot({ path: test.info().outputPath('jobs.png') });
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(elsewhere).toEqual([]);
    });
  });
}
