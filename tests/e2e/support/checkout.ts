import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { photoWithOption } from './orders';

// Filling checkout as a buyer does: the details form, then the test provider's card form.

export const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** A fresh address per test, so orders and e-mails of other tests never match. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function cartTotal(page: Page): Promise<number> {
  const response = await page.request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

/** Puts one print in the page's cart through the API (the browser shares its cookie) and answers the total. */
export async function addPrintToCart(page: Page): Promise<number> {
  const line = await photoWithOption(page);
  const added = await page.request.post('/api/cart', { data: { ...line, quantity: 1 } });
  expect(added.ok()).toBe(true);
  return cartTotal(page);
}

/** The shipping address as the checkout asks for it: in parts (state: its two-letter code). */
export type BuyerAddress = { line1: string; line2?: string; city: string; state: string; zip: string };
export type BuyerDetails = { name: string; email: string; address: BuyerAddress };

export const buyer = (email: string): BuyerDetails => ({
  name: 'Rachel Carson',
  email,
  address: { line1: '11701 Berwick Road', city: 'Silver Spring', state: 'MD', zip: '20904' },
});

/** The address as the order keeps it and pages show it ("line1\nline2\nCity, ST 12345"). */
export const composedAddress = (a: BuyerAddress): string =>
  [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join('\n');

/** Fills the address parts inside the group 'Shipping to US Only'. */
export async function fillAddress(page: Page, address: BuyerAddress): Promise<void> {
  const group = page
    .getByRole('form', { name: 'Your details' })
    .getByRole('group', { name: 'Shipping to US Only' });
  await group.getByLabel('Address line 1').fill(address.line1);
  await group.getByLabel('Address line 2').fill(address.line2 ?? '');
  await group.getByLabel('City').fill(address.city);
  await group.getByLabel('State').selectOption(address.state);
  await group.getByLabel('ZIP').fill(address.zip);
}

/** Fills 'Your details' and continues to the payment step. */
export async function fillDetails(page: Page, details: BuyerDetails | string): Promise<void> {
  const { name, email, address } = typeof details === 'string' ? buyer(details) : details;
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await fillAddress(page, address);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** Fills the test provider's card form and presses 'Pay {total}'. */
export async function payWithCard(page: Page, cardNumber: string, total: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Payment' });
  await expect(form.getByText('Test mode')).toBeVisible();
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry').fill('1234');
  await expect(form.getByLabel('Expiry')).toHaveValue('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: `Pay ${usd.format(total)}` }).click();
}
