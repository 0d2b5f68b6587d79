import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { expect, outboxMails, signInAsOwner, test, sizes } from './support/fixtures';

// After the payment (issue 13), at phone and desktop size: the owner ships with a tracking
// number and refunds part of an order; the buyer's e-mails and order page show it.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });

/** The outbox's mails with quoted-printable escapes undone, so links read as sent. */
const mails = () =>
  outboxMails().map((m) =>
    m.replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
const mailWith = (...parts: string[]) => mails().find((m) => parts.every((p) => m.includes(p)));

/** A paid order placed through the API with the test card: the buyer's own session. */
async function paidOrder(page: Page, db: Knex, customerName: string) {
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: number }[];
  let line: { photoId: number; printOptionId: number; price: number; shipping: number } | null = null;
  for (const p of photos) {
    const options = (await (await page.request.get(`/api/photos/${p.id}/item-options`)).json()) as {
      id: number;
      price: number;
      shipping: number;
    }[];
    if (options.length) {
      line = {
        photoId: p.id,
        printOptionId: options[0].id,
        price: options[0].price,
        shipping: options[0].shipping,
      };
      break;
    }
  }
  expect(line).not.toBeNull();
  const total = Math.round((line!.price + line!.shipping) * 100) / 100;
  const email = `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  // checkout orders the visitor's cart as the server holds it: exactly this line
  await page.request.delete('/api/cart');
  const added = await page.request.post('/api/cart', {
    data: { photoId: line!.photoId, printOptionId: line!.printOptionId, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  const checkout = await page.request.post('/api/checkout', {
    data: {
      customerName,
      customerEmail: email,
      shippingAddress: '11701 Berwick Road\nSilver Spring, MD 20904',
      totalAmount: total,
      items: [{ photoId: line!.photoId, printOptionId: line!.printOptionId, quantity: 1 }],
    },
  });
  expect(checkout.status()).toBe(201);
  const { orderId } = (await checkout.json()) as { orderId: number };
  const intent = await page.request.post('/api/create-payment-intent', { data: { orderId, amount: total } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/test-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok()).toBe(true);
  await expect.poll(async () => (await db('orders').where({ id: orderId }).first()).status).toBe('paid');
  return { orderId, total, email };
}

async function openOrders(page: Page, customer: string) {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await page.getByLabel('Search orders').fill(customer);
}

/** The order's row (desktop) or card (phone) in the list. */
function orderInList(page: Page, desktop: boolean, customer: string) {
  return desktop
    ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: customer })
    : page.getByRole('listitem').filter({ hasText: customer });
}

for (const size of sizes) {
  const desktop = size.name === 'desktop';
  test.describe(`after the payment (${size.name})`, () => {
    test.use(size.use);

    test('the owner marks an order shipped with a tracking number; the buyer is e-mailed the tracking link', async ({
      page,
      db,
    }) => {
      const customer = `Rachel ${stamp()}`;
      const { orderId } = await paidOrder(page, db, customer);
      await signInAsOwner(page);
      await openOrders(page, customer);
      const entry = orderInList(page, desktop, customer);
      await expect(entry).toHaveCount(1);
      const select = entry.getByRole('combobox', {
        name: desktop ? `Fulfillment status of order #${orderId}` : 'Fulfillment Status',
      });

      // cancelling the shipping dialog keeps the old status
      await select.click();
      await page.getByRole('option', { name: 'Shipped' }).click();
      const dialog = page.getByRole('dialog', { name: `Ship order #${orderId}` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(select).toHaveText('Received');

      await select.click();
      await page.getByRole('option', { name: 'Shipped' }).click();
      await dialog.getByRole('combobox', { name: 'Carrier' }).click();
      await page.getByRole('option', { name: 'USPS' }).click();
      await dialog.getByLabel('Tracking number').fill('9400111899223344556677');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(toast(page, 'Status updated')).toBeVisible();
      await expect(select).toHaveText('Shipped');

      await expect
        .poll(() => mailWith('Your order has shipped', `(#${orderId})`), { timeout: 15_000 })
        .toBeTruthy();
      const mail = mailWith('Your order has shipped', `(#${orderId})`)!;
      expect(mail).toContain('Tracking number: 9400111899223344556677');
      expect(mail).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677');

      // the details show the tracking number as a link
      await entry.getByRole('button', { name: `Order #${orderId} details` }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await expect(details.getByRole('link', { name: '9400111899223344556677' })).toHaveAttribute(
        'href',
        /tools\.usps\.com/,
      );
    });

    test('the owner refunds part of an order: badge, totals and the buyer e-mail show it', async ({
      page,
      db,
    }) => {
      const customer = `Aldo ${stamp()}`;
      const { orderId, total } = await paidOrder(page, db, customer);
      await signInAsOwner(page);
      await openOrders(page, customer);
      const entry = orderInList(page, desktop, customer);
      await entry.getByRole('button', { name: `Order #${orderId} details` }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await details.getByRole('button', { name: 'Refund', exact: true }).click();
      const form = page.getByRole('dialog', { name: `Refund order #${orderId}` });
      await form.getByLabel('Refund amount').fill(String(total + 1));
      await expect(form.getByText(/is left to refund\./).last()).toBeVisible();
      await form.getByLabel('Refund amount').fill('10.00');
      await form.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Damaged in shipping' }).click();
      await form.getByLabel('Note (optional)').fill('Corner dented in transit');
      await form.getByRole('button', { name: 'Refund $10.00' }).dblclick();
      await expect(toast(page, 'Refund issued')).toBeVisible();
      await expect(form).toBeHidden();

      await expect(details.getByText('Partially refunded', { exact: true })).toBeVisible();
      await expect(details.getByText('\u2212$10.00')).toBeVisible();
      await expect(details.getByText('Damaged in shipping')).toBeVisible();
      expect(await db('order_refunds').where({ order_id: orderId })).toHaveLength(1);

      await expect
        .poll(() => mailWith('Part of your order has been refunded', `(#${orderId})`), { timeout: 15_000 })
        .toBeTruthy();
      const mail = mailWith('Part of your order has been refunded', `(#${orderId})`)!;
      expect(mail).toContain('We refunded $10.00');
      expect(mail).toContain('Reason: Damaged in shipping');
    });

    test('the buyer opens the link from the confirmation e-mail and sees the order', async ({ page, db }) => {
      const customer = `Mardy ${stamp()}`;
      const { orderId, email } = await paidOrder(page, db, customer);
      await expect
        .poll(() => mails().find((m) => m.includes(email) && m.includes('/orders/')), { timeout: 15_000 })
        .toBeTruthy();
      const confirmation = mails().find((m) => m.includes(email) && m.includes('/orders/'))!;
      const link = /http:\/\/localhost:\d+\/orders\/[A-Za-z0-9_-]{32,64}/.exec(confirmation)![0];
      await page.context().clearCookies(); // no session needed: the link is the key
      await page.goto(link);
      await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
      // the status reads as labelled text, not as chips
      const status = page.locator('dl').first();
      await expect(status.locator('dt')).toHaveText(['Payment', 'Fulfillment']);
      await expect(status.locator('dd')).toHaveText(['Paid', 'Received']);
      await expect(page.locator('.MuiChip-root')).toHaveCount(0);
      // each item with its thumbnail
      const item = page.getByRole('listitem').filter({ hasText: 'Qty 1' });
      await expect(item.locator('img')).toHaveAttribute('src', /\/api\/photos\/\d+\/thumbnail/);
      // the address: the locality in full, nothing of the street (the link is the only key)
      await expect(page.getByText('Street address on file')).toBeVisible();
      await expect(page.getByText('Silver Spring, MD 20904')).toBeVisible();
      await expect(page.getByText(/11701|Berwick|\*/)).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      await page.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    });
  });
}
