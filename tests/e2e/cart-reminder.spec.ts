import { addPrintToCart, uniqueEmail } from './support/checkout';
import { expect, signInAsOwner, test, sizes } from './support/fixtures';

// Issue 49: the checkout offers a cart reminder only once an e-mail is typed, unticked; ticking it
// stores the buyer's consent for her cart with that address, unticking withdraws it.

const BOX = "E-mail me a reminder if I don't finish";

for (const size of sizes) {
  test.describe(`the cart reminder box (${size.name})`, () => {
    test.use(size.use);

    test('appears unticked after the e-mail is typed; ticking stores consent, unticking withdraws it', async ({
      page,
      db,
    }, testInfo) => {
      await addPrintToCart(page);
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Your details' });
      await form.getByLabel('Full Name').fill('Rachel Carson');
      const email = uniqueEmail(`reminder-${size.name}`);
      await form.getByLabel('Email').fill(email.slice(0, 6));
      await expect(form.getByRole('checkbox', { name: BOX })).toHaveCount(0);

      await form.getByLabel('Email').fill(email);
      const box = form.getByRole('checkbox', { name: BOX });
      await expect(box).toBeVisible();
      await expect(box).not.toBeChecked();
      await page.screenshot({
        path: testInfo.outputPath(`checkout-reminder-${size.name}.png`),
        fullPage: false,
      });
      expect(await db('cart_reminders').where({ email }).first()).toBeUndefined();

      const saved = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/cart/reminder' && r.request().method() === 'POST',
      );
      await box.check();
      expect((await saved).status()).toBe(200);
      await expect(box).toBeChecked();
      const row = await db('cart_reminders').where({ email }).first();
      expect(row).toMatchObject({ email, sent_at: null });
      expect(new Date(row.send_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

      // a reload shows it ticked (this cart's consent); unticking withdraws it, the address deleted
      await page.reload();
      await form.getByLabel('Email').fill(email);
      await expect(box).toBeChecked();
      await box.uncheck();
      await expect.poll(async () => (await db('cart_reminders').where({ email }).first()) ?? null).toBeNull();
    });

    test("the owner's screen: reached from Orders, shows the counts, refuses a delay of 0 hours", async ({
      page,
    }, testInfo) => {
      await signInAsOwner(page);
      await page.goto('/admin/orders');
      await page.getByRole('link', { name: 'Cart reminders' }).click();
      await expect(page.getByRole('heading', { name: 'Cart Reminders' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
      const delay = page.getByLabel('Send after (hours)');
      await expect(delay).toHaveValue('24');
      await page.screenshot({ path: testInfo.outputPath(`admin-cart-reminders-${size.name}.png`) });
      await delay.fill('0');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Choose a delay of 1 to 72 hours (a whole number).')).toBeVisible();
    });
  });
}
