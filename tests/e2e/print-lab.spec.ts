import type { Locator, Page, TestInfo } from '@playwright/test';
import type { Knex } from 'knex';
import sharp from 'sharp';
import {
  FAKE_LUMAPRINTS_CREDENTIALS,
  FAKE_LUMAPRINTS_STORE,
  fakeLabBasePrice,
} from '../support/fake-lumaprints';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { stamp } from './support/orders';

// Issue 26, items 1 and 5: the owner connects the print lab (the e2e server points
// LUMAPRINTS_API_BASE at the Lumaprints double), maps a print option to a lab product and sees
// the lab's cost and her margin, at phone and desktop size. The lab settings are the shop's own:
// each test puts them back as they were; the print option is its own and is deleted at the end.

const HOLD_MESSAGE = 'The hold must be a whole number of minutes from 0 to 10080 (a week).';
const HOLD_HELP =
  'Paid orders wait this long before they go to the lab, so you can cancel or correct the address';
const SAVED_SECRET = 'Saved — leave blank to keep';
const PAPER = { category: 'Fine Art Paper', product: 'Archival Matte Fine Art Paper', subcategoryId: 103001 };

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** A screenshot among the test's results, to look at the layout at this size (a dialog: the screen). */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** Picks a choice of an MUI select by its label. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // the menu fades out: an accessibility check during the fade reads its half-drawn items
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The lab connected through its API, as the settings page saves it. */
async function connectLab(page: Page) {
  const saved = await page.request.put('/api/admin/lab/lumaprints', {
    data: {
      enabled: true,
      sandbox: true,
      ...FAKE_LUMAPRINTS_CREDENTIALS,
      storeId: FAKE_LUMAPRINTS_STORE.storeId,
      shippingMethod: 'default',
      productionTime: 'regular',
      holdMinutes: 60,
      minMarginPercent: 30,
    },
  });
  expect(saved.status()).toBe(200);
}

/** A photo of this test's own (1500 x 1000 px) with one print option, 6x4 in, made by the lab. */
async function photoWithLabPrint(page: Page) {
  const image = await sharp({
    create: { width: 1500, height: 1000, channels: 3, background: { r: 60, g: 100, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title: `Heron at low tide ${stamp()}`,
      description: '<p>A great blue heron in the shallows.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
    },
  });
  expect(created.status()).toBe(201);
  const photoId = ((await created.json()) as { id: number }).id;
  const option = await page.request.post('/api/admin/print-options', {
    data: { photoId, size: '6x4', material: `Lab Lustre ${stamp()}`, price: 60, inStock: true },
  });
  expect(option.status()).toBe(201);
  const printOptionId = ((await option.json()) as { id: number }).id;
  const mapped = await page.request.put(`/api/admin/lab/products/${printOptionId}`, {
    data: { subcategoryId: PAPER.subcategoryId, widthIn: 6, heightIn: 4, optionIds: [39] },
  });
  expect(mapped.status()).toBe(200);
  return { photoId, printOptionId };
}

/** The buyer pays for one print with the test card; answers the order's id once it is paid. */
async function paidOrder(
  page: Page,
  db: Knex,
  line: { photoId: number; printOptionId: number },
  name: string,
) {
  await page.request.delete('/api/cart');
  const added = await page.request.post('/api/cart', { data: { ...line, quantity: 1 } });
  expect(added.status()).toBe(201);
  const { total } = (await added.json()) as { total: number };
  const checkout = await page.request.post('/api/checkout', {
    data: {
      customerName: name,
      customerEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      shippingAddress: '11701 Berwick Road\nSilver Spring, MD 20904',
      totalAmount: total,
      items: [{ ...line, quantity: 1 }],
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

for (const size of sizes) {
  test.describe(`print lab (${size.name})`, () => {
    test.use(size.use);

    test('the owner connects Lumaprints, maps a print option to a lab product and sees its cost and a low margin', async ({
      page,
      db,
    }, testInfo) => {
      const settingsBefore = await db('lab_settings');
      await signInAsOwner(page);
      // a print option of this test's own: $20 + $5 shipping, so the lab's cost leaves a low margin
      const format = `Lab Matte ${stamp()}`;
      const created = await page.request.post('/api/admin/item-options', {
        data: { aspectRatio: '3:2', size: '12x18', format, price: 20, shipping: 5 },
      });
      expect(created.status()).toBe(201);
      const optionId = ((await created.json()) as { id: number }).id;
      const label = `12x18, ${format}`;

      try {
        await db('lab_settings').delete();

        // ---- settings: reached from the Orders tab ----
        await page.goto('/admin/orders');
        await expect(page.getByRole('link', { name: 'Sales tax' })).toBeVisible();
        await shot(page, testInfo, `lab-orders-tab-${size.name}`, false);
        await page.getByRole('link', { name: 'Print lab' }).click();
        await expect(page.getByRole('heading', { name: 'Print Lab', level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Back to Orders' })).toBeVisible();
        const key = page.getByLabel('API key');
        const secret = page.getByLabel('API secret');
        await expect(key).toHaveValue('');
        await expect(key).not.toHaveAccessibleDescription(SAVED_SECRET);
        await expect(page.getByRole('switch', { name: /^Test mode \(sandbox\)/ })).toBeChecked();
        const hold = page.getByRole('textbox', { name: 'Hold' });
        await expect(hold).toHaveValue('60');
        await expect(hold).toHaveAccessibleDescription(HOLD_HELP);
        await shot(page, testInfo, `lab-settings-empty-${size.name}`);

        // the key and secret typed, then the connection tested: they are saved first, the store shows
        await key.fill(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        await secret.fill(FAKE_LUMAPRINTS_CREDENTIALS.apiSecret);
        await page.getByRole('button', { name: 'Test connection' }).click();
        const found = page.getByRole('status').filter({ hasText: 'Connected to Lumaprints' });
        await expect(found).toContainText('1 store found');
        await expect(found).toContainText(FAKE_LUMAPRINTS_STORE.storeName);
        const store = page.getByRole('combobox', { name: 'Store' });
        await expect(store).toHaveText(
          `${FAKE_LUMAPRINTS_STORE.storeName} (#${FAKE_LUMAPRINTS_STORE.storeId})`,
        );
        await expect(key).toHaveValue('');
        await expect(key).toHaveAccessibleDescription(SAVED_SECRET);
        await expect(secret).toHaveAccessibleDescription(SAVED_SECRET);
        await shot(page, testInfo, `lab-settings-connected-${size.name}`);

        await page.getByRole('switch', { name: /^Send orders to Lumaprints/ }).check();
        await choose(page, page, 'Shipping method', 'USPS Ground Advantage');
        await choose(page, page, 'Production time', 'Next day');
        await page.getByRole('textbox', { name: 'Margin warning' }).fill('30');

        // Bad input: the server's message under the hold, focused, and nothing stored
        await hold.fill('20000');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(hold).toHaveAccessibleDescription(HOLD_MESSAGE);
        await expect(hold).toHaveAttribute('aria-invalid', 'true');
        await expect(hold).toBeFocused();
        expect((await db('lab_settings').first())?.enabled).toBe(false);
        await shot(page, testInfo, `lab-settings-refused-${size.name}`);

        await hold.fill('90');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toast(page, 'Print Lab Settings Saved')).toBeVisible();
        const stored = await db('lab_settings').first();
        expect(stored).toMatchObject({
          enabled: true,
          sandbox: true,
          store_id: FAKE_LUMAPRINTS_STORE.storeId,
          shipping_method: 'usps_ground_advantage',
          production_time: 'nextday',
          hold_minutes: 90,
          min_margin_percent: 30,
        });
        // the key and secret are kept, never in the clear, and never sent back
        expect(stored.api_key_encrypted).toBeTruthy();
        expect(String(stored.api_key_encrypted)).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        const view = await (await page.request.get('/api/admin/lab')).text();
        expect(view).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        expect(view).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiSecret);

        await page.reload();
        await expect(page.getByLabel('API key')).toHaveAccessibleDescription(SAVED_SECRET);
        await expect(page.getByRole('textbox', { name: 'Hold' })).toHaveValue('90');
        await expect(page.getByRole('switch', { name: /^Send orders to Lumaprints/ })).toBeChecked();
        await expect(page.getByRole('combobox', { name: 'Shipping method' })).toHaveText(
          'USPS Ground Advantage',
        );
        await expectNoA11yViolations(page, { label: `print lab settings (${size.name})` });

        // ---- a print option made by the lab ----
        await page.goto('/admin/manage-item-options');
        const card = page.getByRole('article', { name: label });
        await expect(card).toContainText('You ship it');
        await card.getByRole('button', { name: `Print lab: ${label}` }).click();
        const dialog = page.getByRole('dialog', { name: `Print lab: ${label}` });
        // the size in inches comes from the option's size
        await expect(dialog.getByRole('textbox', { name: 'Width' })).toHaveValue('12');
        await expect(dialog.getByRole('textbox', { name: 'Height' })).toHaveValue('18');
        await choose(page, dialog, 'Category', PAPER.category);
        await choose(page, dialog, 'Lab product', PAPER.product);
        await choose(page, dialog, 'Bleed', 'No Bleed');
        await shot(page, testInfo, `lab-product-dialog-${size.name}`, false);
        await expectNoA11yViolations(page, { label: `lab product dialog (${size.name})` });

        // a size the lab does not make: its refusal, and nothing stored
        await dialog.getByRole('textbox', { name: 'Height' }).fill('0.5');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByRole('textbox', { name: 'Height' })).toHaveAttribute('aria-invalid', 'true');
        expect(await db('lab_products').where({ print_option_id: optionId }).first()).toBeUndefined();

        await dialog.getByRole('textbox', { name: 'Height' }).fill('18');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Print Lab Product Saved')).toBeVisible();
        const figures = dialog.getByRole('group', { name: /the lab’s cost and your margin/ });
        await expect(figures).toBeFocused();

        const products = (await (await page.request.get('/api/admin/lab/products')).json()) as {
          products: Array<{
            printOptionId: number;
            labCost: number;
            labShipping: number;
            margin: number;
            marginPercent: number;
            lowMargin: boolean;
          }>;
        };
        const mapped = products.products.find((p) => p.printOptionId === optionId);
        // the lab's own price for 12 x 18 in of this paper, and a margin under 30 % of $25
        expect(mapped?.labCost).toBe(fakeLabBasePrice(PAPER.subcategoryId, 12, 18));
        expect(mapped?.lowMargin).toBe(true);
        const row = await db('lab_products').where({ print_option_id: optionId }).first();
        expect(row).toMatchObject({ subcategory_id: PAPER.subcategoryId, product_name: PAPER.product });
        expect(Number(row.width_in)).toBe(12);
        expect(Number(row.height_in)).toBe(18);
        expect(row.option_ids).toEqual([39]);

        await expect(figures).toContainText(`${money(20)} + ${money(5)} shipping`);
        await expect(figures).toContainText(
          `${money(mapped!.labCost)} + ${money(mapped!.labShipping)} shipping`,
        );
        await expect(figures).toContainText(money(mapped!.margin));
        await expect(figures).toContainText('Low margin: under your 30% warning.');
        await shot(page, testInfo, `lab-product-saved-${size.name}`, false);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();
        await expect(card).toContainText('Made by Lumaprints');

        // ---- the lab's prints on the Print Lab page: the margin, its warning, and back to the owner ----
        await page.goto('/admin/orders/print-lab');
        const item = page.getByRole('listitem', { name: `12x18 · ${format}` });
        await expect(item).toContainText('Low margin');
        await expect(item).toContainText(`${PAPER.product}, 12×18 in`);
        await expect(item).toContainText(money(mapped!.margin));
        await shot(page, testInfo, `lab-products-${size.name}`);
        await expectNoA11yViolations(page, { label: `prints made by the lab (${size.name})` });

        await item.getByRole('button', { name: `Make it myself: ${label}` }).click();
        await expect(toast(page, 'You Ship It')).toBeVisible();
        await expect(item).toHaveCount(0);
        expect(await db('lab_products').where({ print_option_id: optionId }).first()).toBeUndefined();
      } finally {
        await db('lab_settings').delete();
        if (settingsBefore.length) await db('lab_settings').insert(settingsBefore);
        await db('lab_products').where({ print_option_id: optionId }).delete();
        // last: an admin write clears the cached public pages after the direct changes above
        await page.request.delete(`/api/admin/item-options/${optionId}`);
      }
    });

    test('a paid order with a lab print waits for the hold; the owner sends it now and sees the lab’s order number', async ({
      page,
      db,
    }, testInfo) => {
      const settingsBefore = await db('lab_settings');
      await signInAsOwner(page);
      const customer = `Lab Buyer ${stamp()}`;
      let line: { photoId: number; printOptionId: number } | null = null;
      try {
        await connectLab(page);
        line = await photoWithLabPrint(page);
        const orderId = await paidOrder(page, db, line, customer);
        // paid: held for the owner's hour before it goes to the lab
        await expect
          .poll(async () => (await db('lab_orders').where({ order_id: orderId }).first())?.status)
          .toBe('held');

        await page.goto('/admin/orders');
        await page.getByLabel('Search orders').fill(customer);
        await page.getByRole('button', { name: `Order #${orderId} details` }).click();
        const dialog = page.getByRole('dialog', { name: 'Order Details' });
        const section = dialog
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'Print lab' }) });
        await expect(section).toContainText('Waiting to send (until ');
        await expect(section).toContainText('Lumaprints makes every item in this order.');
        await shot(page, testInfo, `lab-order-held-${size.name}`, false);
        await expectNoA11yViolations(page, { label: `order details with a lab order (${size.name})` });

        await section.getByRole('button', { name: 'Send to lab now' }).click();
        await expect(toast(page, 'Sending to the Lab')).toBeVisible();
        // the worker sends it; the section asks again until the lab has answered
        await expect(section).toContainText(/At the lab, order \d+/, { timeout: 20_000 });
        await expect(section.getByRole('button', { name: 'Send to lab now' })).toHaveCount(0);
        const sent = await db('lab_orders').where({ order_id: orderId }).first();
        expect(sent.status).toBe('sent');
        await expect(section).toContainText(`At the lab, order ${sent.lab_order_number}`);
        await shot(page, testInfo, `lab-order-sent-${size.name}`, false);
      } finally {
        await db('lab_settings').delete();
        if (settingsBefore.length) await db('lab_settings').insert(settingsBefore);
        if (line) {
          await db('lab_products').where({ print_option_id: line.printOptionId }).delete();
          // the test's photo goes too (one without prints would lead the portfolio for later
          // specs); being an admin write, it also clears the cached public pages
          await page.request.delete(`/api/admin/photos/${line.photoId}`);
        }
      }
    });
  });
}
