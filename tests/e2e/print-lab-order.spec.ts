import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { orientedPrint } from '../../src/shared/print-crop';
import { FAKE_LUMAPRINTS_CREDENTIALS, FAKE_LUMAPRINTS_STORE } from '../support/fake-lumaprints';
import { expectNoA11yViolations } from './support/axe';
import {
  buyer,
  cartTotal,
  decodedMails,
  fillDetails,
  payWithCard,
  signInOwnerApi,
  TEST_CARDS,
} from './support/checkout';
import { e2e } from './support/e2e-env';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { stamp } from './support/orders';

// Issue 26 end to end, at phone and desktop size, with the lab's local double (started by the e2e
// server at e2e.labUrl): the owner connects the lab and has it make two sizes of a demo photo,
// one the original has the pixels for and one it has not (the resolution guard hides that one
// from buyers and says why in the admin). A buyer pays for the first with a Maryland address; the
// order goes to the lab (no hold), the owner sees it at the lab in Order Details; the lab ships
// (the double calls the shop's webhook), the buyer gets 'Your order has shipped' with the
// tracking link and the owner's list shows the order Shipped. The lab is off again afterwards
// (other specs assume it is) and the options are the owner's to ship again.

type PrintSizes = {
  width: number;
  height: number;
  minPpi: number;
  sizes: {
    printOptionId: number;
    size: string;
    format: string;
    madeBy: 'lab' | 'you';
    offered: boolean;
    ppi: number | null;
    note: string | null;
  }[];
};
type LabOrder = { provider: string; status: string; labOrderNumber: string | null };
type DoubleOrder = {
  orderNumber: string;
  externalId: string;
  received: {
    recipient: Record<string, string>;
    orderItems: { subcategoryId: number; quantity: number; width: number; height: number }[];
  };
};

const PAPER = 103001; // the double's 'Archival Matte Fine Art Paper' (150 dpi)
const MARYLAND = { line1: '11701 Berwick Road', city: 'Silver Spring', state: 'MD', zip: '20904' };

const inchesOf = (size: string) => {
  const m = /(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)/i.exec(size);
  return m ? { widthIn: Number(m[1]), heightIn: Number(m[2]) } : null;
};

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * A demo photo with a size its original has the pixels for at the lab's 150 ppi, a bigger one it
 * has not, and another the owner ships herself: the admin's print-sizes answer for it.
 */
async function photoForTheLab(owner: APIRequestContext) {
  const photos = await json<{ id: number; title: string }[]>(await owner.get('/api/photos'));
  for (const photo of photos) {
    const sizes = await json<PrintSizes>(await owner.get(`/api/admin/photos/${photo.id}/print-sizes`));
    const inInches = sizes.sizes.filter((s) => s.ppi !== null && inchesOf(s.size));
    const fits = inInches.find((s) => s.ppi! >= 150 && s.madeBy === 'you');
    const tooSmall = inInches.find((s) => s.ppi! < 150 && s.madeBy === 'you');
    const yours = inInches.find((s) => s !== fits && s !== tooSmall && s.madeBy === 'you');
    if (fits && tooSmall && yours) return { photo, sizes, fits, tooSmall, yours };
  }
  throw new Error('no demo photo has both a size the lab can make and one it cannot');
}

/** The lab's double: its test control (ship) and what it received (orders). */
async function doubleOrders(): Promise<DoubleOrder[]> {
  const res = await fetch(`${e2e.labUrl}/__double/orders`);
  expect(res.status).toBe(200);
  return (await res.json()) as DoubleOrder[];
}

/** The order's row (desktop) or card (phone) in the admin's list. */
function orderInList(page: Page, desktop: boolean, customer: string): Locator {
  return desktop
    ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: customer })
    : page.getByRole('listitem').filter({ hasText: customer });
}

/** The edit form's row (a fieldset 'Print option N') holding this size and format. */
async function optionRow(page: Page, option: { size: string; format: string }): Promise<Locator> {
  const rows = page.getByRole('group', { name: /^Print option \d+$/ });
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    if (
      (await row.getByLabel('Size').inputValue()) === option.size &&
      (await row.getByLabel('Format').inputValue()) === option.format
    )
      return row;
  }
  throw new Error(`the edit form has no row ${option.size} ${option.format}`);
}

async function openOrders(page: Page, customer: string) {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await page.getByLabel('Search orders').fill(customer);
}

for (const size of sizes) {
  const desktop = size.name === 'desktop';
  test.describe(`a print made by the lab, from payment to shipment (${size.name})`, () => {
    test.use(size.use);

    test('the lab makes a paid print, the owner sees it at the lab, its shipment marks the order shipped and mails the buyer the tracking link', async ({
      page,
      playwright,
      baseURL,
      db,
    }) => {
      // payment, the lab's hold, the send, the shipment and the mail: 40 s on a quiet 2-core machine
      test.setTimeout(120_000);
      test.setTimeout(180_000);
      const settingsBefore = await db('lab_settings');
      const owner = await playwright.request.newContext({ baseURL });
      await signInOwnerApi(owner);
      const { photo, fits, tooSmall, yours } = await photoForTheLab(owner);
      const mapped: number[] = [];

      try {
        // ---- the owner, through the admin API: the lab on (no hold), two sizes made by it ----
        await json(
          await owner.put('/api/admin/lab/lumaprints', {
            data: {
              enabled: true,
              sandbox: true,
              apiKey: FAKE_LUMAPRINTS_CREDENTIALS.apiKey,
              apiSecret: FAKE_LUMAPRINTS_CREDENTIALS.apiSecret,
              settings: { storeId: FAKE_LUMAPRINTS_STORE.storeId },
              shippingMethod: 'default',
              productionTime: 'regular',
              holdMinutes: 0,
              minMarginPercent: 30,
            },
          }),
        );
        for (const s of [fits, tooSmall]) {
          mapped.push(s.printOptionId);
          await json(
            await owner.put(`/api/admin/lab/products/${s.printOptionId}`, {
              data: { provider: 'lumaprints', productId: String(PAPER), ...inchesOf(s.size)! },
            }),
          );
        }
        const guard = await json<PrintSizes>(await owner.get(`/api/admin/photos/${photo.id}/print-sizes`));
        const status = (id: number) => guard.sizes.find((s) => s.printOptionId === id)!;
        expect(status(fits.printOptionId)).toMatchObject({ madeBy: 'lab', offered: true, note: null });
        expect(status(tooSmall.printOptionId)).toMatchObject({
          madeBy: 'lab',
          offered: false,
          note: expect.stringMatching(/^Hidden from buyers: the lab needs \d+ × \d+ px at 150 ppi; /),
        });
        expect(status(yours.printOptionId)).toMatchObject({ madeBy: 'you', offered: true });

        // ---- the buyer: the photo's page offers the lab size, not the one too big for the original ----
        const customer = `Rachel ${stamp()}`;
        const email = `lab-buyer+${stamp()}@example.com`;
        await page.goto(`/photo/${photo.id}`);
        await expect(page.getByRole('heading', { name: photo.title, level: 1 })).toBeVisible();
        const choices = page.getByRole('group', { name: 'Print Options' }).getByRole('button');
        const choice = (s: { size: string; format: string }) =>
          choices.filter({ hasText: s.size }).filter({ hasText: s.format });
        await expect(choice(yours)).toHaveCount(1);
        await expect(choice(tooSmall)).toHaveCount(0);
        await choice(fits).click();
        await expect(choice(fits)).toHaveAttribute('aria-pressed', 'true');
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
        const total = await cartTotal(page);
        await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
        await expect(page).toHaveURL(/\/checkout$/);
        await fillDetails(page, { ...buyer(email), name: customer, address: MARYLAND });
        await payWithCard(page, TEST_CARDS.success, total);
        await expect(page.getByText('Payment Successful').first()).toBeVisible();
        await page.waitForURL((url) => url.pathname === '/');
        await expect
          .poll(async () => (await db('orders').where({ customer_email: email }).first())?.status, {
            timeout: 20_000,
          })
          .toBe('paid');
        const orderId = (await db('orders').where({ customer_email: email }).first()).id as number;

        // ---- the order went to the lab once, with the address in parts and the paper at its size ----
        await expect
          .poll(
            async () =>
              (await json<{ labs: LabOrder[] }>(await owner.get(`/api/admin/orders/${orderId}/lab`))).labs[0]
                ?.status,
            { timeout: 30_000 },
          )
          .toBe('sent');
        const {
          labs: [lab],
        } = await json<{ labs: LabOrder[] }>(await owner.get(`/api/admin/orders/${orderId}/lab`));
        expect(lab.provider).toBe('lumaprints');
        const atTheLab = (await doubleOrders()).filter((o) => o.externalId === String(orderId));
        expect(atTheLab).toHaveLength(1);
        expect(atTheLab[0].orderNumber).toBe(lab.labOrderNumber);
        expect(atTheLab[0].received.recipient).toMatchObject({
          lastName: customer.split(' ')[1],
          addressLine1: MARYLAND.line1,
          city: MARYLAND.city,
          state: 'MD',
          zipCode: MARYLAND.zip,
          country: 'US',
        });
        expect(atTheLab[0].received.orderItems).toEqual([
          // the print's sides turned to the photo's (a landscape 8x12 goes as 12 x 8)
          expect.objectContaining({ subcategoryId: PAPER, quantity: 1, ...dims(fits.size, guard) }),
        ]);

        // ---- the owner: the photo's sizes, who makes each and why one is hidden ----
        await signInAsOwner(page);
        await page.goto(`/admin/manage-photo-options/${photo.id}`);
        await expect(page.getByRole('heading', { name: photo.title })).toBeVisible();
        await expect(page.getByText(`Original: ${guard.width} × ${guard.height} px`)).toBeVisible();
        const card = (s: { size: string; format: string }) =>
          page.getByRole('listitem', { name: `${s.size}, ${s.format}`, exact: true });
        await expect(card(fits)).toContainText(`Made by Lumaprints · ${status(fits.printOptionId).ppi} ppi`);
        await expect(card(fits).getByRole('note')).toHaveCount(0);
        await expect(card(tooSmall)).toContainText(
          `Made by Lumaprints · ${status(tooSmall.printOptionId).ppi} ppi`,
        );
        await expect(card(tooSmall).getByRole('note')).toHaveText(status(tooSmall.printOptionId).note!);
        await expect(card(yours)).toContainText(`Made by you · ${status(yours.printOptionId).ppi} ppi`);
        if (status(yours.printOptionId).note) {
          await expect(card(yours).getByRole('note')).toHaveText(/^Low resolution: \d+ ppi at this size/);
        }
        await expectNoA11yViolations(page, { label: `a photo's print sizes (${size.name})` });
        await page.screenshot({ path: `/tmp/wf/shots/sizes-photo-options-${size.name}.png`, fullPage: true });

        // the photo's edit form says the same beside its saved sizes
        await page.goto(`/admin/edit-photo/${photo.id}`);
        const row = await optionRow(page, tooSmall);
        await expect(row.getByRole('note')).toHaveText(status(tooSmall.printOptionId).note!);
        await expect(row).toContainText(`Made by Lumaprints · ${status(tooSmall.printOptionId).ppi} ppi`);
        await expectNoA11yViolations(page, { label: `the edit form's print sizes (${size.name})` });
        await page
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'Print Options', level: 2 }) })
          .screenshot({ path: `/tmp/wf/shots/sizes-edit-form-${size.name}.png` });

        // ---- Order Details: the order is at the lab ----
        await openOrders(page, customer);
        const entry = orderInList(page, desktop, customer);
        await expect(entry).toHaveCount(1);
        await entry.getByRole('button', { name: `Order #${orderId} details` }).click();
        const details = page.getByRole('dialog', { name: 'Order Details' });
        await expect(details.getByText(`At the lab, order ${lab.labOrderNumber}`)).toBeVisible();
        await page.screenshot({ path: `/tmp/wf/shots/sizes-order-at-lab-${size.name}.png` });
        await page.keyboard.press('Escape');
        await expect(details).toBeHidden();

        // ---- the lab ships: its webhook marks the order shipped, the buyer is mailed the tracking link ----
        const tracking = `1Z999AA1${Date.now().toString().slice(-10)}`;
        const shipped = await fetch(`${e2e.labUrl}/__double/ship`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ externalId: String(orderId), carrier: 'UPS', trackingNumber: tracking }),
        });
        expect(shipped.status).toBe(200);
        expect(await shipped.json()).toEqual({ orderNumber: lab.labOrderNumber, delivered: 200 });
        const shippedMail = () =>
          decodedMails().find(
            (m) =>
              m.includes(`To: ${email}`) && m.includes('Your order has shipped') && m.includes(`#${orderId}`),
          );
        await expect.poll(shippedMail, { timeout: 20_000 }).toBeTruthy();
        expect(shippedMail()).toContain(`Tracking number: ${tracking}`);
        expect(shippedMail()).toContain(`https://www.ups.com/track?tracknum=${tracking}`);
        expect(await db('orders').where({ id: orderId }).first()).toMatchObject({
          fulfillment_status: 'shipped',
          shipping_carrier: 'UPS',
          tracking_number: tracking,
        });

        // the owner's list: Shipped; the details: shipped by the lab, with the tracking link
        await openOrders(page, customer);
        const listed = entry.getByRole('combobox', {
          name: desktop ? `Fulfillment status of order #${orderId}` : 'Fulfillment Status',
        });
        await expect(listed).toHaveText('Shipped');
        await entry.getByRole('button', { name: `Order #${orderId} details` }).click();
        await expect(details.getByText(`Shipped by the lab, order ${lab.labOrderNumber}`)).toBeVisible();
        await expect(details.getByRole('link', { name: tracking })).toHaveAttribute('href', /ups\.com/);
        await page.screenshot({ path: `/tmp/wf/shots/sizes-order-shipped-${size.name}.png` });
      } finally {
        // the owner ships these sizes herself again and the lab is off, as other specs expect
        for (const id of mapped) await owner.delete(`/api/admin/lab/products/${id}`);
        await owner.put('/api/admin/lab/lumaprints', {
          data: {
            enabled: false,
            sandbox: true,
            shippingMethod: 'default',
            productionTime: 'regular',
            holdMinutes: 60,
            minMarginPercent: 30,
          },
        });
        await db('lab_settings').delete();
        if (settingsBefore.length) await db('lab_settings').insert(settingsBefore);
        await owner.dispose();
      }
    });
  });
}

/** The width and height the lab was sent for a size, turned to the photo ('8x12' of a landscape -> 12 and 8). */
function dims(size: string, photo: { width: number; height: number }) {
  const inches = orientedPrint(photo, inchesOf(size)!);
  return { width: inches.widthIn, height: inches.heightIn };
}
