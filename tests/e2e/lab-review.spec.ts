import type { Page, TestInfo } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import {
  PAPER,
  connectLumaprints,
  lumaprintsOrdersFor,
  paidOrder,
  photoWithLabPrint,
  restoreLabSettings,
  toast,
} from './support/lab';
import { stamp } from './support/orders';

// Issue 39, item 2: with Lumaprints' "Review orders before sending" on, a paid order waits in
// 'To review' (reached from the Orders tab, with its count) with each print's cropped file, size
// and paper. The owner holds it, then approves it: it is sent at once, and the lab's double has
// exactly one order for it. At phone and desktop size, axe on the list.

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const size of sizes) {
  test.describe(`orders to review (${size.name})`, () => {
    test.use(size.use);

    test('a paid order waits in To review with its print; the owner holds it, then approves it and the lab gets it once', async ({
      page,
      db,
    }, testInfo) => {
      test.setTimeout(90_000);
      const settingsBefore = await db('lab_settings');
      await signInAsOwner(page);
      const customer = `Review Buyer ${stamp()}`;
      let line: Awaited<ReturnType<typeof photoWithLabPrint>> | null = null;
      try {
        await db('lab_settings').delete();
        // review on, and no hold: only the owner's approval keeps it from the lab
        await connectLumaprints(page, { reviewBeforeSending: true, holdMinutes: 0 });
        line = await photoWithLabPrint(page);
        const orderId = await paidOrder(page, db, line, customer);
        const labOrder = () => db('lab_orders').where({ order_id: orderId, provider: 'lumaprints' }).first();
        await expect.poll(async () => (await labOrder())?.status).toBe('review');

        // ---- the Orders tab says an order waits, and leads to the list ----
        await page.goto('/admin/orders');
        const notice = page.getByRole('note').filter({ hasText: 'for your review before going to the lab' });
        await expect(notice).toBeVisible();
        await shot(page, testInfo, `orders-to-review-${size.name}`);
        await notice.getByRole('link', { name: /^To review \(\d+\)$/ }).click();
        await expect(page.getByRole('heading', { name: 'To review', level: 1 })).toBeVisible();

        // ---- the order, its lab and its print: the cropped file, size, paper, quantity ----
        const card = page.getByRole('listitem', { name: `Order #${orderId} · ${customer}` });
        await expect(card).toBeVisible();
        const lab = card.getByRole('region', { name: 'Lumaprints', exact: true });
        await expect(lab).toContainText('To review');
        const prints = lab.getByRole('list', { name: 'Prints made by Lumaprints' });
        await expect(prints).toContainText(line.title);
        // what the buyer ordered beside what the lab makes, and the warning: another paper (issue 51)
        await expect(prints).toContainText(`Ordered: 6x4 ${line.material}`);
        await expect(prints).toContainText(`Lab product: ${PAPER.product}`);
        await expect(prints.getByRole('alert')).toHaveText(
          `Not the same paper: buyers order 6x4 ${line.material}, the lab makes ${PAPER.product} at 6 x 4 in.`,
        );
        await expect(prints).toContainText('Quantity 1');
        const view = (await (await page.request.get('/api/admin/lab/review')).json()) as {
          orders: Array<{ orderId: number; labs: Array<{ lines: Array<{ printFileUrl: string }> }> }>;
        };
        const listed = view.orders.find((o) => o.orderId === orderId);
        expect(listed?.labs[0].lines).toHaveLength(1);
        const download = prints.getByRole('link', { name: `Download print file of ${line.title}, 6x4` });
        await expect(download).toHaveAttribute('href', listed!.labs[0].lines[0].printFileUrl);
        await expectNoA11yViolations(page, { label: `orders to review (${size.name})` });
        await shot(page, testInfo, `lab-review-${size.name}`);

        // ---- held: it waits on, and only approving is left ----
        await card.getByRole('button', { name: `Hold order #${orderId}` }).click();
        await expect(toast(page, 'Order On Hold')).toBeVisible();
        await expect(lab).toContainText('On hold');
        await expect(card.getByRole('button', { name: `Hold order #${orderId}` })).toHaveCount(0);
        expect((await labOrder()).status).toBe('on_hold');
        expect(await lumaprintsOrdersFor(orderId)).toHaveLength(0);

        // ---- approved: sent at once, the lab has it once, the list lets it go ----
        await card.getByRole('button', { name: `Approve and send order #${orderId}` }).click();
        await expect(toast(page, 'Sending to the Lab')).toBeVisible();
        await expect(card).toHaveCount(0);
        await expect.poll(async () => (await labOrder()).status, { timeout: 20_000 }).toBe('sent');
        const atTheLab = await lumaprintsOrdersFor(orderId);
        expect(atTheLab).toHaveLength(1);
        expect(atTheLab[0].orderNumber).toBe((await labOrder()).lab_order_number);
        await shot(page, testInfo, `lab-review-approved-${size.name}`);

        // Order Details: the lab's order number
        await page.goto('/admin/orders');
        await page.getByLabel('Search orders').fill(customer);
        await page.getByRole('button', { name: `Order #${orderId} details` }).click();
        const details = page.getByRole('dialog', { name: 'Order Details' });
        await expect(details.getByRole('region', { name: 'Lumaprints', exact: true })).toContainText(
          `At the lab, order ${atTheLab[0].orderNumber}`,
        );
      } finally {
        await restoreLabSettings(db, settingsBefore);
        if (line) {
          await db('lab_products').where({ print_option_id: line.printOptionId }).delete();
          // the test's photo goes too; being an admin write, it also clears the cached public pages
          await page.request.delete(`/api/admin/photos/${line.photoId}`);
        }
      }
    });
  });
}
