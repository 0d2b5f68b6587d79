import { expect, phone, test } from './support/fixtures';
import { resetRateLimit } from './support/rate-limits';

// Issue 21, item 11: with JavaScript off, the FAQ answers open, the phone menu opens and the
// contact form sends (the server answers the page with 'Message Sent!' or the field errors).

for (const size of [
  { name: 'phone', use: phone },
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
]) {
  test.describe(`without JavaScript (${size.name})`, () => {
    test.use({ ...size.use, javaScriptEnabled: false });

    test('a FAQ answer opens, and opening another closes it', async ({ page }) => {
      await page.goto('/faq');
      const items = page.locator('main details');
      expect(await items.count()).toBeGreaterThan(2);
      const firstAnswer = items.nth(0).locator('p');
      await expect(firstAnswer).toBeHidden();
      await items.nth(0).locator('summary').click();
      await expect(firstAnswer).toBeVisible();
      await expect(firstAnswer).not.toBeEmpty();
      await items.nth(1).locator('summary').click();
      await expect(items.nth(1).locator('p')).toBeVisible();
      await expect(firstAnswer).toBeHidden();
    });

    test('the site navigation works', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      if (size.name === 'phone') {
        // the app's menu button needs JavaScript: the menu without it is in its place
        await expect(header.locator('button[aria-controls="mobile-menu"]')).toBeHidden();
        const toggle = header.locator('summary[aria-label="Open menu"]');
        await expect(toggle).toBeVisible();
        const menu = header.getByRole('navigation', { name: 'Mobile' });
        await expect(menu).toBeHidden();
        await toggle.click();
        await expect(menu).toBeVisible();
        await menu.getByRole('link', { name: 'About' }).click();
      } else {
        await expect(header.locator('summary[aria-label="Open menu"]')).toBeHidden();
        await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      }
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { name: 'My Approach' })).toBeVisible();
    });

    test('the contact form sends, and shows the errors of a bad e-mail with what was typed', async ({
      page,
      db,
    }) => {
      await resetRateLimit('contact');
      await page.goto('/contact');
      const message = `Sent without JavaScript from a ${size.name}. Is the heron print framed?`;
      await page.getByLabel('Name').fill('Noor Script');
      await page.getByLabel('Email').fill('noor@');
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('Noor Script');
      await expect(page.getByLabel('Message')).toHaveValue(message);
      expect(await db('contact_messages').where({ message }).first()).toBeUndefined();

      const email = `noor.${size.name}.${Date.now()}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message Sent!')).toBeVisible();
      await expect(page.getByText("Thank you for your message. We'll get back to you soon.")).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('');
      const row = await db('contact_messages').where({ email }).first();
      expect(row).toMatchObject({ name: 'Noor Script', message });
    });
  });
}
