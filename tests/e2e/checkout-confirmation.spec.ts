import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { TEST_CARDS, addPrintToCart, buyer, fillDetails, payWithCard, usd } from './support/checkout';
import { expect, test, sizes } from './support/fixtures';
import { stamp } from './support/orders';

// After paying, `/` shows the order's confirmation once; checkout keeps what was typed across a
// reload, shows each error once and fits a phone; without JavaScript it says it needs it.

/** An address of a realistic length, unique per run (the order is found by it). */
const buyerEmail = () => `okafor+${stamp()}@example.com`;

const confirmationOf = (page: Page) => page.getByRole('region', { name: 'Thank you for your order' });

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The lines an element's text is rendered on, as text (one entry: not broken at all). */
function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? '') + text[i]);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
  });
}

/** An address on one line, or wrapped only before its '@' or a dot of its domain: never mid-word. */
async function expectAddressUnbroken(element: Locator, email: string) {
  const lines = await renderedLines(element);
  expect(lines.join('')).toBe(email);
  lines.slice(1).forEach((line, i) => {
    const inDomain = lines
      .slice(0, i + 1)
      .join('')
      .includes('@');
    expect(line, `"${email}" wrapped as ${JSON.stringify(lines)}`).toMatch(inDomain ? /^\./ : /^@/);
  });
}

/** Starts checkout with one print in the cart and stops on the payment step; answers the total. */
async function toPaymentStep(page: Page, email: string): Promise<number> {
  const total = await addPrintToCart(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
  await fillDetails(page, email);
  await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
  return total;
}

/** Pays on the payment step and waits for `/` with the cart emptied. */
async function payAndLand(page: Page, total: number): Promise<void> {
  await payWithCard(page, TEST_CARDS.success, total);
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  const response = await page.request.get('/api/cart');
  expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(0);
}

for (const size of sizes) {
  test.describe(`checkout and its confirmation (${size.name})`, () => {
    test.use(size.use);

    test('the details survive a reload of the payment step, fit the card, and / confirms the order once', async ({
      page,
      db,
    }) => {
      test.setTimeout(90_000);
      const email = buyerEmail();
      const total = await addPrintToCart(page);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoA11yViolations(page, { label: `checkout details step (${size.name})` });

      await fillDetails(page, email);
      await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
      await page.reload();
      // still the payment step, with the details as entered
      await expect(page.getByText('Step 2 of 2: Payment')).toBeVisible();
      const shown = page.getByText(email, { exact: true });
      await expect(shown).toBeVisible();
      await expect(page.getByText('Rachel Carson', { exact: true })).toBeVisible();
      await expect(page.getByText('Silver Spring, MD 20904')).toBeVisible();
      await expectAddressUnbroken(shown, email);
      await expectNoHorizontalOverflow(page);
      await expectNoA11yViolations(page, { label: `checkout payment step (${size.name})` });

      // 'Edit details' goes back to the form, filled in
      await page.getByRole('button', { name: 'Edit details' }).click();
      const form = page.getByRole('form', { name: 'Your details' });
      await expect(form.getByLabel('Email')).toHaveValue(email);
      const { address } = buyer(email);
      await expect(form.getByLabel('Address line 1')).toHaveValue(address.line1);
      await expect(form.getByLabel('City')).toHaveValue(address.city);
      await expect(form.getByLabel('State')).toHaveValue(address.state);
      await expect(form.getByLabel('ZIP')).toHaveValue(address.zip);
      await form.getByRole('button', { name: 'Continue to Payment' }).click();

      await payAndLand(page, total);
      const order = await db('orders').where({ customer_email: email }).first();
      const confirmation = confirmationOf(page);
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText(`Your order number is #${order.id}.`);
      await expect(confirmation).toContainText(`We e-mailed a confirmation to ${email}.`);
      await expectAddressUnbroken(confirmation.getByText(email, { exact: true }), email);
      await expect(confirmation.getByRole('heading', { name: 'Thank you for your order' })).toBeFocused();
      await expect(confirmation.getByRole('link', { name: 'View your order' })).toHaveAttribute(
        'href',
        `/orders/${order.status_token}`,
      );
      await expectNoHorizontalOverflow(page);
      // the 'Payment Successful' toast, still showing, leaves the confirmation readable
      const toast = page.locator('section[aria-label^="Notifications"] [role=status] > div');
      await expect(toast).toContainText('Payment Successful');
      await expect
        .poll(async () => {
          const [a, b] = [await toast.boundingBox(), await confirmation.boundingBox()];
          return !!a && !!b && (a.y >= b.y + b.height || a.y + a.height <= b.y);
        })
        .toBe(true);
      await expectNoA11yViolations(page, { label: `order confirmation on / (${size.name})` });

      // it stays until dismissed...
      await page.waitForTimeout(5500); // longer than a toast lasts
      await expect(confirmation).toBeVisible();
      await confirmation.getByRole('button', { name: 'Dismiss order confirmation' }).click();
      await expect(confirmation).toHaveCount(0);
      await expect(page.locator('main')).toBeFocused();
      // ...and a reload of / does not show it again
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Featured Work' })).toBeVisible();
      await expect(confirmationOf(page)).toHaveCount(0);

      // nothing typed is kept once paid
      await page.goto('/checkout');
      await expect(page).toHaveURL(/\/portfolio$/); // the cart is empty
      expect(await page.evaluate(() => sessionStorage.getItem('wildframe:checkout'))).toBeNull();
    });

    test("the confirmation's link opens the order page of that order; / shows it only once", async ({
      page,
      db,
    }) => {
      const email = buyerEmail();
      const total = await toPaymentStep(page, email);
      await payAndLand(page, total);
      const order = await db('orders').where({ customer_email: email }).first();

      const confirmation = confirmationOf(page);
      await confirmation.getByRole('link', { name: 'View your order' }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${order.status_token}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order #${order.id}`);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Featured Work' })).toBeVisible();
      await expect(confirmationOf(page)).toHaveCount(0);
    });

    test('a declined card shows its message once', async ({ page }) => {
      const total = await toPaymentStep(page, buyerEmail());
      await payWithCard(page, TEST_CARDS.declined, total);
      const paymentForm = page.getByRole('form', { name: 'Payment' });
      await expect(paymentForm.getByRole('alert')).toHaveText('Your card was declined.');
      await expect(page.getByText('Payment Failed')).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text.split('Your card was declined.').length - 1).toBe(1);
      await expect(paymentForm.getByRole('button', { name: `Pay ${usd.format(total)}` })).toBeEnabled();
      await expectNoHorizontalOverflow(page);
    });

    test('without JavaScript, checkout says it needs JavaScript instead of loading forever', async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ ...size.use, javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto('/checkout');
      await expect(page.getByText('Checkout needs JavaScript')).toBeVisible();
      await expect(page.getByText('Please turn on JavaScript in your browser to check out.')).toBeVisible();
      await expect(page.locator('[data-checkout-loading]')).toBeHidden(); // no loading placeholder
      await expectNoHorizontalOverflow(page);
      await context.close();
    });
  });
}
