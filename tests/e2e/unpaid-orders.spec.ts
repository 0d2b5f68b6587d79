import type { Page } from '@playwright/test';
import { expect, outboxMails, signInAsOwner, test, sizes } from './support/fixtures';
import { TEST_CARDS, addPrintToCart, fillDetails, payWithCard, uniqueEmail } from './support/checkout';
import { placeOrder, stamp } from './support/orders';

// Unpaid orders (issue 21, items 3 and 4), at phone and desktop size: a declined card and a retry
// in one browser session make one order; an unpaid order marked shipped warns the owner and mails
// its buyer nothing.

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });

for (const size of sizes) {
  const desktop = size.name === 'desktop';
  test.describe(`unpaid orders (${size.name})`, () => {
    test.use(size.use);

    test('a declined card, then the test card after editing the details, is one paid order', async ({
      page,
      db,
    }) => {
      const total = await addPrintToCart(page);
      const email = uniqueEmail('retry');
      await page.goto('/checkout');
      await fillDetails(page, email);
      await payWithCard(page, TEST_CARDS.declined, total);
      const paymentForm = page.getByRole('form', { name: 'Payment' });
      await expect(paymentForm.getByRole('alert')).toHaveText('Your card was declined.');

      // back to the details (the buyer fixes the name), then on to pay again
      await page.getByRole('button', { name: 'Edit details' }).click();
      const details = page.getByRole('form', { name: 'Your details' });
      await details.getByLabel('Full Name').fill('Rachel L. Carson');
      await details.getByRole('button', { name: 'Continue to Payment' }).click();
      await payWithCard(page, TEST_CARDS.success, total);
      await expect(page.getByText('Payment Successful').first()).toBeVisible();

      await expect
        .poll(async () => (await db('orders').where({ customer_email: email })).map((o) => o.status), {
          timeout: 20_000,
        })
        .toEqual(['paid']);
      const [order] = await db('orders').where({ customer_email: email });
      expect(order.customer_name).toBe('Rachel L. Carson');

      // the owner sees one row for the purchase
      await signInAsOwner(page);
      await page.goto('/admin/orders');
      await page.getByLabel('Search orders').fill(email);
      const entries = desktop
        ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: email })
        : page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: email });
      await expect(entries).toHaveCount(1);
      await expect(entries.getByRole('button', { name: `Order #${order.id} details` })).toBeVisible();
    });

    test('an unpaid order is listed on request; marked shipped, it warns the owner and mails nothing', async ({
      page,
      db,
    }) => {
      const customer = `Unpaid ${stamp()}`;
      const orderId = await placeOrder(page, customer);
      await signInAsOwner(page);
      await page.goto('/admin/orders');
      await page.getByLabel('Search orders').fill(customer);
      // not among the paid orders...
      await expect(page.getByText('No orders match this search.')).toBeVisible();
      // ...but among the unpaid attempts
      await page.getByRole('combobox', { name: 'Payment', exact: true }).click();
      await page.getByRole('option', { name: 'Unpaid attempts' }).click();
      const entry = desktop
        ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: customer })
        : page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: customer });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText('Pending', { exact: true })).toBeVisible();

      const select = entry.getByRole('combobox', {
        name: desktop ? `Fulfillment status of order #${orderId}` : 'Fulfillment Status',
      });
      await select.click();
      await page.getByRole('option', { name: 'Shipped' }).click();
      const dialog = page.getByRole('dialog', { name: `Ship order #${orderId}` });
      await expect(dialog.getByRole('alert')).toHaveText(
        'This order is unpaid (payment pending). The buyer will not be e-mailed.',
      );
      await expect(dialog.getByText('The buyer gets an e-mail')).toHaveCount(0);
      await dialog.getByLabel('Tracking number').fill('9400111899223344556677');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(toast(page, 'Status updated')).toBeVisible();
      await expect(select).toHaveText('Shipped');

      const row = await db('orders').where({ id: orderId }).first();
      expect(row).toMatchObject({ fulfillment_status: 'shipped', tracking_number: '9400111899223344556677' });
      // nothing told the buyer: no event to mail about, no e-mail written, none sent
      expect(row.shipped_notified_at).toBeNull();
      const shippedEvents = await db('domain_events')
        .where({ name: 'order.shipped' })
        .whereRaw("payload->>'orderId' = ?", [String(orderId)]);
      expect(shippedEvents).toEqual([]);
      await page.waitForTimeout(1500);
      expect(await db('outbound_emails').where('subject', 'like', `%#${orderId})%`)).toEqual([]);
      expect(outboxMails().filter((m) => m.includes(`(#${orderId})`))).toEqual([]);
    });
  });
}
