import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { expect, phone, signInAsOwner, test, sizes } from './support/fixtures';

// issue 22: with SMTP unset (the e2e server's default) a contact message reaches the owner in the
// admin inbox, the admin says where mail goes now, and at 390 px every admin section is a tap away.

const TABS = [
  { label: 'Photos', path: '/admin/photos', heading: 'Photos' },
  { label: 'Sale Items', path: '/admin/sale-items', heading: 'Sale Items' },
  { label: 'About', path: '/admin/about', heading: 'About Page' },
  { label: 'Website Data', path: '/admin/website-data', heading: 'Website Data' },
  { label: 'Orders', path: '/admin/orders', heading: 'Orders' },
  { label: 'FAQs', path: '/admin/faqs', heading: 'FAQs' },
  { label: 'Shipping Notice', path: '/admin/shipping-notice', heading: 'Temporary Shipping Notice' },
  { label: 'Numbers', path: '/admin/numbers', heading: 'Numbers' },
];

function stamp(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A visitor's message, sent through the Contact page as she would. */
async function sendContactMessage(page: Page, name: string, message: string) {
  // the page is rendered on the server: type only once it has hydrated
  await page.goto('/contact', { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.org`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent!').first()).toBeVisible();
}

/** The number the admin bar's Messages badge shows (0 when it is hidden). */
async function badgeCount(page: Page): Promise<number> {
  const link = page.getByRole('banner').getByRole('link', { name: /Messages/ });
  const name = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '';
  const match = /(\d+)\s*unread/.exec(name);
  return match ? Number(match[1]) : 0;
}

/**
 * axe scans this screen, not the sign-in toasts still on it (the toast list is checked by the
 * toast specs): wait until they are gone.
 */
async function scanWithoutToasts(page: Page, label: string) {
  await expect(
    page.locator('section[aria-label^="Notifications"] :is([role=status], [role=alert]) > div'),
  ).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, { label });
}

/** The selected tab lies wholly inside the tab bar's visible strip. */
async function expectSelectedTabInView(page: Page, label: string) {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => {
      const [t, strip] = await Promise.all([
        tab.boundingBox(),
        page
          .locator('.MuiTabs-scroller')
          .filter({ has: page.getByRole('tablist', { name: 'Admin sections' }) })
          .boundingBox(),
      ]);
      if (!t || !strip) return false;
      return t.x >= strip.x - 1 && t.x + t.width <= strip.x + strip.width + 1;
    }, `'${label}' is scrolled into view`)
    .toBe(true);
}

for (const size of sizes) {
  test.describe(`admin inbox (${size.name})`, () => {
    test.use(size.use);

    test('a contact message is read in the inbox with SMTP unset, and marking it read lowers the count', async ({
      page,
      browser,
      baseURL,
      db,
    }) => {
      const name = `Rosa ${stamp()}`;
      const text = `Do you sell the heron photograph as a 16x20 print? (${name})`;
      const visitor = await browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined });
      await sendContactMessage(visitor, name, text);
      await visitor.close();
      const stored = await db('contact_messages').where({ name }).first();
      expect(stored).toBeTruthy();

      await signInAsOwner(page);
      // e-mail is not set up on this server: the banner says where mail goes and what to set
      const banner = page.getByRole('region', { name: 'E-mail set-up' });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('outbox/');
      await expect(banner).toContainText('SMTP_URL');

      await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
      const before = await badgeCount(page);
      if (size.name === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).tap();
        await page.getByRole('menuitem', { name: /Messages/ }).tap();
      } else {
        await page
          .getByRole('banner')
          .getByRole('link', { name: /Messages/ })
          .click();
      }
      await page.waitForURL('**/admin/messages');
      await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
      // the banner is on this screen too
      await expect(banner).toBeVisible();

      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(text);
      await expect(card).toContainText(stored.email);
      await expect(card.getByText('Unread', { exact: true })).toBeVisible();
      await expect(card.locator('time')).toHaveAttribute(
        'datetime',
        new Date(stored.created_at).toISOString(),
      );
      const reply = card.getByRole('link', { name: `Reply to ${name}` });
      await expect(reply).toHaveAttribute(
        'href',
        new RegExp(
          `^mailto:${stored.email.replace(/[.+]/g, '\\$&')}\\?subject=Re%3A%20your%20message%20to%20`,
        ),
      );
      // newest first: this message is the first card
      await expect(page.getByRole('listitem').first()).toContainText(name);
      await scanWithoutToasts(page, `messages (${size.name})`);

      await card.getByRole('button', { name: `Mark as read: message from ${name}` }).click();
      await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
      await expect(card.getByRole('button', { name: `Mark as unread: message from ${name}` })).toBeVisible();
      await expect.poll(() => badgeCount(page)).toBe(before - 1);
      expect((await db('contact_messages').where({ id: stored.id }).first()).read_at).not.toBeNull();

      // and it stays read after a reload
      await page.reload();
      await expect(card.getByRole('button', { name: `Mark as unread: message from ${name}` })).toBeVisible();
      expect(await badgeCount(page)).toBe(before - 1);
    });
  });
}

test.describe('admin bar on a phone (390 px)', () => {
  test.use(phone);

  test('every admin section is reached by tapping the menu, and the active tab is in view', async ({
    page,
  }) => {
    test.slow(); // every one of the eight tabs through the menu, then the menu's other entries
    await signInAsOwner(page);
    const shopName = page.getByRole('banner').getByRole('link').first();
    // the shop name is whole: not clipped by its box
    expect(await shopName.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    const menuButton = page.getByRole('button', { name: 'Menu' });
    for (const tab of TABS) {
      await menuButton.tap();
      const menu = page.getByRole('menu', { name: 'Admin sections' });
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: tab.label, exact: true }).tap();
      await page.waitForURL(`**${tab.path}`);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { name: tab.heading, exact: true }).first()).toBeVisible();
      await expectSelectedTabInView(page, tab.label);
    }

    // Messages, then Jobs and View site, then Logout
    await menuButton.tap();
    await page.getByRole('menuitem', { name: /Messages/ }).tap();
    await page.waitForURL('**/admin/messages');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    await menuButton.tap();
    const jobs = page.getByRole('menuitem', { name: 'Jobs', exact: true });
    const jobsHref = await jobs.getAttribute('href');
    expect(jobsHref).toBeTruthy();
    if (jobsHref!.startsWith('/admin/')) {
      await jobs.tap();
      await page.waitForURL(`**${jobsHref}`);
    } else {
      // a server page opened in a new tab: it answers the signed-in owner
      const [popup] = await Promise.all([page.waitForEvent('popup'), jobs.tap()]);
      await popup.waitForLoadState();
      expect(popup.url()).toContain(jobsHref);
      await popup.close();
      await page.keyboard.press('Escape');
    }

    await page.goto('/admin/messages');
    await menuButton.tap();
    await page.getByRole('menuitem', { name: 'View site', exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/admin/orders');
    await expectSelectedTabInView(page, 'Orders');
    await page.goto('/admin/shipping-notice');
    await expectSelectedTabInView(page, 'Shipping Notice');
    await menuButton.tap();
    await scanWithoutToasts(page, 'admin menu (phone)');
    await page.getByRole('menuitem', { name: 'Logout' }).tap();
    await page.waitForURL('**/admin/login');
  });
});

test.describe('admin bar on a desktop', () => {
  test('shows Messages, View site, Jobs and Logout without a menu', async ({ page }) => {
    await signInAsOwner(page);
    await expect(page.getByRole('banner').getByRole('link', { name: /Messages/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View site' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jobs', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    for (const tab of TABS)
      await expect(page.getByRole('tab', { name: tab.label, exact: true })).toBeVisible();
  });
});
