import type { Page, TestInfo } from '@playwright/test';
import {
  FAKE_LUMAPRINTS_CREDENTIALS,
  FAKE_LUMAPRINTS_STORE,
  fakeLabBasePrice,
} from '../support/fake-lumaprints';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import {
  PAPER,
  choose,
  connectLumaprints,
  paidOrder,
  photoWithLabPrint,
  restoreLabSettings,
  toast,
} from './support/lab';
import { stamp } from './support/orders';

// Issues 26 and 39: the owner sets up her print labs (the e2e server points LUMAPRINTS_API_BASE
// at the Lumaprints double), one card per lab: the connection is tested as typed without saving
// it, the store is chosen from the test's answer, review before sending is a switch. She has a
// print option made by Lumaprints and sees the lab's cost and her margin, at phone and desktop
// size. The lab settings are the shop's own: each test puts them back as they were; the print
// option is its own and is deleted at the end.

const HOLD_MESSAGE = 'The hold must be a whole number of minutes from 0 to 10080 (a week).';
const SAVED_SECRET = 'Saved — leave blank to keep';

/** A screenshot among the test's results, to look at the layout at this size (a dialog: the screen). */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

for (const size of sizes) {
  test.describe(`print lab (${size.name})`, () => {
    test.use(size.use);

    test('the owner tests Lumaprints’ key as typed, chooses the store the test found, turns review on, and has a print option made by the lab with its cost and a low margin', async ({
      page,
      db,
    }, testInfo) => {
      test.setTimeout(90_000);
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
      const stored = () => db('lab_settings').where({ provider: 'lumaprints' }).first();

      try {
        await db('lab_settings').delete();

        // ---- the labs' page: reached from the Orders tab, a card per lab ----
        await page.goto('/admin/orders');
        await page.getByRole('link', { name: 'Print lab' }).click();
        await expect(page.getByRole('heading', { name: 'Print Lab', level: 1 })).toBeVisible();
        const luma = page.getByRole('region', { name: 'Lumaprints', exact: true });
        const prodigi = page.getByRole('region', { name: 'Prodigi', exact: true });
        await expect(luma.getByRole('heading', { name: 'Lumaprints', level: 2 })).toBeVisible();
        // Prodigi asks for a key only, and has no stores
        await expect(prodigi.getByLabel('API key')).toBeVisible();
        await expect(prodigi.getByLabel('API secret')).toHaveCount(0);
        await expect(prodigi.getByRole('switch', { name: /^Send orders to Prodigi/ })).not.toBeChecked();
        const key = luma.getByLabel('API key');
        const secret = luma.getByLabel('API secret');
        await expect(key).toHaveValue('');
        await expect(key).not.toHaveAccessibleDescription(SAVED_SECRET);
        await expect(luma.getByRole('switch', { name: /^Test mode \(sandbox\)/ })).toBeChecked();
        // the store is chosen from a test's answer: none yet
        await expect(luma.getByRole('combobox', { name: 'Store' })).toHaveCount(0);
        await expect(luma).toContainText('Test the connection to choose the store orders go to.');
        await expectNoA11yViolations(page, { label: `print lab settings, empty (${size.name})` });
        await shot(page, testInfo, `lab-settings-empty-${size.name}`);

        // a key the lab refuses: its refusal in words with the lab's own text, nothing saved
        await key.fill('not-a-key');
        await secret.fill('not-a-secret');
        await luma.getByRole('button', { name: 'Test connection' }).click();
        const refused = luma.getByRole('alert');
        await expect(refused).toContainText('Lumaprints');
        await expect(refused).toContainText('Lumaprints said');
        await expect(luma.getByRole('combobox', { name: 'Store' })).toHaveCount(0);
        expect(await stored()).toBeUndefined();

        // the right key and secret, tested as typed: the store found, still nothing saved
        await key.fill(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        await secret.fill(FAKE_LUMAPRINTS_CREDENTIALS.apiSecret);
        await luma.getByRole('button', { name: 'Test connection' }).click();
        const found = luma.getByRole('status');
        await expect(found).toContainText('Connected to Lumaprints (its sandbox): one store.');
        await expect(found).toContainText('It is chosen below: save to send orders to it.');
        const store = luma.getByRole('combobox', { name: 'Store' });
        await expect(store).toHaveText(
          `${FAKE_LUMAPRINTS_STORE.storeName} (#${FAKE_LUMAPRINTS_STORE.storeId})`,
        );
        await expect(key).toHaveValue(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        expect(await stored()).toBeUndefined();
        await shot(page, testInfo, `lab-settings-connected-${size.name}`);

        await luma.getByRole('switch', { name: /^Send orders to Lumaprints/ }).check();
        await luma.getByRole('switch', { name: /^Review orders before sending/ }).check();
        await choose(page, luma, 'Shipping method', 'USPS Ground Advantage');
        await choose(page, luma, 'Production time', 'Next day');
        await luma.getByRole('textbox', { name: 'Margin warning' }).fill('30');

        // Bad input: the server's message under the hold, focused, and nothing stored
        const hold = luma.getByRole('textbox', { name: 'Hold' });
        await hold.fill('20000');
        await luma.getByRole('button', { name: 'Save Changes' }).click();
        await expect(hold).toHaveAccessibleDescription(HOLD_MESSAGE);
        await expect(hold).toHaveAttribute('aria-invalid', 'true');
        await expect(hold).toBeFocused();
        expect(await stored()).toBeUndefined();
        await shot(page, testInfo, `lab-settings-refused-${size.name}`);

        await hold.fill('90');
        await luma.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toast(page, 'Print Lab Settings Saved')).toBeVisible();
        const saved = await stored();
        expect(saved).toMatchObject({
          enabled: true,
          sandbox: true,
          review_before_sending: true,
          shipping_method: 'usps_ground_advantage',
          production_time: 'nextday',
          hold_minutes: 90,
          min_margin_percent: 30,
        });
        expect(saved.provider_settings).toMatchObject({ storeId: FAKE_LUMAPRINTS_STORE.storeId });
        // the key and secret are kept, never in the clear, and never sent back
        expect(saved.api_key_encrypted).toBeTruthy();
        expect(String(saved.api_key_encrypted)).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        const view = await (await page.request.get('/api/admin/lab')).text();
        expect(view).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiKey);
        expect(view).not.toContain(FAKE_LUMAPRINTS_CREDENTIALS.apiSecret);
        await expect(luma.getByText('On', { exact: true })).toBeVisible();

        await page.reload();
        await expect(luma.getByLabel('API key')).toHaveAccessibleDescription(SAVED_SECRET);
        await expect(luma.getByRole('textbox', { name: 'Hold' })).toHaveValue('90');
        await expect(luma.getByRole('switch', { name: /^Send orders to Lumaprints/ })).toBeChecked();
        await expect(luma.getByRole('switch', { name: /^Review orders before sending/ })).toBeChecked();
        await expect(luma.getByRole('combobox', { name: 'Shipping method' })).toHaveText(
          'USPS Ground Advantage',
        );
        await expect(luma).toContainText(`Orders go to store #${FAKE_LUMAPRINTS_STORE.storeId}.`);
        await expectNoA11yViolations(page, { label: `print lab settings (${size.name})` });
        await shot(page, testInfo, `lab-settings-saved-${size.name}`);

        // ---- a print option made by the lab: who makes it, then the lab's product ----
        await page.goto('/admin/manage-item-options');
        const card = page.getByRole('article', { name: label });
        await expect(card).toContainText('You ship it');
        await card.getByRole('button', { name: `Print lab: ${label}` }).click();
        const dialog = page.getByRole('dialog', { name: `Print lab: ${label}` });
        // a print she ships herself starts as hers (issue 51): she picks the lab
        await expect(dialog.getByRole('combobox', { name: 'Made by' })).toHaveText('You (you ship it)');
        await choose(page, dialog, 'Made by', 'Lumaprints');
        // the size in inches comes from the option's size
        await expect(dialog.getByRole('textbox', { name: 'Width' })).toHaveValue('12');
        await expect(dialog.getByRole('textbox', { name: 'Height' })).toHaveValue('18');
        await choose(page, dialog, 'Category', PAPER.category);
        // another paper than the option's (issue 51): warned as she picks it, gone with the right one
        await choose(page, dialog, 'Lab product', 'Hot Press Fine Art Paper');
        const mismatch = dialog.getByRole('alert').filter({ hasText: 'Not the same paper' });
        await expect(mismatch).toHaveText(
          `Not the same paper: buyers order 12x18 ${format}, the lab makes Hot Press Fine Art Paper at 12 x 18 in. The buyer's e-mail says 12x18 ${format}.`,
        );
        await choose(page, dialog, 'Lab product', PAPER.product);
        await expect(mismatch).toHaveCount(0);
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
            provider: string;
            labCost: number;
            labShipping: number;
            margin: number;
            lowMargin: boolean;
          }>;
        };
        const mapped = products.products.find((p) => p.printOptionId === optionId);
        // the lab's own price for 12 x 18 in of this paper, and a margin under 30 % of $25
        expect(mapped?.provider).toBe('lumaprints');
        expect(mapped?.labCost).toBe(fakeLabBasePrice(PAPER.subcategoryId, 12, 18));
        expect(mapped?.lowMargin).toBe(true);
        const row = await db('lab_products').where({ print_option_id: optionId }).first();
        expect(row).toMatchObject({ provider: 'lumaprints', product_name: PAPER.product });
        expect(Number(row.width_in)).toBe(12);
        expect(Number(row.height_in)).toBe(18);

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

        // ---- the labs' prints on the Print Lab page: the lab, the margin, its warning ----
        await page.goto('/admin/orders/print-lab');
        const item = page.getByRole('listitem', { name: `12x18 · ${format}` });
        await expect(item).toContainText('Made by Lumaprints');
        await expect(item).toContainText('Low margin');
        await expect(item).toContainText(`${PAPER.product}, 12×18 in`);
        await expect(item).toContainText(money(mapped!.margin));
        await shot(page, testInfo, `lab-products-${size.name}`);
        await expectNoA11yViolations(page, { label: `prints made by the labs (${size.name})` });

        // ---- back to the owner, from the dialog: made by 'You' ----
        await page.goto('/admin/manage-item-options');
        await card.getByRole('button', { name: `Print lab: ${label}` }).click();
        await choose(page, dialog, 'Made by', 'You (you ship it)');
        await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'You Ship It')).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(card).toContainText('You ship it');
        expect(await db('lab_products').where({ print_option_id: optionId }).first()).toBeUndefined();
      } finally {
        await restoreLabSettings(db, settingsBefore);
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
      let line: Awaited<ReturnType<typeof photoWithLabPrint>> | null = null;
      try {
        await db('lab_settings').delete();
        await connectLumaprints(page, { holdMinutes: 60 });
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
        await expect(section).toContainText('Lumaprints makes every item in this order.');
        // the lab's own panel: where it is, and the print it makes with its file
        const panel = section.getByRole('region', { name: 'Lumaprints', exact: true });
        await expect(panel).toContainText('Waiting to send (until ');
        const prints = panel.getByRole('list', { name: 'Prints made by Lumaprints' });
        await expect(prints).toContainText(line.title);
        await expect(prints).toContainText(`Ordered: 6x4 ${line.material}`);
        await expect(prints).toContainText(`Lab product: ${PAPER.product}`);
        await expect(prints).toContainText('Quantity 1');
        await expect(
          prints.getByRole('link', { name: `Download print file of ${line.title}, 6x4` }),
        ).toHaveAttribute('href', /\S/);
        await shot(page, testInfo, `lab-order-held-${size.name}`, false);
        await expectNoA11yViolations(page, { label: `order details with a lab order (${size.name})` });

        await section.getByRole('button', { name: 'Send to lab now' }).click();
        await expect(toast(page, 'Sending to the Lab')).toBeVisible();
        // the worker sends it; the section asks again until the lab has answered
        await expect(panel).toContainText(/At the lab, order \d+/, { timeout: 20_000 });
        await expect(section.getByRole('button', { name: 'Send to lab now' })).toHaveCount(0);
        const sent = await db('lab_orders').where({ order_id: orderId }).first();
        expect(sent.status).toBe('sent');
        await expect(panel).toContainText(`At the lab, order ${sent.lab_order_number}`);
        await shot(page, testInfo, `lab-order-sent-${size.name}`, false);
      } finally {
        await restoreLabSettings(db, settingsBefore);
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
