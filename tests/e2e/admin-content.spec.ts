import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signInAsOwner, test, sizes } from './support/fixtures';
import { photoWithOption, placeOrder, showAllOrders, stamp } from './support/orders';

// The owner's content tabs (About, Website Data, Orders, FAQs, Shipping Notice), each at phone and
// desktop size: the change is made in the admin, its toast shows, and the public site reflects it.

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

async function openTab(page: Page, path: string, heading: string) {
  await page.goto(`/admin/${path}`);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

for (const size of sizes) {
  test.describe(`admin content tabs (${size.name})`, () => {
    test.use(size.use);

    test.beforeEach(async ({ page }) => {
      await signInAsOwner(page);
    });

    test('About tab: the new bio shows on the About page', async ({ page }) => {
      const bio = `Bio written on the ${size.name} ${stamp()}`;
      await openTab(page, 'about', 'About Page');

      // Only JPG, PNG and WebP headshots are taken.
      await page.getByLabel('Headshot image').setInputFiles({
        name: 'headshot.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await expect(toast(page, 'Please choose a JPG, PNG or WebP image.')).toBeVisible();

      const headshot = await sharp({
        create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 120, b: 80 } },
      })
        .jpeg()
        .toBuffer();
      await page.getByLabel('Headshot image').setInputFiles({
        name: 'headshot.jpg',
        mimeType: 'image/jpeg',
        buffer: headshot,
      });
      await expect(page.getByRole('img', { name: 'New headshot preview' })).toBeVisible();

      const editor = page.getByRole('textbox', { name: 'Main Bio' });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(bio);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Success')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Current headshot' })).toBeVisible();

      await page.goto('/about');
      await expect(page.getByText(bio)).toBeVisible();
      // from its media files: the AVIF source where the browser reads it, the JPEG fallback on the <img>
      const portrait = page.getByRole('img', { name: /Portrait of/ });
      await expect(portrait).toHaveAttribute('src', /\/media\/\d+\/400\.jpg$/);
      await expect
        .poll(() =>
          portrait.evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc,
          ),
        )
        .toMatch(/\/media\/\d+\/400\.avif$/);
    });

    test('Website Data tab: a new category appears on the portfolio, then goes', async ({ page }) => {
      const id = `e2e${stamp()}`;
      const displayName = `Wetlands ${id.slice(-6)}`;
      await openTab(page, 'website-data', 'Website Data');
      await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');

      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      const submit = dialog.getByRole('button', { name: 'Add Category' });
      await expect(submit).toBeDisabled();
      await dialog.getByLabel('Category ID').fill(id);
      await expect(submit).toBeDisabled();
      await dialog.getByLabel('Display Name').fill('Wetland');
      await submit.click();
      await expect(toast(page, 'Category created successfully.')).toBeVisible();
      await expect(page.getByText(`ID: ${id}`)).toBeVisible();

      await page.getByRole('button', { name: 'Edit Wetland', exact: true }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Category' });
      await expect(editDialog.getByLabel('Category ID')).toHaveValue(id);
      await editDialog.getByLabel('Display Name').fill(displayName);
      await editDialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Category updated successfully.')).toBeVisible();

      await page.goto('/portfolio');
      await expect(page.getByRole('link', { name: displayName })).toBeVisible();

      await openTab(page, 'website-data', 'Website Data');
      await page.getByRole('button', { name: `Delete ${displayName}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Category' });
      await expect(
        confirm.getByText('Are you sure you want to delete this category? This action cannot be undone.'),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Category deleted successfully.')).toBeVisible();
      await expect(page.getByText(`ID: ${id}`)).toBeHidden();
    });

    test('Website Data tab: an uploaded logo shows in the header', async ({ page }) => {
      await openTab(page, 'website-data', 'Website Data');
      await page.getByRole('tab', { name: 'Site Logo' }).click();
      const update = page.getByRole('button', { name: 'Update Logo' });
      await expect(update).toBeDisabled();

      const logo = await sharp({
        create: { width: 900, height: 300, channels: 4, background: { r: 46, g: 75, b: 60, alpha: 1 } },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel('Logo file')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible();
      await update.click();
      await expect(toast(page, 'Logo updated successfully.')).toBeVisible();
      // Selection and preview are cleared; the stored logo shows instead.
      await expect(page.getByRole('img', { name: 'Current site logo' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change Logo' })).toBeVisible();
      await expect(update).toBeDisabled();

      await page.goto('/');
      // the header shows it from its media files (AVIF here; PNG for browsers without AVIF)
      const shown = page.locator('header picture img').first();
      await expect(shown).toBeVisible();
      await expect
        .poll(() =>
          shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
        )
        .toMatch(/\/media\/\d+\/thumb\.avif$/);
    });

    test('Orders tab: fulfillment status changes from the list and the details', async ({ page }) => {
      const customer = `Mary ${stamp()}`;
      const orderId = await placeOrder(page, customer);
      await openTab(page, 'orders', 'Orders');
      await showAllOrders(page); // the order is unpaid: the list shows paid orders by default

      await page.getByLabel('Search orders').fill(customer);
      if (size.name === 'desktop') {
        const table = page.getByRole('table', { name: 'Orders' });
        await expect(table.getByRole('columnheader')).toHaveText([
          'Order #',
          'Date',
          'Customer',
          'Total',
          'Payment Status',
          'Fulfillment Status',
        ]);
        const row = table.getByRole('row').filter({ hasText: customer });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(/ago|just now/);
        await row.getByRole('combobox', { name: `Fulfillment status of order #${orderId}` }).click();
        await page.getByRole('option', { name: 'Shipped' }).click();
        // issue 13: 'shipped' first asks for the (optional) carrier and tracking number
        await page
          .getByRole('dialog', { name: `Ship order #${orderId}` })
          .getByRole('button', { name: 'Mark as shipped' })
          .click();
        await expect(toast(page, 'Status updated')).toBeVisible();
        await expect(page.getByRole('dialog')).toBeHidden();
        await row.getByRole('button', { name: `Order #${orderId} details` }).click();
      } else {
        await expect(page.getByRole('table')).toHaveCount(0);
        const card = page.getByRole('listitem').filter({ hasText: customer });
        await expect(card).toHaveCount(1);
        await card.getByRole('combobox', { name: 'Fulfillment Status' }).click();
        await page.getByRole('option', { name: 'Shipped' }).click();
        await page
          .getByRole('dialog', { name: `Ship order #${orderId}` })
          .getByRole('button', { name: 'Mark as shipped' })
          .click();
        await expect(toast(page, 'Status updated')).toBeVisible();
        await card.getByRole('button', { name: `Order #${orderId} details` }).click();
      }

      const dialog = page.getByRole('dialog', { name: 'Order Details' });
      await expect(dialog.getByText('Review and manage this order.')).toBeVisible();
      await expect(dialog.getByText(`#${orderId}`, { exact: true })).toBeVisible();
      await expect(dialog.getByText(customer)).toBeVisible();
      await expect(dialog.getByText('Silver Spring, MD 20904')).toBeVisible();
      await expect(dialog.getByText('Subtotal', { exact: true }).first()).toBeVisible();
      const select = dialog.getByRole('combobox', { name: 'Fulfillment Status' });
      await expect(select).toHaveText('Shipped');
      await select.click();
      await page.getByRole('option', { name: 'Completed' }).click();
      await expect(toast(page, 'Fulfillment status updated')).toBeVisible();

      const stored = await page.request.get(`/api/admin/orders/${orderId}`);
      expect(
        ((await stored.json()) as { order: { fulfillmentStatus: string } }).order.fulfillmentStatus,
      ).toBe('completed');
    });

    test('FAQs tab: added and reordered FAQs show in that order on /faq', async ({ page }) => {
      const tag = stamp();
      const first = `Do you ship framed prints (${tag})?`;
      const second = `Can I visit the refuge with you (${tag})?`;
      await openTab(page, 'faqs', 'FAQs');

      for (const [question, answer] of [
        [first, 'Not yet: every print ships unframed, flat and well protected.'],
        [second, 'Guided walks are not offered, but the refuge is open to everyone.'],
      ]) {
        await page.getByRole('button', { name: 'Add FAQ' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add FAQ' });
        await dialog.getByLabel('Question').fill('   ');
        await dialog.getByLabel('Answer').fill(answer);
        await dialog.getByRole('button', { name: 'Add FAQ' }).click();
        await expect(dialog.getByText('Question and answer are required')).toBeVisible();
        await dialog.getByLabel('Question').fill(question);
        await dialog.getByRole('button', { name: 'Add FAQ' }).click();
        await expect(toast(page, 'FAQ Added')).toBeVisible();
        await expect(dialog).toBeHidden();
      }

      await page.getByRole('button', { name: `Move "${second}" up` }).click();
      await expect(toast(page, 'FAQs Reordered')).toBeVisible();

      await page.goto('/faq');
      const questions = page.getByRole('heading', { level: 2 });
      await expect(questions.filter({ hasText: first })).toBeVisible();
      const texts = await questions.allTextContents();
      expect(texts.indexOf(second)).toBeGreaterThanOrEqual(0);
      expect(texts.indexOf(second)).toBeLessThan(texts.indexOf(first));

      await openTab(page, 'faqs', 'FAQs');
      await page.getByRole('button', { name: `Edit "${first}"` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
      await edit.getByLabel('Answer').fill('Framing is coming soon.');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'FAQ Updated')).toBeVisible();

      page.once('dialog', (confirmDialog) => {
        expect(confirmDialog.message()).toBe('Are you sure you want to delete this FAQ?');
        void confirmDialog.accept();
      });
      await page.getByRole('button', { name: `Delete "${second}"` }).click();
      await expect(toast(page, 'FAQ Deleted')).toBeVisible();
      await expect(page.getByText(second)).toBeHidden();
    });

    test('Shipping Notice tab: an active notice shows on a photo page', async ({ page }) => {
      const line1 = `Orders placed after June 20 ship after July 5 (${stamp()}).`;
      const line2 = `Thank you for your patience (${size.name}).`;
      await openTab(page, 'shipping-notice', 'Temporary Shipping Notice');

      const first = page.getByLabel('First Line (Required)');
      await first.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('First line of notice is required.')).toBeVisible();

      const toggle = page.getByRole('switch');
      if (!(await toggle.isChecked())) await toggle.click();
      await expect(page.getByText('Notice is active')).toBeVisible();
      await first.fill(line1);
      await page.getByLabel('Second Line (Optional)').fill(line2);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Shipping notice has been updated')).toBeVisible();

      const { photoId } = await photoWithOption(page);
      await page.goto(`/photo/${photoId}`);
      const notice = page.getByRole('note', { name: 'Shipping notice' }).first();
      await expect(notice).toContainText(line1);
      await expect(notice).toContainText(line2);

      // Filled from the stored notice on the next visit.
      await openTab(page, 'shipping-notice', 'Temporary Shipping Notice');
      await expect(page.getByLabel('First Line (Required)')).toHaveValue(line1);
    });
  });
}
