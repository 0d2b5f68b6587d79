import type { Browser, Locator, Page } from '@playwright/test';
import {
  TEST_CARDS,
  createPromotion,
  fillAddress,
  payWithCard,
  signInOwnerApi,
  uniqueEmail,
  usd,
  type BuyerAddress,
} from './support/checkout';
import { expectNoA11yViolations } from './support/axe';
import { expect, sizes, test } from './support/fixtures';
import { stamp } from './support/orders';

// Issue 34, items 2, 8 and 12: a buyer who leaves checkout and comes back. Her details and code
// survive a reload of /checkout (in this tab only: sessionStorage, cleared once paid); a code her
// own unpaid attempt holds is still hers when she applies it again, and the Pay button is always
// the summary's total with it; a code refused is shown under the code field; the cart badge and
// the checkout's summary count the same thing, the cart's lines (and say the prints).

const MD: BuyerAddress = {
  line1: '11701 Berwick Road',
  line2: 'Apt 4',
  city: 'Silver Spring',
  state: 'MD',
  zip: '20904',
};
const USED_BY_EMAIL = 'This promotion code has already been used with this e-mail address.';
const STORAGE_KEY = 'wildframe:checkout';

/** The figure of a totals row whose label is exactly `label`. */
function figure(summary: Locator, label: string): Locator {
  return summary.locator(`div:has(> p:text-is("${label}"))`).locator('p').last();
}

/** Two different prints of the catalogue (photo and print option), through the public API. */
async function twoPrints(page: Page): Promise<{ photoId: number; printOptionId: number }[]> {
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: number }[];
  const found: { photoId: number; printOptionId: number }[] = [];
  for (const photo of photos) {
    const detail = (await (await page.request.get(`/api/photos/${photo.id}`)).json()) as {
      printOptions: { id: number }[];
    };
    if (detail.printOptions[0]) found.push({ photoId: photo.id, printOptionId: detail.printOptions[0].id });
    if (found.length === 2) return found;
  }
  throw new Error('the demo shop needs two photos with print options');
}

/** A cart of two lines: the first print once, the second twice (3 prints). */
async function cartOfThree(page: Page) {
  await page.request.delete('/api/cart');
  const [one, two] = await twoPrints(page);
  expect((await page.request.post('/api/cart', { data: { ...one, quantity: 1 } })).ok()).toBe(true);
  const added = await page.request.post('/api/cart', { data: { ...two, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const cart = (await added.json()) as { items: { id: number; printOptionId: number }[] };
  const line = cart.items.find((l) => l.printOptionId === two!.printOptionId)!;
  expect((await page.request.put(`/api/cart/${line.id}`, { data: { quantity: 2 } })).ok()).toBe(true);
  return (await (await page.request.get('/api/cart')).json()) as { total: number; subtotal: number };
}

/** One print in the cart; answers the cart's figures. */
async function cartOfOne(page: Page) {
  await page.request.delete('/api/cart');
  const [one] = await twoPrints(page);
  expect((await page.request.post('/api/cart', { data: { ...one, quantity: 1 } })).ok()).toBe(true);
  return (await (await page.request.get('/api/cart')).json()) as {
    subtotal: number;
    shipping: number;
    total: number;
  };
}

async function ownerCreatesCode(browser: Browser, baseURL: string, body: Record<string, unknown>) {
  const context = await browser.newContext({ baseURL });
  await signInOwnerApi(context.request);
  const created = await createPromotion(context.request, body);
  await context.close();
  return created;
}

async function applyCode(summary: Locator, code: string) {
  const opener = summary.getByRole('button', { name: 'Have a promotion code?' });
  const field = summary.getByLabel('Promotion code');
  await expect(opener.or(field)).toBeVisible();
  if (await opener.isVisible()) await opener.click();
  await field.fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
}

async function fillContact(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await expect(form.getByLabel('Full Name')).toHaveValue(name);
}

const payButton = (page: Page) =>
  page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay / });

for (const size of sizes) {
  test.describe(`coming back to checkout (${size.name})`, () => {
    test.use(size.use);

    test('the cart badge and the summary count the same items; details and code survive a reload, until paid', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { code } = await ownerCreatesCode(browser, baseURL!, {
        code: `RELOAD-${stamp()}`.toUpperCase(),
        kind: 'percent',
        percentOff: 10,
      });
      const cart = await cartOfThree(page);

      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
      // item 12: two lines, quantities 1 and 2: the badge counts 2 items (3 prints), and so does the summary
      await expect(page.getByRole('button', { name: 'Open cart, 2 items (3 prints)' })).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('2');
      const lines = summary.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
      if (size.name === 'phone') {
        const toggle = summary.getByRole('button', { name: 'Show 2 items (3 prints)' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(summary.getByRole('button', { name: 'Hide 2 items (3 prints)' })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
      }
      await expect(lines).toHaveCount(2);
      await expect(lines.filter({ hasText: 'Qty: 2' })).toHaveCount(1);
      await expect(lines.filter({ hasText: 'Qty: 1' })).toHaveCount(1);

      // item 8: the details, the address parts and the code
      const email = uniqueEmail('reload');
      await fillContact(page, 'Rachel Carson', email);
      await fillAddress(page, MD);
      await applyCode(summary, code);
      await expect(figure(summary, `Discount (${code})`)).toBeVisible();
      const total = await figure(summary, 'Total').textContent();
      await page.screenshot({
        path: `/tmp/wf/shots/checkout-return-filled-${size.name}.png`,
        fullPage: true,
      });

      await page.reload();
      const form = page.getByRole('form', { name: 'Your details' });
      await expect(form.getByLabel('Full Name')).toHaveValue('Rachel Carson');
      await expect(form.getByLabel('Email')).toHaveValue(email);
      const address = form.getByRole('group', { name: 'Shipping to US Only' });
      await expect(address.getByLabel('Address line 1')).toHaveValue(MD.line1);
      await expect(address.getByLabel('Address line 2')).toHaveValue(MD.line2!);
      await expect(address.getByLabel('City')).toHaveValue(MD.city);
      await expect(address.getByLabel('State')).toHaveValue(MD.state);
      await expect(address.getByLabel('ZIP')).toHaveValue(MD.zip);
      await expect(figure(summary, `Discount (${code})`)).toBeVisible();
      await expect(summary.getByRole('button', { name: `Remove promotion code ${code}` })).toBeVisible();
      await expect(figure(summary, 'Total')).toHaveText(total!);
      await expect(page.getByRole('button', { name: 'Open cart, 2 items (3 prints)' })).toBeVisible();
      await page.screenshot({
        path: `/tmp/wf/shots/checkout-return-reloaded-${size.name}.png`,
        fullPage: true,
      });
      await expectNoA11yViolations(page, { label: `checkout after a reload (${size.name})` });

      // kept for this tab only, and not in localStorage
      const stored = await page.evaluate(
        (key) => ({ session: sessionStorage.getItem(key), local: JSON.stringify({ ...localStorage }) }),
        STORAGE_KEY,
      );
      expect(stored.session).toContain(email);
      expect(stored.session).toContain(code);
      expect(stored.local).not.toContain(email);

      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(payButton(page)).toHaveText(`Pay ${total}`);
      expect(Number(total!.replace(/[$,]/g, ''))).toBeLessThan(cart.total);
      await payWithCard(page, TEST_CARDS.success, Number(total!.replace(/[$,]/g, '')));
      await expect(page.getByText('Payment Successful').first()).toBeVisible();
      await page.waitForURL((url) => url.pathname === '/');
      // paid: nothing of hers is kept in the tab
      expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
    });

    test('a code her unpaid attempt holds is still hers: reload, back to the details, a new tab; the Pay button always has it', async ({
      page,
      browser,
      baseURL,
      db,
    }) => {
      test.setTimeout(120_000);
      const { code } = await ownerCreatesCode(browser, baseURL!, {
        code: `ONCE-${stamp()}`.toUpperCase(),
        kind: 'amount',
        amountOff: 5,
        maxUsesPerEmail: 1,
      });
      const cart = await cartOfOne(page);
      const withCode = usd.format(cart.total - 5);
      const email = uniqueEmail('once');

      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await fillContact(page, 'Rachel Carson', email);
      await fillAddress(page, MD);
      await applyCode(summary, code);
      await expect(figure(summary, 'Total')).toHaveText(withCode);
      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(payButton(page)).toHaveText(`Pay ${withCode}`);
      await expect(figure(summary, 'Total')).toHaveText(withCode);

      // she does not pay, and reloads: the same order, the same total
      await page.reload();
      await expect(payButton(page)).toHaveText(`Pay ${withCode}`);
      await expect(figure(summary, 'Total')).toHaveText(withCode);

      // back to her details: the code is kept; removed and applied again, it is still hers
      await page.getByRole('button', { name: 'Edit details' }).click();
      await expect(figure(summary, `Discount (${code})`)).toBeVisible();
      await summary.getByRole('button', { name: `Remove promotion code ${code}` }).click();
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
      await applyCode(summary, code);
      await expect(figure(summary, `Discount (${code})`)).toBeVisible();
      await expect(page.getByText(USED_BY_EMAIL)).toHaveCount(0);
      await expect(figure(summary, 'Total')).toHaveText(withCode);
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(payButton(page)).toHaveText(`Pay ${withCode}`);
      await expect(figure(summary, 'Total')).toHaveText(withCode);

      // later, in a new tab of the same visit (nothing kept there): typed again, still hers
      const later = await page.context().newPage();
      await later.goto('/checkout');
      const laterSummary = later.getByRole('region', { name: 'Order Summary' });
      await fillContact(later, 'Rachel Carson', email);
      await fillAddress(later, MD);
      await applyCode(laterSummary, code);
      await expect(figure(laterSummary, `Discount (${code})`)).toBeVisible();
      await expect(figure(laterSummary, 'Total')).toHaveText(withCode);
      await later
        .getByRole('form', { name: 'Your details' })
        .getByRole('button', { name: 'Continue to Payment' })
        .click();
      await expect(payButton(later)).toHaveText(`Pay ${withCode}`);
      await expect(figure(laterSummary, 'Total')).toHaveText(withCode);
      await later.screenshot({
        path: `/tmp/wf/shots/checkout-return-payment-${size.name}.png`,
        fullPage: true,
      });

      // one purchase, one held use of the code
      const orders = await db('orders').where({ customer_email: email });
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ promotion_code: code, discount_cents: 500 });
      const held = await db('promotion_redemptions').where({ order_id: orders[0].id });
      expect(held.map((u: { status: string }) => u.status)).toEqual(['held']);

      await payWithCard(later, TEST_CARDS.success, cart.total - 5);
      await expect(later.getByText('Payment Successful').first()).toBeVisible();
      await later.close();

      // another buyer with the same e-mail: applied before the e-mail is known, refused once it
      // is: the reason under the code field, the total without it, and above the button a notice
      // that the total is without the code; going on, the payment is at that total, said so there
      const otherContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
      const other = await otherContext.newPage();
      await cartOfOne(other);
      await other.goto('/checkout');
      const otherSummary = other.getByRole('region', { name: 'Order Summary' });
      await applyCode(otherSummary, code);
      await expect(figure(otherSummary, `Discount (${code})`)).toBeVisible();
      await fillContact(other, 'Another Buyer', email);
      await fillAddress(other, MD);
      const field = otherSummary.getByLabel('Promotion code');
      await expect(field).toHaveAccessibleDescription(USED_BY_EMAIL);
      await expect(field).toHaveValue(code);
      await expect(otherSummary.getByText(/^Discount/)).toHaveCount(0);
      await expect(figure(otherSummary, 'Total')).toHaveText(usd.format(cart.total));
      const otherForm = other.getByRole('form', { name: 'Your details' });
      const notice = otherForm
        .getByRole('alert')
        .filter({ hasText: `Your promotion code ${code} was not applied` });
      await expect(notice).toBeVisible();
      await other.screenshot({
        path: `/tmp/wf/shots/checkout-return-refused-${size.name}.png`,
        fullPage: true,
      });
      await expectNoA11yViolations(other, { label: `checkout, a refused code (${size.name})` });
      await otherForm.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(payButton(other)).toHaveText(`Pay ${usd.format(cart.total)}`);
      await expect(figure(otherSummary, 'Total')).toHaveText(usd.format(cart.total));
      await expect(otherSummary).toContainText(`Promotion code ${code} not applied: ${USED_BY_EMAIL}`);
      await otherContext.close();
    });
  });
}

for (const size of sizes) {
  test.describe(`a code used up while she checks out (${size.name})`, () => {
    test.use(size.use);

    test('the checkout refuses it: shown under the code field, no payment step, the total without it', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { code } = await ownerCreatesCode(browser, baseURL!, {
        code: `LAST-${stamp()}`.toUpperCase(),
        kind: 'amount',
        amountOff: 5,
        maxUses: 1,
      });
      const cart = await cartOfOne(page);
      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await fillContact(page, 'Rachel Carson', uniqueEmail('last'));
      await fillAddress(page, MD);
      await applyCode(summary, code);
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total - 5));

      // meanwhile another buyer takes the code's last use
      const otherContext = await browser.newContext({ baseURL });
      const other = await otherContext.newPage();
      await cartOfOne(other);
      const taken = await other.request.post('/api/checkout', {
        data: {
          customerName: 'Another Buyer',
          customerEmail: uniqueEmail('other'),
          address: { line1: MD.line1, city: MD.city, state: MD.state, zip: MD.zip },
          promotionCode: code,
          totalAmount: cart.total - 5,
        },
      });
      expect(taken.status(), await taken.text()).toBe(201);
      await otherContext.close();

      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      const field = summary.getByLabel('Promotion code');
      await expect(field).toHaveAccessibleDescription('This promotion code has been used up.');
      await expect(field).toHaveValue(code);
      await expect(summary.getByText(/^Discount/)).toHaveCount(0);
      await expect(figure(summary, 'Total')).toHaveText(usd.format(cart.total));
      await expect(
        form.getByRole('alert').filter({ hasText: `Your promotion code ${code} was not applied` }),
      ).toBeVisible();
      await expect(page.getByRole('form', { name: 'Payment' })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/wf/shots/checkout-code-used-up-${size.name}.png`, fullPage: true });
    });
  });
}
