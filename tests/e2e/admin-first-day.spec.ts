import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { createAdminAuthModule } from '../../src/modules/admin-auth';
import type { AppContext } from '../../src/platform/context';
import { expectNoA11yViolations } from './support/axe';
import { e2e } from './support/e2e-env';
import { expect, signInAsOwner, test, sizes } from './support/fixtures';
import { photoWithOption, placeOrder, showAllOrders, stamp } from './support/orders';

// Issue 34 ("Right on the first day"), the admin's part, at phone and desktop size: the first
// start's one-time password is replaced before anything else, then the dashboard's set-up
// checklist; the e-mail banner stays hidden after Hide; the owner cancels an unpaid order (list
// and 'Order Details'; a paid one offers no such action); the list shows when an order was paid;
// on a phone a tap anywhere on an order card's upper part opens it.

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });

/** An admin as the first start makes one: a one-time password she must replace. */
async function oneTimeAdmin(db: Knex, username: string, password: string) {
  const { service } = createAdminAuthModule({ db } as unknown as AppContext);
  await service.setPassword(username, password);
  await db('admin_users').where({ username }).update({ must_change_password: true });
}

/** A paid order placed through the API with the test card, in the page's (visitor's) session. */
async function paidOrder(page: Page, db: Knex, customerName: string) {
  const line = await photoWithOption(page);
  await page.request.delete('/api/cart');
  const added = await page.request.post('/api/cart', { data: { ...line, quantity: 1 } });
  const { total } = (await added.json()) as { total: number };
  const checkout = await page.request.post('/api/checkout', {
    data: {
      customerName,
      customerEmail: `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      shippingAddress: '11701 Berwick Road\nSilver Spring, MD 20904',
      totalAmount: total,
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

async function openAllOrders(page: Page, search: string) {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await showAllOrders(page);
  await page.getByLabel('Search orders').fill(search);
}

/** The order's row (desktop) or card (phone) in the list. */
const entryOf = (page: Page, desktop: boolean, text: string) =>
  desktop
    ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: text })
    : page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: text });

for (const size of sizes) {
  const desktop = size.name === 'desktop';
  test.describe(`the admin on the first day (${size.name})`, () => {
    test.use(size.use);

    test('the one-time password is replaced first, then the dashboard shows the set-up checklist', async ({
      page,
      db,
    }) => {
      const username = `first-${size.name}-${stamp()}`;
      await oneTimeAdmin(db, username, 'printed-once-at-start');
      await page.goto('/admin');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('printed-once-at-start');
      await page.getByRole('button', { name: 'Sign In' }).click();

      // issue 51: her very first sign-in is not a return
      await expect(toast(page, 'Welcome!')).toBeVisible();
      await expect(toast(page, 'Welcome back!')).toHaveCount(0);
      // before anything else: no tabs, no admin bar
      await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await expect(page.getByText(`You signed in as ${username}`)).toBeVisible();
      await expectNoA11yViolations(page, { label: `choose a new password (${size.name})` });

      await page.getByLabel(/^New password\s*\*?$/).fill('short');
      await page.getByLabel(/^New password again/).fill('short');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page.getByText('The new password must be 12 to 100 characters long.')).toBeVisible();
      await page.getByLabel(/^New password\s*\*?$/).fill('heron over the marsh');
      await page.getByLabel(/^New password again/).fill('heron over the marsh');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(toast(page, 'Password changed')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(await db('admin_users').where({ username }).first()).toMatchObject({
        must_change_password: false,
      });

      // the dashboard: the checklist, each item with its state, why, and where it is set
      const checklist = page.getByRole('region', { name: 'Set up your shop' });
      await expect(checklist).toBeVisible();
      await expect(checklist.getByText(/^\d of 8 ready · \d need/)).toBeVisible();
      const item = (title: string) =>
        checklist
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(checklist.getByRole('listitem')).toHaveCount(8);
      await expect(item('Payments')).toContainText('Needs attention');
      await expect(item('Payments')).toContainText('Test mode: checkout takes only the test card');
      await expect(item('Payments')).toContainText('see “Payments” in the README');
      await expect(item('E-mail')).toContainText('Not sent: e-mails are saved as files on the server.');
      await expect(item('Admin password')).toContainText('Done');
      await expect(item('Print lab')).toContainText('Optional');
      await expect(item('Backup')).toContainText('Needs attention');
      await expect(item('Shipping notice').getByRole('link', { name: 'Shipping Notice' })).toHaveAttribute(
        'href',
        '/admin/shipping-notice',
      );
      await expect(item('Admin password').getByRole('link', { name: 'Change password' })).toHaveAttribute(
        'href',
        '/admin/password',
      );
      await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, { label: `dashboard with the checklist (${size.name})` });

      // each link goes where the item is set
      await item('Sales tax').getByRole('link', { name: 'Sales tax' }).click();
      await expect(page.getByRole('heading', { name: 'Sales Tax', level: 1 })).toBeVisible();
      await page.goBack();

      // hidden, it stays a one-line summary until something new needs attention
      await checklist.getByRole('button', { name: 'Hide' }).click();
      await expect(checklist.getByRole('listitem').first()).toBeHidden();
      await page.reload();
      await expect(checklist.getByRole('button', { name: 'Show' })).toBeVisible();
      await expect(checklist.getByRole('listitem').first()).toBeHidden();
    });

    test('an admin made from ADMIN_USERNAME is greeted "Welcome!" at her first sign-in, then "Welcome back!"', async ({
      page,
      db,
    }) => {
      // issue 51: as the start makes her from the variables (her own password, never signed in)
      const username = `env-${size.name}-${stamp()}`;
      await createAdminAuthModule({ db } as unknown as AppContext).service.setPassword(
        username,
        'from the env file',
      );
      const signIn = async () => {
        await page.goto('/admin');
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Password').fill('from the env file');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL('**/admin/dashboard');
      };
      await signIn();
      await expect(toast(page, 'Welcome!')).toBeVisible();
      await expect(toast(page, 'Welcome back!')).toHaveCount(0);
      await page.context().clearCookies();
      await signIn();
      await expect(toast(page, 'Welcome back!')).toBeVisible();
    });

    test('the e-mail banner stays hidden after Hide, across a reload, until the mail settings change', async ({
      page,
      db,
    }) => {
      // she has signed in before (whatever spec ran first): this one is a return
      await db('admin_users').where({ username: e2e.admin.username }).update({ last_login_at: new Date() });
      await signInAsOwner(page);
      await expect(toast(page, 'Welcome back!')).toBeVisible(); // a return, with her own password
      const banner = page.getByRole('region', { name: 'E-mail set-up' });
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Hide' }).click();
      await expect(banner).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
      await page.goto('/admin/orders');
      await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
      await expect(banner).toBeHidden();
      // what she hid was e-mail as it was set up then: a change of the settings shows it again
      await page.evaluate(() =>
        localStorage.setItem('wildframe:mail-banner-hidden', JSON.stringify([true, false, '/elsewhere/'])),
      );
      await page.reload();
      await expect(banner).toBeVisible();
    });

    test('the owner cancels an unpaid order from the list and from Order Details; a paid one offers no cancel', async ({
      page,
      browser,
      baseURL,
      db,
    }) => {
      const tag = stamp();
      // three buyers (one session reuses its unpaid order for its next checkout)
      const buyer = async <T>(place: (p: Page) => Promise<T>) => {
        const visitor = await browser.newPage({ baseURL });
        try {
          return await place(visitor);
        } finally {
          await visitor.close();
        }
      };
      const fromList = await buyer((p) => placeOrder(p, `Cancel List ${tag}`));
      const fromDetails = await buyer((p) => placeOrder(p, `Cancel Details ${tag}`));
      const paid = await buyer((p) => paidOrder(p, db, `Cancel Paid ${tag}`));
      await signInAsOwner(page);
      await openAllOrders(page, tag);
      await expect(entryOf(page, desktop, tag)).toHaveCount(3);

      // the paid order: when it was paid, and no cancel
      const paidEntry = entryOf(page, desktop, `Cancel Paid ${tag}`);
      await expect(paidEntry.getByText(/^Paid [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
      await expect(paidEntry.getByRole('button', { name: `Cancel order #${paid}` })).toHaveCount(0);

      // from the list
      const listEntry = entryOf(page, desktop, `Cancel List ${tag}`);
      await expect(listEntry.getByText(/^Paid /)).toHaveCount(0);
      await listEntry.getByRole('button', { name: `Cancel order #${fromList}` }).click();
      const confirm = page.getByRole('dialog', { name: `Cancel order #${fromList}?` });
      await expect(confirm).toContainText('Canceling stops the payment');
      await expectNoA11yViolations(page, { label: `cancel order dialog (${size.name})` });
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await expect(toast(page, 'Order canceled')).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(listEntry.getByText('Canceled', { exact: true }).first()).toBeVisible();
      await expect(listEntry.getByRole('button', { name: `Cancel order #${fromList}` })).toHaveCount(0);
      await expect
        .poll(async () => (await db('orders').where({ id: fromList }).first()).status)
        .toBe('canceled');

      // from Order Details
      await entryOf(page, desktop, `Cancel Details ${tag}`)
        .getByRole('button', { name: `Order #${fromDetails} details` })
        .click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await expect(details.getByText('This order has not been paid yet.')).toBeVisible();
      await details.getByRole('button', { name: 'Cancel order' }).click();
      const confirm2 = page.getByRole('dialog', { name: `Cancel order #${fromDetails}?` });
      await confirm2.getByRole('button', { name: 'Cancel order' }).click();
      await expect(confirm2).toBeHidden();
      await expect(details.getByText('Canceled', { exact: true }).first()).toBeVisible();
      await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      expect(await db('orders').where({ id: fromDetails }).first()).toMatchObject({
        status: 'canceled',
        fulfillment_status: 'canceled',
      });
      await details.getByRole('button', { name: 'Close order details' }).click();

      // the paid order's details: its paid time, and a refund rather than a cancel
      await paidEntry.getByRole('button', { name: `Order #${paid} details` }).click();
      await expect(details.getByText(/^Paid [A-Z][a-z]+ \d{1,2}, \d{4} at /)).toBeVisible();
      await expect(details.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
      await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    });

    test('tapping the buyer, the total or the date of an order opens its details', async ({ page }) => {
      const customer = `Tap Anywhere ${stamp()}`;
      const orderId = await placeOrder(page, customer);
      await signInAsOwner(page);
      await openAllOrders(page, customer);
      const entry = entryOf(page, desktop, customer);
      await expect(entry).toHaveCount(1);
      const details = page.getByRole('dialog', { name: 'Order Details' });
      const total = (await entry
        .getByText(/^\$\d+\.\d{2}$/)
        .first()
        .textContent())!;
      const targets = [
        entry.getByText(customer, { exact: true }),
        entry.getByText(total, { exact: true }).first(),
        entry.getByText(/ ago$|^just now$/),
      ];
      for (const target of targets) {
        // where the text is on screen, as a finger (or the mouse) finds it: what is on top answers
        // (scrolled to first: on a phone the list starts near the bottom of the screen)
        await target.scrollIntoViewIfNeeded();
        const box = (await target.boundingBox())!;
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        if (desktop) await page.mouse.click(x, y);
        else await page.touchscreen.tap(x, y);
        await expect(details).toBeVisible();
        await expect(details.getByText(`#${orderId}`, { exact: true })).toBeVisible();
        await details.getByRole('button', { name: 'Close order details' }).click();
        await expect(details).toBeHidden();
      }
    });
  });
}
