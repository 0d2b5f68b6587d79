import type { Locator, Page } from '@playwright/test';
import {
  TEST_CARDS,
  addPrintToCart,
  createPromotion,
  decodedMails,
  ensureTaxIn,
  fillAddress,
  payWithCard,
  signInOwnerApi,
  usd,
  type BuyerAddress,
} from './support/checkout';
import { expectNoA11yViolations } from './support/axe';
import { expect, test, sizes } from './support/fixtures';
import { stamp } from './support/orders';

// Issue 25, items 3 and 6: a buyer applies a promotion code at checkout and pays with a DC address
// (DC's 6.5 %, shipping taxed); the summary, the 'Pay {total}' button, the confirmation e-mail and
// the buyer's order page show the same discount, tax and total to the cent.

const DC: BuyerAddress = { line1: '1350 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip: '20004' };
const INVALID = 'This promotion code is not valid.';

/** A minus sign as the summary and e-mails write it (U+2212), or a hyphen. */
const minus = (amount: string) => new RegExp(`^[\u2212-]${amount.replace(/[$.]/g, '\\$&')}$`);

/** The figure of a totals row whose label is exactly `label` (the summary's rows are two paragraphs). */
function figure(summary: Locator, label: string): Locator {
  return summary.locator(`div:has(> p:text-is("${label}"))`).locator('p').last();
}

/** The amount beside a term of the order page's totals. */
function entry(page: Page, label: string): Locator {
  return page
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()$.]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The money as the server computes it (cents, half up): 20 % off the prints, DC tax on the rest and shipping. */
function expected(subtotal: number, shipping: number) {
  const s = Math.round(subtotal * 100);
  const h = Math.round(shipping * 100);
  const discount = Math.floor((s * 20 + 50) / 100);
  const tax = Math.floor(((s - discount + h) * 65_000 + 500_000) / 1_000_000);
  const total = s - discount + h + tax;
  return {
    discount: usd.format(discount / 100),
    tax: usd.format(tax / 100),
    total: usd.format(total / 100),
    totalDollars: total / 100,
  };
}

for (const size of sizes) {
  test.describe(`checkout with a promotion code and DC sales tax (${size.name})`, () => {
    test.use(size.use);

    test('a buyer applies a code and pays with a DC address: summary, pay button, e-mail and order page agree', async ({
      page,
      playwright,
      baseURL,
      db,
    }) => {
      test.setTimeout(120_000);
      // the owner: DC's preset (6.5 %, shipping taxed) and a 20 % code, through the admin API
      const owner = await playwright.request.newContext({ baseURL });
      await signInOwnerApi(owner);
      await ensureTaxIn(owner, 'DC', '6.5', true);
      const code = `MARSH20-${stamp()}`.toUpperCase();
      await createPromotion(owner, { code, kind: 'percent', percentOff: 20 });
      await owner.dispose();

      await addPrintToCart(page);
      const cart = (await (await page.request.get('/api/cart')).json()) as {
        subtotal: number;
        shipping: number;
        total: number;
      };
      const want = expected(cart.subtotal, cart.shipping);
      const email = `marsh+${stamp()}@example.com`;

      await page.goto('/checkout');
      await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
      await expect(figure(summary, 'Tax')).toHaveText('Calculated from your address');

      // an invalid code: its sentence under the field, and nothing changes
      await summary.getByRole('button', { name: 'Have a promotion code?' }).click();
      const field = summary.getByLabel('Promotion code');
      await expect(field).toBeFocused();
      await field.fill(`NOPE-${stamp()}`);
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(field).toHaveAccessibleDescription(INVALID);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(summary.getByText(/^Discount/)).toHaveCount(0);
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
      await summary.screenshot({ path: `/tmp/wf/shots/checkout-summary-invalid-code-${size.name}.png` });
      await expectNoA11yViolations(page, { label: `checkout, a refused code (${size.name})` });

      // the code, typed in lower case: the discount shows with the code and 'Remove'
      await field.fill(code.toLowerCase());
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(figure(summary, `Discount (${code})`)).toHaveText(minus(want.discount));
      await expect(summary.getByText('20% off')).toBeVisible();
      const remove = summary.getByRole('button', { name: 'Remove' });
      await expect(remove).toBeFocused();
      await expect(page.getByText(INVALID)).toHaveCount(0);

      // removed, then applied again
      await remove.click();
      await expect(summary.getByText(/^Discount/)).toHaveCount(0);
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
      await summary.getByRole('button', { name: 'Have a promotion code?' }).click();
      await summary.getByLabel('Promotion code').fill(code);
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(figure(summary, `Discount (${code})`)).toHaveText(minus(want.discount));

      // a DC address: the tax line, its amount and the total with tax
      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByLabel('Full Name').fill('Rachel Carson');
      await form.getByLabel('Email').fill(email);
      await fillAddress(page, DC);
      await expect(figure(summary, 'Tax (DC 6.5%)')).toHaveText(want.tax);
      await expect(figure(summary, 'Total')).toHaveText(want.total);
      await expect(figure(summary, 'Subtotal')).toHaveText(usd.format(cart.subtotal));
      await expect(figure(summary, 'Shipping')).toHaveText(usd.format(cart.shipping));
      await expectNoA11yViolations(page, { label: `checkout with a code and DC tax (${size.name})` });
      await summary.scrollIntoViewIfNeeded();
      await summary.screenshot({ path: `/tmp/wf/shots/checkout-summary-code-tax-${size.name}.png` });
      await page.screenshot({
        path: `/tmp/wf/shots/checkout-code-tax-page-${size.name}.png`,
        fullPage: true,
      });

      // a reload keeps the code and the address
      await page.reload();
      await expect(figure(summary, `Discount (${code})`)).toHaveText(minus(want.discount));
      await expect(figure(summary, 'Tax (DC 6.5%)')).toHaveText(want.tax);
      await expect(figure(summary, 'Total')).toHaveText(want.total);

      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
      const payButton = page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay / });
      await expect(payButton).toHaveText(`Pay ${want.total}`);
      // the payment step's summary is the placed order's: the same figures, the code no longer editable
      await expect(figure(summary, 'Total')).toHaveText(want.total);
      await expect(figure(summary, 'Tax (DC 6.5%)')).toHaveText(want.tax);
      await expect(summary.getByRole('button', { name: 'Remove' })).toHaveCount(0);
      await page.screenshot({
        path: `/tmp/wf/shots/checkout-code-tax-payment-${size.name}.png`,
        fullPage: true,
      });
      // a reload stays on the payment step of this order (its total is not the cart's)
      await page.reload();
      await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
      await expect(payButton).toHaveText(`Pay ${want.total}`);
      await expect(figure(summary, `Discount (${code})`)).toHaveText(minus(want.discount));

      // what is stored and charged
      const order = await db('orders').where({ customer_email: email }).first();
      expect(order).toMatchObject({
        promotion_code: code,
        discount_cents: Math.round(Number(want.discount.slice(1)) * 100),
        tax_cents: Math.round(Number(want.tax.slice(1)) * 100),
        tax_state: 'DC',
        total_cents: Math.round(want.totalDollars * 100),
      });

      await payWithCard(page, TEST_CARDS.success, want.totalDollars);
      await expect(page.getByText('Payment Successful').first()).toBeVisible();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(async () => (await db('orders').where({ id: order.id }).first()).status, { timeout: 20_000 })
        .toBe('paid');

      // the confirmation e-mail: the same three figures
      let mail: string | undefined;
      await expect
        .poll(
          () => {
            mail = decodedMails().find((m) => m.includes(`To: ${email}`) && m.includes(`#${order.id}`));
            return Boolean(mail);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(mail).toContain(`Discount (${code}): \u2212${want.discount}`);
      expect(mail).toContain(`Tax (DC 6.5%): ${want.tax}`);
      expect(mail).toContain(`Total: ${want.total}`);

      // the buyer's order page, from the confirmation's link
      const confirmation = page.getByRole('region', { name: 'Thank you for your order' });
      await confirmation.getByRole('link', { name: 'View your order' }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${order.status_token}$`));
      await expect(entry(page, `Discount (${code})`)).toHaveText(minus(want.discount));
      await expect(entry(page, 'Tax (DC 6.5%)')).toHaveText(want.tax);
      await expect(entry(page, 'Total')).toHaveText(want.total);
    });

    test("when the quote can not be had, checkout goes on: the tax is the checkout's answer", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const owner = await playwright.request.newContext({ baseURL });
      await signInOwnerApi(owner);
      await ensureTaxIn(owner, 'DC', '6.5', true);
      await owner.dispose();
      await addPrintToCart(page);
      const cart = (await (await page.request.get('/api/cart')).json()) as {
        subtotal: number;
        shipping: number;
      };
      const s = Math.round(cart.subtotal * 100);
      const h = Math.round(cart.shipping * 100);
      const taxed = usd.format((s + h + Math.floor(((s + h) * 65_000 + 500_000) / 1_000_000)) / 100);

      // the network drops every quote
      await page.route('**/api/checkout/quote', (route) => route.abort('internetdisconnected'));
      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByLabel('Full Name').fill('Rachel Carson');
      await form.getByLabel('Email').fill(`offline+${stamp()}@example.com`);
      await fillAddress(page, DC);
      await expect(figure(summary, 'Tax')).toHaveText('Calculated at the next step');
      await expect(figure(summary, 'Total')).toHaveText(usd.format((s + h) / 100));

      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
      await expect(
        page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay / }),
      ).toHaveText(`Pay ${taxed}`);
      await expect(figure(summary, 'Tax (DC 6.5%)')).toBeVisible();
      await expect(figure(summary, 'Total')).toHaveText(taxed);
    });

    test('a code paused after it was applied: the next quote says so, and the total is without it', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const owner = await playwright.request.newContext({ baseURL });
      await signInOwnerApi(owner);
      const code = `MARSH10-${stamp()}`.toUpperCase();
      const promotion = await createPromotion(owner, { code, kind: 'percent', percentOff: 10 });
      await addPrintToCart(page);
      const cart = (await (await page.request.get('/api/cart')).json()) as { total: number };

      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await summary.getByRole('button', { name: 'Have a promotion code?' }).click();
      await summary.getByLabel('Promotion code').fill(code);
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(figure(summary, `Discount (${code})`)).toBeVisible();

      const paused = await owner.patch(`/api/admin/promotions/${promotion.id}`, { data: { paused: true } });
      expect(paused.ok()).toBe(true);
      await owner.dispose();
      await page.reload(); // the kept code is asked about again
      await expect(summary.getByLabel('Promotion code')).toHaveAccessibleDescription(
        'This promotion code is not active right now.',
      );
      await expect(summary.getByLabel('Promotion code')).toHaveValue(code);
      await expect(summary.getByText(/^Discount/)).toHaveCount(0);
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
    });
  });
}
