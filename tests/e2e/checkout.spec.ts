import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { expect, outboxMails, phone, signInAsOwner, test } from './support/fixtures';
import { cartTotal, composedAddress, fillDetails, payWithCard, uniqueEmail, usd } from './support/checkout';
import { openOrderDetails } from './support/orders';

// The e2e server runs the built app with demo data and the built-in TEST payment provider.

/** Header folding and quoted-printable soft breaks removed, so a subject reads on one line. */
function unfold(mail: string): string {
  return mail.replace(/\r?\n[ \t]+/g, ' ');
}

/** Opens the n-th photo of the portfolio, picks its first print option and adds it to the cart. */
async function addPrintFromPortfolio(page: Page, photoIndex: number): Promise<void> {
  await page.goto('/portfolio');
  const cards = page.locator('main a[href^="/photo/"]');
  await expect(cards.nth(photoIndex)).toBeVisible();
  await cards.nth(photoIndex).click();
  await expect(page).toHaveURL(/\/photo\/\d+$/);

  const addButton = page.getByRole('button', { name: 'Add to Cart' });
  await expect(addButton).toBeDisabled();
  const option = page.getByRole('group', { name: 'Print Options' }).getByRole('button').first();
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
  await addButton.click();
  // The cart panel opens by itself after a successful add.
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
}

async function cartLineCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/cart');
  expect(response.ok()).toBe(true);
  const cart = (await response.json()) as { items: unknown[] };
  return cart.items.length;
}

async function buyTwoPrints(page: Page, db: Knex): Promise<void> {
  await addPrintFromPortfolio(page, 0);
  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeHidden();
  await addPrintFromPortfolio(page, 1);
  expect(await cartLineCount(page)).toBe(2);
  const total = await cartTotal(page);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(usd.format(total));
  await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();

  const email = uniqueEmail('buyer');
  await fillDetails(page, email);
  await payWithCard(page, '4242 4242 4242 4242', total);

  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => cartLineCount(page)).toBe(0);

  // The reconciliation job marks the order paid...
  await expect
    .poll(async () => (await db('orders').where({ customer_email: email }).first())?.status, {
      timeout: 20_000,
    })
    .toBe('paid');
  const order = await db('orders').where({ customer_email: email }).first();
  expect(order.customer_name).toBe('Rachel Carson');
  expect(order.total_cents).toBe(Math.round(total * 100));
  const lines = await db('order_line_items').where({ order_id: order.id });
  expect(lines).toHaveLength(2);

  // ...and the customer's confirmation and the owner's notice are written to the outbox.
  await expect
    .poll(
      () => {
        const mails = outboxMails().map(unfold);
        const confirmation = mails.some(
          (m) => m.includes(`To: ${email}`) && m.includes(`order #${order.id}`),
        );
        const notice = mails.some(
          (m) => m.includes('To: owner@example.com') && m.includes(`New order #${order.id}`),
        );
        return { confirmation, notice };
      },
      { timeout: 20_000 },
    )
    .toEqual({ confirmation: true, notice: true });
}

test.describe('checkout on a desktop', () => {
  test('a visitor buys two prints with the test card, the order is paid and both e-mails are sent', async ({
    page,
    db,
  }) => {
    await buyTwoPrints(page, db);
  });

  test('the order summary sits beside the form on a desktop', async ({ page }) => {
    await addPrintFromPortfolio(page, 0);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const summary = await page.getByRole('heading', { name: 'Order Summary' }).boundingBox();
    const form = await page.getByRole('heading', { name: 'Complete Your Purchase' }).boundingBox();
    expect(summary && form && summary.x > form.x + form.width).toBe(true);
  });

  test('a declined card shows the provider message and the cart keeps its lines', async ({ page, db }) => {
    await addPrintFromPortfolio(page, 0);
    const total = await cartTotal(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    const email = uniqueEmail('declined');
    await fillDetails(page, email);
    await payWithCard(page, '4000 0000 0000 0002', total);

    const paymentForm = page.getByRole('form', { name: 'Payment' });
    await expect(paymentForm.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page.getByText('Payment Failed')).toBeVisible();
    // one message, the form's alert: the spec's toast only names what happened
    await expect(page.getByText('Your card was declined.')).toHaveCount(1);
    await expect(paymentForm.getByRole('button', { name: `Pay ${usd.format(total)}` })).toBeEnabled();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('listitem')).toHaveCount(1);
    expect(await cartLineCount(page)).toBe(1);
    const order = await db('orders').where({ customer_email: email }).first();
    expect(order?.status).not.toBe('paid');
  });

  test("'Added to cart' does not follow onto checkout, and the card's expiry says MM/YY once", async ({
    page,
  }) => {
    await addPrintFromPortfolio(page, 0);
    const toasts = page.getByRole('region', { name: /^Notifications/ });
    await expect(toasts.getByText('Added to cart')).toBeVisible();
    const total = await cartTotal(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // well before its own 5 s are up
    await expect(toasts.getByText('Added to cart')).toHaveCount(0, { timeout: 1500 });

    await fillDetails(page, uniqueEmail('expiry'));
    const paymentForm = page.getByRole('form', { name: 'Payment' });
    const expiry = paymentForm.getByLabel('Expiry');
    await expect(expiry).toHaveAccessibleDescription('MM/YY');
    await expect(expiry).not.toHaveAttribute('placeholder', /./);
    await expect(paymentForm.getByText('MM/YY', { exact: true })).toHaveCount(1);
    await expect(paymentForm.getByRole('button', { name: `Pay ${usd.format(total)}` })).toBeVisible();
  });

  test('the address is asked for in parts, a phone for the carrier optionally, and the owner sees it as entered', async ({
    page,
    db,
  }) => {
    await addPrintFromPortfolio(page, 0);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const email = uniqueEmail('address');
    const address = {
      line1: '500 Main St',
      line2: 'Apt 4B',
      city: 'Santa Fe',
      state: 'NM',
      zip: '87501-1234',
    };
    await fillDetails(page, { name: 'Georgia OKeeffe', email, address, phone: '(505) 555-0199' });
    await expect(page.getByRole('form', { name: 'Payment' })).toBeVisible();
    const order = await db('orders').where({ customer_email: email }).first();
    expect(order).toMatchObject({
      customer_phone: '(505) 555-0199',
      shipping_address: composedAddress(address),
      address_line1: '500 Main St',
      address_line2: 'Apt 4B',
      address_city: 'Santa Fe',
      address_state: 'NM',
      address_zip: '87501-1234',
      address_needs_review: false,
    });

    await signInAsOwner(page);
    const dialog = await openOrderDetails(page, 'Georgia OKeeffe', order.id);
    await expect(dialog.getByText('500 Main St')).toBeVisible();
    await expect(dialog.getByText('Apt 4B')).toBeVisible();
    await expect(dialog.getByText('Santa Fe, NM 87501-1234')).toBeVisible();
    await expect(dialog.getByText('Address needs review')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: '(505) 555-0199' })).toHaveAttribute(
      'href',
      'tel:5055550199',
    );
  });

  test('when the cart is empty, checkout says so and redirects to the portfolio', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Empty Cart')).toBeVisible();
    await expect(page).toHaveURL(/\/portfolio$/);
  });

  test('the details form explains what is missing and sends nothing until it is valid', async ({ page }) => {
    await addPrintFromPortfolio(page, 0);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const checkoutCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkout') {
        checkoutCalls.push(request.url());
      }
    });

    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(form.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    // every missing part of the address at once, on the first submit (issue 51)
    await expect(form.getByLabel('Address line 1')).toHaveAccessibleDescription(
      'Please enter your complete shipping address',
    );
    await expect(form.getByLabel('City')).toHaveAccessibleDescription('Please enter your city');
    await expect(form.getByLabel('State')).toHaveAccessibleDescription('Please choose your state');
    await expect(form.getByLabel('ZIP')).toHaveAccessibleDescription('Please enter your ZIP code');
    for (const label of ['Address line 1', 'City', 'State', 'ZIP'])
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Full Name').fill('Al');
    await form.getByLabel('Email').fill('rachel@');
    await form.getByLabel('Address line 1').fill('1 Main St');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(form.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please enter your complete shipping address')).toBeVisible();

    // After the first submit, every change re-checks the fields.
    await form.getByLabel('Full Name').fill('Alma');
    await expect(form.getByText('Name must be at least 3 characters')).toBeHidden();
    await form.getByLabel('Email').fill('alma@example.com');
    await expect(form.getByText('Please enter a valid email address')).toBeHidden();
    expect(checkoutCalls).toHaveLength(0);
    await expect(page.getByRole('form', { name: 'Payment' })).toHaveCount(0);
  });
});

test.describe('checkout on a phone', () => {
  test.use(phone);

  test('a visitor buys two prints with the test card on a phone', async ({ page, db }) => {
    await buyTwoPrints(page, db);
  });

  test('the order summary collapses above the form', async ({ page }) => {
    await addPrintFromPortfolio(page, 0);
    const total = await cartTotal(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText(usd.format(total));
    const toggle = summary.getByRole('button', { name: /Show 1 item/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(summary.getByRole('listitem')).toBeHidden();
    await toggle.click();
    await expect(summary.getByRole('listitem')).toBeVisible();

    const summaryBox = await summary.boundingBox();
    const formBox = await page.getByRole('heading', { name: 'Complete Your Purchase' }).boundingBox();
    expect(summaryBox && formBox && summaryBox.y + summaryBox.height <= formBox.y).toBe(true);
  });
});
