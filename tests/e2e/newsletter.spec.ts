import type { Knex } from 'knex';
import { uniqueEmail } from './support/checkout';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { resetRateLimit } from './support/rate-limits';

// Issue 49, the newsletter as a visitor and the owner use it: sign up in the footer, confirm from
// the e-mail (read from the outbox), get the owner's "new work" e-mail, unsubscribe from its link.

/** The newest e-mail to an address whose subject matches, as the outbox holds it. */
async function mailTo(db: Knex, to: string, subject: RegExp) {
  await expect
    .poll(
      async () =>
        (await db('outbound_emails').where({ to_address: to }).select('subject')).map((r) => r.subject),
      {
        timeout: 20_000,
      },
    )
    .toContainEqual(expect.stringMatching(subject));
  const rows = await db('outbound_emails')
    .where({ to_address: to })
    .orderBy('id', 'desc')
    .select('subject', 'text', 'headers');
  return rows.find((r) => subject.test(r.subject))!;
}
const pathOf = (url: string) => new URL(url).pathname;

for (const size of sizes) {
  test.describe(`newsletter (${size.name})`, () => {
    test.use(size.use);

    test('sign up in the footer, confirm, receive a new work e-mail, unsubscribe', async ({ page, db }) => {
      test.setTimeout(90_000);
      await resetRateLimit('newsletter-subscribe');
      const email = uniqueEmail(`news-${size.name}`);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Newsletter sign-up' });
      await form.scrollIntoViewIfNeeded();
      await page.locator('footer').screenshot({ path: `/tmp/newsletter-footer-${size.name}.png` });
      await form.getByLabel('E-mail me when there is new work').fill(email);
      await form.getByRole('button', { name: 'Sign up' }).click();
      await expect(form.getByRole('status')).toHaveText(
        'Thank you! Please check your e-mail and confirm your subscription.',
      );

      const confirmation = await mailTo(db, email, /^Please confirm your subscription/);
      expect(confirmation.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const confirmUrl = /https?:\/\/\S+\/newsletter\/confirm\/[\w-]+/.exec(confirmation.text)![0];
      await page.goto(pathOf(confirmUrl));
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();

      await signInAsOwner(page);
      await page.goto('/admin/newsletter');
      await expect(page.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
      await page.screenshot({ path: `/tmp/newsletter-admin-${size.name}.png`, fullPage: true });
      const subject = `New owls (${size.name} ${Date.now()})`;
      await page.getByRole('button', { name: 'Write an E-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write an e-mail' });
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Three new owls from the marsh.');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect(dialog.getByTitle('Preview of the e-mail')).toBeVisible();
      await page.screenshot({ path: `/tmp/newsletter-editor-${size.name}.png`, fullPage: true });
      await dialog.getByRole('button', { name: /^Send to \d+ subscribers?$/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();

      const newsletter = await mailTo(db, email, new RegExp(`^${subject.replace(/[()]/g, '\\$&')}$`));
      expect(newsletter.text).toContain('Three new owls from the marsh.');
      const unsubscribeUrl = /<(\S+)>/.exec(newsletter.headers['List-Unsubscribe'])![1];
      expect(newsletter.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
      await page.goto(pathOf(unsubscribeUrl));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      expect(
        await db('newsletter_subscribers').where({ email_key: email.toLowerCase() }).first(),
      ).toBeUndefined();
    });
  });
}
