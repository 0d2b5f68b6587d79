import type { APIRequestContext, Page } from '@playwright/test';
import { e2e } from './e2e-env';
import { expect, outboxMails } from './fixtures';
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
export type BuyerDetails = { name: string; email: string; address: BuyerAddress; phone?: string };

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
  const { name, email, address, phone } = typeof details === 'string' ? buyer(details) : details;
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await fillAddress(page, address);
  if (phone) await form.getByLabel('Phone (optional, for the carrier)').fill(phone);
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

/** Signs an API request context in as the owner (its cookie then carries the admin session). */
export async function signInOwnerApi(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/admin/login', {
    data: { username: e2e.admin.username, password: e2e.admin.password },
  });
  expect(response.ok()).toBe(true);
}

/** Creates a promotion code as the signed-in owner (POST /api/admin/promotions); answers its view. */
export async function createPromotion(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<{ id: number; code: string; summary: string }> {
  const response = await request.post('/api/admin/promotions', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; code: string; summary: string };
}

/**
 * Makes sure the shop collects tax in `state` at `rate` % (shipping taxed or not) with our own
 * rates, keeping the other states as they are; saved settings already so are left untouched. Until
 * the owner saves, nothing is collected (the DC preset is only a suggestion): then they are saved.
 */
export async function ensureTaxIn(
  request: APIRequestContext,
  state: string,
  rate: string,
  shippingTaxed: boolean,
): Promise<void> {
  const current = await request.get('/api/admin/tax');
  expect(current.ok()).toBe(true);
  const settings = (await current.json()) as {
    provider: 'manual' | 'stripe';
    saved: boolean;
    states: { state: string; rate: string; shippingTaxed: boolean }[];
  };
  const found = settings.states.find((s) => s.state === state);
  if (
    settings.saved &&
    settings.provider === 'manual' &&
    found &&
    Number(found.rate) === Number(rate) &&
    found.shippingTaxed === shippingTaxed
  )
    return;
  const states = [
    ...settings.states
      .filter((s) => s.state !== state)
      .map(({ state: st, rate: r, shippingTaxed: t }) => ({
        state: st,
        rate: r,
        shippingTaxed: t,
      })),
    { state, rate, shippingTaxed },
  ];
  const saved = await request.put('/api/admin/tax', { data: { provider: 'manual', states } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/**
 * The outbox's e-mails as read: quoted-printable soft breaks and escapes undone, as UTF-8 (a
 * discount's minus sign is U+2212), newest last.
 */
export function decodedMails(dataDir?: string): string[] {
  return outboxMails(dataDir).map((mail) =>
    Buffer.from(
      mail.replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}
