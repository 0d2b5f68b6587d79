import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expectNoA11yViolations } from './support/axe';
import { TEST_CARDS, cartTotal, decodedMails, fillDetails, payWithCard, buyer } from './support/checkout';
import { startDemoLabApp, type DemoLabApp } from './support/demo-lab';
import { e2e } from './support/e2e-env';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { choose, toast } from './support/lab';
import { stamp } from './support/orders';

// Issue 39, item 4: the demo lab. The app runs as an owner trying it would start it, with
// LAB_DEMO=true (a second app of its own, support/demo-lab.ts, so the shared server's specs never
// see demo labs): both labs are on with their built-in doubles and say so, from the dashboard's
// checklist to the Print Lab page. The owner has a print
// made by a demo lab from Sale Items' lab dialog, a buyer pays for it on the storefront, the order
// waits for the lab's hold (Prodigi: the owner presses 'Send to lab now'; Lumaprints: she has set
// the hold to 0), the demo lab takes it and ships it a few seconds later (LAB_DEMO_SHIP_SECONDS):
// Order Details shows it shipped with its tracking, and the buyer's e-mail has the tracking link,
// as has the order page it leads to. At desktop and phone size, axe on each page shown.

type Lab = {
  provider: 'prodigi' | 'lumaprints';
  name: string;
  category: string;
  product: string;
  /** The product's option groups to choose, label -> choice. */
  options: Record<string, string>;
};
const PRODIGI: Lab = {
  provider: 'prodigi',
  name: 'Prodigi',
  category: 'Photo Paper',
  product: 'Lustre Photo Paper',
  options: {},
};
const LUMAPRINTS: Lab = {
  provider: 'lumaprints',
  name: 'Lumaprints',
  category: 'Fine Art Paper',
  product: 'Archival Matte Fine Art Paper',
  options: { Bleed: 'No Bleed' },
};
// one demo lab at each size: the Prodigi double calls its shipment back, Lumaprints' its webhook
const runs = [
  { size: sizes[0], lab: PRODIGI, hold: 'send now' },
  { size: sizes[1], lab: LUMAPRINTS, hold: 'none' },
] as const;

const DEMO_TEXT = 'Demo: nothing is printed or shipped';

let demo: DemoLabApp;
test.use({ baseURL: e2e.demoLab.url });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoLabApp();
});
test.afterAll(async () => {
  await demo?.stop();
});

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** A landscape photo of the test's own (2400 x 1600 px: 8x12 in at 200 ppi) with one 8x12 print. */
async function photoWithPrint(page: Page) {
  const image = await sharp({
    create: { width: 2400, height: 1600, channels: 3, background: { r: 84, g: 110, b: 92 } },
  })
    .jpeg()
    .toBuffer();
  const title = `Marsh wren ${stamp()}`;
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title,
      description: '<p>A marsh wren singing from the cattails.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const photoId = ((await created.json()) as { id: number }).id;
  const format = `Demo Lustre ${stamp()}`;
  const option = await page.request.post('/api/admin/print-options', {
    data: { photoId, size: '8x12', material: format, price: 45, inStock: true },
  });
  expect(option.status(), await option.text()).toBe(201);
  return { photoId, title, size: '8x12', format, label: `8x12, ${format}` };
}

for (const { size, lab, hold } of runs) {
  test.describe(`the demo lab (${size.name}, ${lab.name})`, () => {
    test.use(size.use);

    test(`a print made by the demo ${lab.name} goes from payment to shipped, with the tracking link in the buyer’s e-mail`, async ({
      page,
    }, testInfo) => {
      // payment, the send, the demo's shipment a few seconds later, the mail; axe on six pages
      test.setTimeout(180_000);
      await signInAsOwner(page);

      // ---- the dashboard's checklist says the labs are a demo, and leads to them ----
      const labItem = page
        .getByRole('region', { name: 'Set up your shop' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Print lab', exact: true }) });
      await expect(labItem).toContainText('Needs attention');
      await expect(labItem).toContainText(
        'Demo labs (LAB_DEMO): Lumaprints and Prodigi are built-in stand-ins',
      );
      await labItem.getByRole('link', { name: 'Print lab' }).click();

      // ---- the Print Lab page: both labs on, each marked demo ----
      await expect(page.getByRole('heading', { name: 'Print Lab', level: 1 })).toBeVisible();
      await expect(page.getByRole('note').filter({ hasText: 'Demo lab' })).toContainText(
        'nothing is printed or shipped',
      );
      for (const name of ['Lumaprints', 'Prodigi']) {
        const card = page.getByRole('region', { name, exact: true });
        await expect(card.getByText('On', { exact: true })).toBeVisible();
        await expect(card.getByText(DEMO_TEXT)).toBeVisible();
        await expect(card.getByRole('switch', { name: new RegExp(`^Send orders to ${name}`) })).toBeChecked();
      }
      const card = page.getByRole('region', { name: lab.name, exact: true });
      const holdField = card.getByRole('textbox', { name: 'Hold' });
      await expect(holdField).toHaveValue('2');
      if (hold === 'none') {
        // the owner shortens the demo's hold: paid orders go to the lab at once
        await holdField.fill('0');
        await card.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toast(page, 'Print Lab Settings Saved')).toBeVisible();
        expect((await demo.db('lab_settings').where({ provider: lab.provider }).first()).hold_minutes).toBe(
          0,
        );
      }
      await expectNoA11yViolations(page, { label: `print lab, demo (${size.name})` });
      await shot(page, testInfo, `demo-print-lab-${size.name}`);

      // ---- Sale Items: the print made by the demo lab, from its Print lab dialog ----
      const print = await photoWithPrint(page);
      await page.goto('/admin/manage-item-options');
      const option = page.getByRole('article', { name: print.label });
      await expect(option).toContainText('You ship it');
      await option.getByRole('button', { name: `Print lab: ${print.label}` }).click();
      const dialog = page.getByRole('dialog', { name: `Print lab: ${print.label}` });
      await choose(page, dialog, 'Made by', `${lab.name} (demo)`);
      await expect(dialog.getByText(DEMO_TEXT)).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Width' })).toHaveValue('8');
      await expect(dialog.getByRole('textbox', { name: 'Height' })).toHaveValue('12');
      await choose(page, dialog, 'Category', lab.category);
      await choose(page, dialog, 'Lab product', lab.product);
      for (const [group, choice] of Object.entries(lab.options)) await choose(page, dialog, group, choice);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Print Lab Product Saved')).toBeVisible();
      // the demo lab's own quote: its cost and the owner's margin
      const figures = dialog.getByRole('group', { name: /the lab’s cost and your margin/ });
      await expect(figures).toContainText('$45.00');
      await expect(figures).toContainText(lab.product);
      await expectNoA11yViolations(page, { label: `lab product dialog, demo (${size.name})` });
      await shot(page, testInfo, `demo-lab-product-${size.name}`, false);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(option).toContainText(`Made by ${lab.name} (demo)`);
      const mapped = await demo
        .db('lab_products')
        .join('print_options', 'print_options.id', 'print_option_id');
      expect(mapped.find((p) => p.format === print.format)).toMatchObject({
        provider: lab.provider,
        product_name: lab.product,
      });

      // ---- the buyer pays for it on the storefront ----
      const email = `demo-lab-${stamp()}@example.com`;
      const customer = `Rachel Demo${stamp()}`;
      await page.goto(`/photo/${print.photoId}`);
      await expect(page.getByRole('heading', { name: print.title, level: 1 })).toBeVisible();
      const choice = page
        .getByRole('group', { name: 'Print Options' })
        .getByRole('button')
        .filter({ hasText: print.format });
      await choice.click();
      await expect(choice).toHaveAttribute('aria-pressed', 'true');
      await expectNoA11yViolations(page, { label: `photo page with a demo lab's print (${size.name})` });
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      const total = await cartTotal(page);
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await fillDetails(page, { ...buyer(email), name: customer, phone: '301 555 0142' });
      await payWithCard(page, TEST_CARDS.success, total);
      await expect(page.getByText('Payment Successful').first()).toBeVisible();
      await expect
        .poll(async () => (await demo.db('orders').where({ customer_email: email }).first())?.status, {
          timeout: 20_000,
        })
        .toBe('paid');
      const orderId = (await demo.db('orders').where({ customer_email: email }).first()).id as number;
      const labOrder = () =>
        demo.db('lab_orders').where({ order_id: orderId, provider: lab.provider }).first();

      // ---- the owner's Order Details: held, sent, then shipped by the demo lab ----
      await page.goto('/admin/orders');
      await page.getByLabel('Search orders').fill(customer);
      await page.getByRole('button', { name: `Order #${orderId} details` }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      const panel = details.getByRole('region', { name: lab.name, exact: true });
      await expect(panel.getByText('Demo', { exact: true })).toBeVisible();
      if (hold === 'send now') {
        // the demo's 2-minute hold: the owner sends it now
        await expect(panel).toContainText('Waiting to send (until ');
        expect((await labOrder()).status).toBe('held');
        await expectNoA11yViolations(page, { label: `order details, held for a demo lab (${size.name})` });
        await shot(page, testInfo, `demo-order-held-${size.name}`, false);
        await details.getByRole('button', { name: 'Send to lab now' }).click();
        await expect(toast(page, 'Sending to the Lab')).toBeVisible();
      }
      // the open dialog follows the lab order without being reopened: at the lab, then shipped
      await expect(panel).toContainText(/Shipped by the lab, order \S+/, { timeout: 30_000 });
      const shipped = await labOrder();
      expect(shipped).toMatchObject({ status: 'shipped', lab_order_number: expect.any(String) });
      expect(shipped.tracking_number).toBeTruthy();
      const tracking = shipped.tracking_number as string;
      await expect(panel).toContainText(`Shipped by the lab, order ${shipped.lab_order_number}`);
      await expect(panel).toContainText(`${shipped.carrier} tracking ${tracking}`);
      // the order's own shipping: its status and the tracking link, read again as the lab shipped
      await expect(details.getByRole('link', { name: tracking })).toHaveAttribute(
        'href',
        new RegExp(tracking),
      );
      await expect(details.getByRole('combobox', { name: 'Fulfillment Status' })).toHaveText('Shipped');
      expect(await demo.db('orders').where({ id: orderId }).first()).toMatchObject({
        fulfillment_status: 'shipped',
        tracking_number: tracking,
      });
      await expectNoA11yViolations(page, { label: `order details, shipped by a demo lab (${size.name})` });
      await shot(page, testInfo, `demo-order-shipped-${size.name}`, false);

      // ---- the buyer's e-mail: shipped, with the tracking link; its order page says the same ----
      const shippedMail = () =>
        decodedMails(demo.dataDir).find(
          (m) =>
            m.includes(`To: ${email}`) && m.includes('Your order has shipped') && m.includes(`#${orderId}`),
        );
      await expect.poll(shippedMail, { timeout: 20_000 }).toBeTruthy();
      const mail = shippedMail()!;
      expect(mail).toContain(`Tracking number: ${tracking}`);
      const trackingUrl = /Track your package: (https:\/\/\S+)/.exec(mail)?.[1];
      expect(trackingUrl).toContain(tracking);
      const orderPage = /View your order: (http\S+)/.exec(mail)?.[1];
      expect(orderPage).toBeTruthy();
      await page.goto(orderPage!);
      await expect(page.getByRole('heading', { name: `Order #${orderId}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Track your package' })).toHaveAttribute(
        'href',
        trackingUrl!,
      );
      await expect(page.getByText(`tracking number ${tracking}`)).toBeVisible();
      await expectNoA11yViolations(page, { label: `the buyer's order page, shipped (${size.name})` });
      await shot(page, testInfo, `demo-buyer-order-${size.name}`);
    });
  });
}
