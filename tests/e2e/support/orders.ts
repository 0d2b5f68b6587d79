import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

/** Unique per call, so runs at different sizes never match each other's data. */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The listed photos (in /api/photos order) offered as prints, each with its first print option.
 * "The first photo" is not one of them when another spec has just published a photo with no print
 * size for its ratio (field-uploads.spec.ts runs before most).
 */
export async function photosForSale(page: Page): Promise<{ photoId: number; printOptionId: number }[]> {
  const listed = await page.request.get('/api/photos');
  expect(listed.ok()).toBe(true);
  const forSale = [];
  for (const { id } of (await listed.json()) as Array<{ id: number }>) {
    const detail = (await (await page.request.get(`/api/photos/${id}`)).json()) as {
      printOptions: Array<{ id: number }>;
    };
    if (detail.printOptions.length) forSale.push({ photoId: id, printOptionId: detail.printOptions[0].id });
  }
  return forSale;
}

/**
 * A photo with at least one print option: one of the demo photos, or (when the shop has none) one
 * made through the admin API with the signed-in page's session.
 */
export async function photoWithOption(page: Page): Promise<{ photoId: number; printOptionId: number }> {
  const listed = await page.request.get('/api/photos');
  expect(listed.ok()).toBe(true);
  for (const photo of (await listed.json()) as Array<{ id: number }>) {
    const detail = (await (await page.request.get(`/api/photos/${photo.id}`)).json()) as {
      printOptions: Array<{ id: number }>;
    };
    if (detail.printOptions.length) return { photoId: photo.id, printOptionId: detail.printOptions[0].id };
  }
  const image = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 70, g: 110, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title: `Marsh at dawn ${stamp()}`,
      description: '<p>Mist over the tidal marsh.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
    },
  });
  expect(created.status()).toBe(201);
  const photoId = ((await created.json()) as { id: number }).id;
  const option = await page.request.post('/api/admin/print-options', {
    data: { photoId, size: '8x10', material: 'Lustre Paper', price: 95, inStock: true },
  });
  expect(option.status()).toBe(201);
  return { photoId, printOptionId: ((await option.json()) as { id: number }).id };
}

/** Places an order through the public API (cart, then checkout) and answers its id. */
export async function placeOrder(page: Page, customerName: string): Promise<number> {
  const line = await photoWithOption(page);
  const added = await page.request.post('/api/cart', { data: { ...line, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const cart = (await added.json()) as { total: number };
  const checkout = await page.request.post('/api/checkout', {
    data: {
      customerName,
      customerEmail: `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      shippingAddress: '11701 Berwick Road\nSilver Spring, MD 20904',
      totalAmount: cart.total,
      items: [{ ...line, quantity: 1 }],
    },
  });
  expect(checkout.status()).toBe(201);
  return ((await checkout.json()) as { orderId: number }).orderId;
}

/** Opens an order's details from the Orders tab, as a table row (desktop) or a card (phone). */
export async function openOrderDetails(page: Page, customer: string, orderId: number) {
  await page.goto('/admin/orders');
  // placeOrder's orders are not paid: the list shows unpaid attempts only when asked to
  await showAllOrders(page);
  await page.getByLabel('Search orders').fill(customer);
  const entry = page
    .locator('tr, li')
    .filter({ hasText: customer })
    .filter({ has: page.getByRole('button', { name: `Order #${orderId} details` }) });
  await entry.getByRole('button', { name: `Order #${orderId} details` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog.getByText(customer)).toBeVisible();
  return dialog;
}

/** Sets the Orders tab's payment filter to 'All orders' (paid orders and unpaid attempts). */
export async function showAllOrders(page: Page) {
  await page.getByRole('combobox', { name: 'Payment', exact: true }).click();
  await page.getByRole('option', { name: 'All orders' }).click();
}
