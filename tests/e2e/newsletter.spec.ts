import type { Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import { expectNoA11yViolations } from './support/axe';
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
const shots = '/tmp/wf-news';
mkdirSync(shots, { recursive: true });
const confirmedCount = async (db: Knex) =>
  Number(
    (await db('newsletter_subscribers').where({ status: 'confirmed' }).count({ n: '*' }).first())?.n ?? 0,
  );
const campaignStatus = async (db: Knex, subject: string) =>
  (await db('newsletter_campaigns').where({ subject }).first('status'))?.status as string | undefined;

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
      // the preview's unsubscribe link is a sample: it says so, and takes no one off the list
      const previewFrame = dialog.frameLocator('iframe[title="Preview of the e-mail"]');
      await previewFrame.getByRole('link', { name: 'Unsubscribe' }).click();
      await expect(previewFrame.getByRole('heading', { name: 'This is a sample link' })).toBeVisible();
      await expect(previewFrame.getByRole('status')).toContainText('so nothing changed');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect(previewFrame.getByText('Three new owls from the marsh.')).toBeVisible();
      await page.screenshot({ path: `/tmp/newsletter-editor-${size.name}.png`, fullPage: true });
      // the send asks first, naming who it goes to and the rate; Cancel sends nothing
      const sendButton = dialog.getByRole('button', { name: /^Send to \d+ subscribers?$/ });
      await sendButton.click();
      const n = await confirmedCount(db);
      const plural = n === 1 ? 'subscriber' : 'subscribers';
      const ask = page.getByRole('alertdialog', { name: `Send to ${n} ${plural}?` });
      await expect(ask).toBeVisible();
      await expect(ask).toContainText(`“${subject}” goes to every confirmed subscriber: ${n} ${plural}.`);
      await expect(ask).toContainText(
        `At 100 e-mails an hour, ${n === 1 ? 'it goes' : `all ${n} go`} out at once.`,
      );
      await expect(ask).toContainText('Once started, the send cannot be stopped or undone.');
      await expect(ask.getByRole('button', { name: 'Send now' })).toBeEnabled();
      // focus moved into the question (its modal), off the editor behind it
      await expect
        .poll(() =>
          page.evaluate(() => {
            const modal = document.querySelector('[role=alertdialog]')?.closest('.MuiModal-root');
            return Boolean(modal?.contains(document.activeElement));
          }),
        )
        .toBe(true);
      await ask.screenshot({ path: `${shots}/send-confirm-${size.name}.png` });
      await page.screenshot({ path: `${shots}/send-confirm-page-${size.name}.png` });
      await expectNoA11yViolations(page, { label: `send confirmation (${size.name})` });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(sendButton).toBeFocused(); // focus back where she was
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(500);
      expect(await campaignStatus(db, subject)).toBe('draft');
      expect(await db('outbound_emails').where({ subject })).toHaveLength(0);

      await sendButton.click();
      await page
        .getByRole('alertdialog', { name: /^Send to/ })
        .getByRole('button', { name: 'Send now' })
        .click();
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

    test('delete a draft, after being asked', async ({ page, db }) => {
      await signInAsOwner(page);
      await page.goto('/admin/newsletter');
      const subject = `Draft to drop (${size.name} ${Date.now()})`;
      await page.getByRole('button', { name: 'Write an E-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write an e-mail' });
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Not yet.');
      await dialog.getByRole('button', { name: 'Save draft' }).click();
      await expect.poll(() => campaignStatus(db, subject)).toBe('draft');
      await dialog.getByRole('button', { name: 'Close' }).click();
      const row = page.getByRole('listitem', { name: subject });
      await expect(row.getByText('Draft', { exact: true })).toBeVisible();

      const deleteButton = row.getByRole('button', { name: `Delete ${subject}` });
      await deleteButton.click();
      const ask = page.getByRole('alertdialog', { name: 'Delete this draft?' });
      await expect(ask).toContainText(`“${subject}” is deleted. It was never sent. This cannot be undone.`);
      await ask.screenshot({ path: `${shots}/delete-confirm-${size.name}.png` });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(deleteButton).toBeFocused();
      expect(await campaignStatus(db, subject)).toBe('draft');

      await deleteButton.click();
      await ask.getByRole('button', { name: 'Delete' }).click();
      await expect(ask).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: `“${subject}” was deleted.` })).toBeVisible();
      expect(await campaignStatus(db, subject)).toBeUndefined();
    });
  });
}
