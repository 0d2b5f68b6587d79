import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { resetRateLimit } from './support/rate-limits';

// Issue 21, item 9: on a slow phone the server's HTML takes typing and taps well before the app has
// hydrated; nothing typed or chosen then is lost when it does.

declare global {
  interface Window {
    wfAppReady?: boolean;
  }
}

/** A 4x slower CPU, and a flag that says when the app has hydrated (app/app-ready.tsx). */
async function slowPhoneCpu(page: Page) {
  await page.addInitScript(() => {
    window.wfAppReady = false;
    window.addEventListener('wildframe:app-ready', () => (window.wfAppReady = true), { once: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds the app's modules (all but those of the HTML shell, index.html: the entry and what it
 * imports) until `release()`, so the visitor surely acts before the app hydrates, however fast.
 */
async function holdApp(page: Page): Promise<() => void> {
  const shell = await (await page.request.get('/index.html')).text();
  const own = new Set([...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (!own.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.evaluate(() => window.wfAppReady === true);

/** Waits for the app-ready event, then for the renders that follow it to be on screen. */
async function waitForApp(page: Page) {
  await page.waitForFunction(() => window.wfAppReady === true, undefined, { timeout: 20_000 });
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
}

for (const size of [
  { name: 'phone', use: phone },
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
]) {
  test.describe(`before hydration, with the CPU 4x slower (${size.name})`, () => {
    test.use(size.use);

    test('what is typed in the contact form is kept, with the caret, and sent', async ({ page, db }) => {
      await resetRateLimit('contact');
      await slowPhoneCpu(page);
      const release = await holdApp(page);
      const email = `early.${size.name}.${Date.now()}@example.com`;
      const message = 'Typed before the app started, on a slow phone.\nDo you ship to Alaska?';
      await page.goto('/contact', { waitUntil: 'commit' });
      await page.getByLabel('Name').fill('Early Bird');
      await page.getByLabel('Email').fill(email);
      const messageField = page.getByLabel('Message');
      await messageField.fill(message);
      await messageField.press('ArrowUp'); // the caret moves into the first line
      const caret = await messageField.evaluate((el: HTMLTextAreaElement) => el.selectionStart);
      expect(caret).toBeLessThan(message.indexOf('\n') + 1);
      expect(await hydrated(page), 'typed before the app had hydrated').toBe(false);

      release();
      await waitForApp(page);
      await expect(page.getByLabel('Name')).toHaveValue('Early Bird');
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(messageField).toHaveValue(message);
      await expect(messageField).toBeFocused();
      expect(await messageField.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(caret);

      // the app's state has it too: the form sends it
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message Sent!').first()).toBeVisible();
      const row = await db('contact_messages').where({ email }).first();
      expect(row).toMatchObject({ name: 'Early Bird', message });
    });

    test('a print option chosen on the photo page stays chosen and goes to the cart', async ({ page }) => {
      await slowPhoneCpu(page);
      const release = await holdApp(page);
      await page.goto('/photo/1', { waitUntil: 'commit' });
      const options = page.getByRole('group', { name: 'Print Options' }).getByRole('button');
      const second = options.nth(1);
      await second.click();
      const size = (await second.locator('span').first().textContent()) ?? '';
      expect(size).not.toBe('');
      expect(await hydrated(page), 'chosen before the app had hydrated').toBe(false);

      release();
      await waitForApp(page);
      await expect(second).toHaveAttribute('aria-pressed', 'true');
      await expect(options.first()).toHaveAttribute('aria-pressed', 'false');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog');
      await expect(cart.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      await expect(cart).toContainText(size);
    });

    test('a category picked in the filter bar is the one shown', async ({ page }) => {
      await slowPhoneCpu(page);
      const release = await holdApp(page);
      await page.goto('/portfolio', { waitUntil: 'commit' });
      await page.getByRole('link', { name: 'Birds', exact: true }).click();
      await expect(page).toHaveURL(/\/portfolio\/birds$/);
      expect(await hydrated(page), 'picked before the app had hydrated').toBe(false);

      release();
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Birds Photography' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Birds', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });
  });
}
