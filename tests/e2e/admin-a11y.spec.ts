import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, test, sizes } from './support/fixtures';
import { openOrderDetails, placeOrder, stamp } from './support/orders';

// issue 22: axe-core (WCAG 2.1 A and AA) on every admin tab and its main dialogs, at phone and
// desktop size; any violation fails the test with its rule, the elements and what is wrong.

const tabs = [
  { path: 'dashboard', heading: 'Photos' },
  { path: 'sale-items', heading: 'Sale Items' },
  { path: 'about', heading: 'About Page' },
  { path: 'website-data', heading: 'Website Data' },
  { path: 'orders', heading: 'Orders' },
  { path: 'faqs', heading: 'FAQs' },
  { path: 'shipping-notice', heading: 'Temporary Shipping Notice' },
];

/** Waits until the screen has loaded its data (no skeletons, spinners or busy regions left). */
async function settled(page: Page) {
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"], [aria-busy="true"]')).toHaveCount(0);
}

for (const size of sizes) {
  test.describe(`admin accessibility (${size.name})`, () => {
    test.use(size.use);

    test.beforeEach(async ({ page }) => {
      await signInAsOwner(page);
    });

    test('every tab passes axe', async ({ page }) => {
      test.slow(); // seven screens scanned, then two more views
      for (const tab of tabs) {
        await page.goto(`/admin/${tab.path}`);
        await expect(page.getByRole('heading', { name: tab.heading, exact: true }).first()).toBeVisible();
        await settled(page);
        await expectNoA11yViolations(page, { label: `${tab.path} (${size.name})` });
      }
      // Website Data's second panel, and the shipping notice's preview while inactive (not dimmed).
      await page.goto('/admin/website-data');
      await page.getByRole('tab', { name: 'Site Logo' }).click();
      await settled(page);
      await expectNoA11yViolations(page, { label: `site logo (${size.name})` });

      await page.goto('/admin/shipping-notice');
      await settled(page);
      await page.getByLabel('First Line (Required)').fill('Orders placed after June 15 ship after July 1.');
      const toggle = page.getByRole('switch');
      if (await toggle.isChecked()) await toggle.uncheck();
      await expect(page.getByText('Preview (not shown while inactive)')).toBeVisible();
      await expectNoA11yViolations(page, { label: `inactive notice preview (${size.name})` });
    });

    test("the owner's numbers, cart reminders and newsletter pass axe", async ({ page }) => {
      for (const screen of [
        { path: 'numbers', heading: 'Numbers' },
        { path: 'orders/cart-reminders', heading: 'Cart Reminders' },
        { path: 'newsletter', heading: 'Newsletter' },
      ]) {
        await page.goto(`/admin/${screen.path}`);
        await expect(page.getByRole('heading', { name: screen.heading, exact: true }).first()).toBeVisible();
        await settled(page);
        await expectNoA11yViolations(page, { label: `${screen.path} (${size.name})` });
      }
    });

    test('the order dialogs pass axe', async ({ page }) => {
      const customer = `Ada ${stamp()}`;
      const orderId = await placeOrder(page, customer);
      const dialog = await openOrderDetails(page, customer, orderId);
      await expect(dialog.getByRole('term').filter({ hasText: 'Subtotal' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `order details (${size.name})` });

      await dialog.getByRole('combobox', { name: 'Fulfillment Status' }).click();
      await page.getByRole('option', { name: 'Shipped' }).click();
      const ship = page.getByRole('dialog', { name: `Ship order #${orderId}` });
      await expect(ship.getByRole('button', { name: 'Mark as shipped' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `ship dialog (${size.name})` });
    });

    test('an edit dialog, the add-photo page and the About editor pass axe', async ({ page }) => {
      await page.goto('/admin/faqs');
      await settled(page);
      await page.getByRole('button', { name: 'Add FAQ' }).click();
      await expect(page.getByRole('dialog', { name: 'Add FAQ' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `Add FAQ dialog (${size.name})` });

      await page.goto('/admin/add-photo');
      await expect(page.getByRole('heading', { name: 'Add New Photo' })).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: `add photo (${size.name})` });

      await page.goto('/admin/about');
      const editor = page.getByRole('textbox', { name: 'Main Bio' });
      await expect(editor).toBeVisible();
      await settled(page);
      // The toolbar's heading buttons are named by the text they show.
      const toolbar = page.getByRole('toolbar', { name: 'Main Bio' });
      for (const level of [2, 3, 4]) {
        await expect(toolbar.getByRole('button', { name: `H${level}`, exact: true })).toBeVisible();
      }
      await editor.click();
      await expectNoA11yViolations(page, { label: `About editor (${size.name})` });
    });
  });
}
