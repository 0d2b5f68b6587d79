import type { Knex } from 'knex';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { FAKE_LUMAPRINTS_CREDENTIALS, FAKE_LUMAPRINTS_STORE } from '../../support/fake-lumaprints';
import { e2e } from './e2e-env';
import { expect } from './fixtures';
import { stamp } from './orders';

// The print lab specs' shared steps, through the admin and public APIs with the page's session:
// Lumaprints connected to its double, a photo of the test's own with a print the lab makes, a
// buyer's paid order for it, and what the double received.

export const PAPER = {
  category: 'Fine Art Paper',
  product: 'Archival Matte Fine Art Paper',
  subcategoryId: 103001,
};

/** Lumaprints connected to its double and on, through its settings' API. */
export async function connectLumaprints(
  page: Page,
  options: { reviewBeforeSending?: boolean; holdMinutes?: number } = {},
) {
  const saved = await page.request.put('/api/admin/lab/lumaprints', {
    data: {
      enabled: true,
      sandbox: true,
      reviewBeforeSending: options.reviewBeforeSending ?? false,
      ...FAKE_LUMAPRINTS_CREDENTIALS,
      settings: { storeId: FAKE_LUMAPRINTS_STORE.storeId },
      shippingMethod: 'default',
      productionTime: 'regular',
      holdMinutes: options.holdMinutes ?? 60,
      minMarginPercent: 30,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A photo of this test's own (1500 x 1000 px) with one print option, 6x4 in, made by Lumaprints. */
export async function photoWithLabPrint(page: Page, title = `Heron at low tide ${stamp()}`) {
  const image = await sharp({
    create: { width: 1500, height: 1000, channels: 3, background: { r: 60, g: 100, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title,
      description: '<p>A great blue heron in the shallows.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
    },
  });
  expect(created.status()).toBe(201);
  const photoId = ((await created.json()) as { id: number }).id;
  const material = `Lab Lustre ${stamp()}`;
  const option = await page.request.post('/api/admin/print-options', {
    data: { photoId, size: '6x4', material, price: 60, inStock: true },
  });
  expect(option.status()).toBe(201);
  const printOptionId = ((await option.json()) as { id: number }).id;
  const mapped = await page.request.put(`/api/admin/lab/products/${printOptionId}`, {
    data: {
      provider: 'lumaprints',
      productId: String(PAPER.subcategoryId),
      widthIn: 6,
      heightIn: 4,
      optionIds: ['39'],
    },
  });
  expect(mapped.status(), await mapped.text()).toBe(200);
  return { photoId, printOptionId, title, material };
}

/** The buyer pays for one print with the test card; answers the order's id once it is paid. */
export async function paidOrder(
  page: Page,
  db: Knex,
  line: { photoId: number; printOptionId: number },
  name: string,
) {
  await page.request.delete('/api/cart');
  const added = await page.request.post('/api/cart', {
    data: { photoId: line.photoId, printOptionId: line.printOptionId, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  const { total } = (await added.json()) as { total: number };
  const checkout = await page.request.post('/api/checkout', {
    data: {
      customerName: name,
      customerEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      shippingAddress: '11701 Berwick Road\nSilver Spring, MD 20904',
      totalAmount: total,
      items: [{ photoId: line.photoId, printOptionId: line.printOptionId, quantity: 1 }],
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
  return orderId;
}

/** The orders the Lumaprints double received for this shop order. */
export async function lumaprintsOrdersFor(orderId: number) {
  const res = await fetch(`${e2e.labUrl}/__double/orders`);
  expect(res.status).toBe(200);
  const orders = (await res.json()) as Array<{ orderNumber: string; externalId: string }>;
  return orders.filter((o) => o.externalId === String(orderId));
}

/** The toast with this title, by its element: while a dialog is open the rest of the page is aria-hidden. */
export function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** Picks a choice of an MUI select by its label. */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // the menu fades out: an accessibility check during the fade reads its half-drawn items
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
}

/** The lab settings as they were before a test: its changes undone, as other specs expect. */
export async function restoreLabSettings(db: Knex, before: unknown[]) {
  await db('lab_settings').delete();
  if (before.length) await db('lab_settings').insert(before);
}
