import type { Page } from '@playwright/test';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { photoWithOption, stamp } from './support/orders';
import { expectNoA11yViolations } from './support/axe';

// Issue 49, the Numbers tab at phone and desktop size: a paid order on a day of March 2019 (no
// other spec sells then), the range picked by hand, the revenue card, the chart and its table
// showing what the orders of that month were paid, to the cent, as stored.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/numbers-${name}.png`, fullPage: true });
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

for (const size of sizes) {
  test.describe(`admin numbers (${size.name})`, () => {
    test.use(size.use);

    test('the Numbers tab shows the revenue of a range, its chart and its table', async ({ page, db }) => {
      await signInAsOwner(page);
      const line = await photoWithOption(page);
      // paid at 3 pm on Mar 14, 2019 in New York: $95 + $10 shipping + $6.83 tax
      const [{ id: orderId }] = await db('orders')
        .insert({
          customer_name: `Numbers buyer ${stamp()}`,
          customer_email: 'numbers@example.com',
          shipping_address: '1 Main St\nWashington, DC 20001',
          subtotal_cents: 9500,
          shipping_cents: 1000,
          tax_cents: 683,
          total_cents: 11183,
          status: 'paid',
          fulfillment_status: 'paid',
          payment_provider: 'test',
          paid_at: new Date('2019-03-14T19:00:00Z'),
        })
        .returning('id');
      await db('order_line_items').insert({
        order_id: orderId,
        kind: 'print',
        photo_id: line.photoId,
        print_option_id: line.printOptionId,
        quantity: 1,
        price_cents: 9500,
        shipping_cents: 1000,
        title: 'Heron at Dawn',
        size: '8x10',
        format: 'Lustre Paper',
      });
      // what March 2019's paid orders came to (both sizes' orders once the second runs)
      const march = await db('orders')
        .whereIn('status', ['paid', 'partially_refunded', 'refunded'])
        .where('paid_at', '>=', new Date('2019-03-01T05:00:00Z'))
        .where('paid_at', '<', new Date('2019-04-01T04:00:00Z'))
        .select(db.raw('sum(total_cents - tenders_cents)::int as cents'), db.raw('count(*)::int as n'))
        .first();

      await page.goto('/admin/numbers');
      const tab = page.getByRole('tab', { name: 'Numbers', exact: true });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Numbers', level: 2 })).toBeVisible();

      await page.getByRole('combobox', { name: 'Range' }).click();
      await page.getByRole('option', { name: 'Custom' }).click();
      await page.getByLabel('From', { exact: true }).fill('2019-03-01');
      await page.getByLabel('To', { exact: true }).fill('2019-03-31');

      const totals = page.getByRole('list', { name: 'Totals' });
      await expect(totals.getByRole('listitem').filter({ hasText: 'Revenue' })).toContainText(
        usd(march.cents),
      );
      await expect(totals.getByRole('listitem').filter({ hasText: 'Orders' })).toContainText(String(march.n));

      const revenue = page.getByRole('region', { name: 'Revenue and orders by day' });
      await expect(revenue.getByRole('row')).toHaveCount(1 + 31);
      await expect(revenue.getByRole('row', { name: /^Mar 14 / })).toContainText(usd(march.cents));
      // the chart itself: a bar for each day of the range
      const chart = page.getByRole('figure', { name: /^Revenue by day, chart/ });
      await expect(chart.locator('svg').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Top photos' })).toContainText('Heron at Dawn');
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
        'href',
        '/api/admin/numbers.csv?from=2019-03-01&to=2019-03-31&grain=day',
      );
      await shot(page, `march-${size.name}`);
      await expectNoA11yViolations(page, { label: `numbers (${size.name})` });

      // by month: one period; an empty range says nothing sold
      await page.getByRole('combobox', { name: 'Group by' }).click();
      await page.getByRole('option', { name: 'Month' }).click();
      const monthly = page.getByRole('region', { name: 'Revenue and orders by month' });
      await expect(monthly.getByRole('row')).toHaveCount(2);
      await expect(monthly.getByRole('row', { name: /^Mar 2019 / })).toContainText(usd(march.cents));
      await page.getByLabel('From', { exact: true }).fill('2019-05-01');
      await page.getByLabel('To', { exact: true }).fill('2019-05-31');
      await expect(page.getByText('Nothing sold in this range')).toBeVisible();
      await shot(page, `empty-${size.name}`);

      // a range the server would refuse is said under its field; the last good range's figures stay
      await page.getByLabel('From', { exact: true }).fill('2019-06-01');
      await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible();
      await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Nothing sold in this range')).toBeVisible();
      await expect(page.getByText(/Failed to load numbers/)).toHaveCount(0);
      await page.getByLabel('From', { exact: true }).fill('');
      await expect(page.getByText('Choose a start date (YYYY-MM-DD).')).toBeVisible();
      await page.getByLabel('From', { exact: true }).fill('2019-03-01');
      await expect(page.getByText('The end date must be on or after the start date.')).toHaveCount(0);
      await expect(monthly.getByRole('row', { name: /^Mar 2019 / })).toContainText(usd(march.cents));
      await shot(page, `range-fixed-${size.name}`);
    });
  });
}
