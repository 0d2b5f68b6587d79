import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { stamp } from './support/orders';

// Issue 25, items 2, 6 and 8: the owner's promotion codes and sales tax screens, reached from the
// Orders tab, at phone and desktop size. What the screens show is checked against what is stored.

// By its element, not its role: while a dialog is open the rest of the page is aria-hidden.
function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** A full-page screenshot among the test's results, to look at the layout at this size. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

async function openFromOrders(page: Page, link: string, heading: string) {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await page.getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

const RATE_MESSAGE = 'The rate must be a percentage from 0 to 99.9999 (at most 4 decimal places).';
const PERCENT_MESSAGE = 'Percent off must be a whole number from 1 to 100.';

for (const size of sizes) {
  test.describe(`admin promotion codes and sales tax (${size.name})`, () => {
    test.use(size.use);

    test.beforeEach(async ({ page }) => {
      await signInAsOwner(page);
    });

    test('the owner adds a percent code, pauses and resumes it; a 101 % discount is refused', async ({
      page,
      db,
    }, testInfo) => {
      const code = `SAVE${stamp()}`.toUpperCase().slice(0, 40);
      await page.goto('/admin/orders');
      await expect(page.getByRole('link', { name: 'Sales tax' })).toBeVisible();
      await shot(page, testInfo, `orders-${size.name}`);
      await openFromOrders(page, 'Promotion codes', 'Promotion Codes');

      await page.getByRole('button', { name: 'Add Promotion Code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Promotion Code' });
      await dialog.getByLabel('Code').fill(code);
      await expect(dialog.getByRole('radio', { name: 'Percent off' })).toBeChecked();
      const percent = dialog.getByRole('spinbutton', { name: 'Percent off' });
      await percent.fill('101');
      await dialog.getByLabel('Total uses').fill('5');
      await shot(page, testInfo, `promotion-dialog-${size.name}`);

      // Bad input: the server's message under the field, and nothing stored or listed.
      await dialog.getByRole('button', { name: 'Add Promotion Code' }).click();
      await expect(percent).toHaveAccessibleDescription(PERCENT_MESSAGE);
      await expect(percent).toHaveAttribute('aria-invalid', 'true');
      await expect(percent).toBeFocused();
      await expect(dialog).toBeVisible();
      await shot(page, testInfo, `promotion-refused-${size.name}`);
      await expectNoA11yViolations(page, { label: `promotion dialog (${size.name})` });
      expect(await db('promotion_codes').where({ code }).first()).toBeUndefined();

      await percent.fill('20');
      await expect(percent).not.toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('button', { name: 'Add Promotion Code' }).click();
      await expect(toast(page, 'Promotion Code Added')).toBeVisible();
      await expect(dialog).toBeHidden();

      const stored = await db('promotion_codes').where({ code }).first();
      expect(stored).toMatchObject({ kind: 'percent', max_uses: 5, paused: false });
      const listed = (await (await page.request.get('/api/admin/promotions')).json()) as {
        promotions: { code: string; summary: string }[];
      };
      const summary = listed.promotions.find((p) => p.code === code)?.summary ?? '';
      expect(summary).toMatch(/^20% off/);

      const item = page.getByRole('listitem', { name: code });
      await expect(item).toContainText(summary);
      await expect(item).toContainText('0 used of 5');
      await expect(item).toContainText('Active');
      await expect(item).toContainText('No expiry');
      await shot(page, testInfo, `promotions-${size.name}`);
      await expectNoA11yViolations(page, { label: `promotion codes (${size.name})` });

      await item.getByRole('button', { name: `Pause ${code}` }).click();
      await expect(toast(page, 'Code Paused')).toBeVisible();
      await expect(item).toContainText('Paused');
      await expect(item.getByRole('button', { name: `Resume ${code}` })).toBeVisible();
      expect((await db('promotion_codes').where({ code }).first()).paused).toBe(true);

      await item.getByRole('button', { name: `Resume ${code}` }).click();
      await expect(toast(page, 'Code Resumed')).toBeVisible();
      await expect(item).toContainText('Active');
      expect((await db('promotion_codes').where({ code }).first()).paused).toBe(false);

      // Edit: the dialog opens with the code's values; it becomes $5.50 off one photo and one
      // format, until the end of next year.
      await item.getByRole('button', { name: `Edit ${code}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Promotion Code' });
      await expect(edit.getByLabel('Code')).toHaveValue(code);
      await expect(edit.getByRole('spinbutton', { name: 'Percent off' })).toHaveValue('20');
      await expect(edit.getByLabel('Total uses')).toHaveValue('5');
      await edit.getByRole('radio', { name: 'Amount off' }).check();
      await edit.getByRole('spinbutton', { name: 'Amount off' }).fill('5.50');
      const expires = `${new Date().getFullYear() + 1}-12-31T23:59`;
      await edit.getByLabel('Expires').fill(expires);
      await edit.getByRole('combobox', { name: 'Limit to photos' }).click();
      const photo = page.getByRole('option').first();
      const photoTitle = (await photo.textContent()) ?? '';
      await photo.click();
      await expect(edit.getByRole('button', { name: photoTitle })).toBeVisible();
      await edit.getByRole('combobox', { name: 'Limit to print formats' }).click();
      const format = page.getByRole('option').first();
      const formatName = (await format.textContent()) ?? '';
      await format.click();
      await expect(edit.getByRole('button', { name: formatName })).toBeVisible();
      await shot(page, testInfo, `promotion-edit-${size.name}`);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Promotion Code Updated')).toBeVisible();

      const edited = await db('promotion_codes').where({ code }).first();
      expect(edited).toMatchObject({
        kind: 'amount',
        percent_off: null,
        amount_off_cents: 550,
        max_uses: 5,
        formats: [formatName],
      });
      expect(edited.photo_ids).toHaveLength(1);
      const expiresAt = await page.evaluate((local) => new Date(local).getTime(), expires);
      expect(new Date(edited.expires_at).getTime()).toBe(expiresAt);
      await expect(item).toContainText('$5.50 off');
      await expect(item).toContainText(`Expires December 31, ${new Date().getFullYear() + 1}`);

      // An unused code can be deleted, after confirming.
      await item.getByRole('button', { name: `Delete ${code}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete promotion code' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Code Deleted')).toBeVisible();
      await expect(page.getByRole('listitem', { name: code })).toHaveCount(0);
      expect(await db('promotion_codes').where({ code }).first()).toBeUndefined();
    });

    test('the tax page shows the DC preset and its source; Maryland is added at 6 %; the report downloads', async ({
      page,
      db,
    }, testInfo) => {
      // The settings are the shop's own: put them back as they were for the specs that follow.
      const [settingsBefore, statesBefore] = await Promise.all([db('tax_settings'), db('tax_states')]);
      try {
        // Never saved: the shop starts from its DC preset.
        await db('tax_states').delete();
        await db('tax_settings').delete();

        await openFromOrders(page, 'Sales tax', 'Sales Tax');
        await expect(page.getByRole('radio', { name: /^Our rates/ })).toBeChecked();

        const dc = page.getByRole('group', { name: 'District of Columbia' });
        await expect(dc.getByLabel('Tax rate')).toHaveValue('6.5');
        await expect(dc.getByRole('switch', { name: 'Tax shipping' })).toBeChecked();
        const source = dc.getByRole('link', { name: /^Official rates: / });
        await expect(source).toHaveAttribute('href', /^https:\/\//);
        await expect(source).toHaveAttribute('target', '_blank');
        await expect(dc).toContainText('Rate last changed');
        await expect(dc).toContainText('Preset: check this rate');
        // issue 34: a suggestion only, and the screen says nothing is collected until she saves
        await expect(dc).toContainText('A suggestion: not collected until you save.');
        const notCollected = page.getByRole('note').filter({ hasText: 'No sales tax is collected yet' });
        await expect(notCollected).toContainText('Checkout charges no tax until you save these settings.');
        await shot(page, testInfo, `tax-${size.name}`);
        await expectNoA11yViolations(page, { label: `sales tax, never saved (${size.name})` });

        await page.getByRole('combobox', { name: 'Add a state' }).click();
        await page.getByRole('option', { name: 'Maryland', exact: true }).click();
        await page.getByRole('button', { name: 'Add State' }).click();
        const md = page.getByRole('group', { name: 'Maryland' });
        await expect(md.getByLabel('Tax rate')).toBeFocused();
        // Bad input: the server's message under the rate, and nothing stored.
        await md.getByLabel('Tax rate').fill('6.12345');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(md.getByLabel('Tax rate')).toHaveAccessibleDescription(RATE_MESSAGE);
        await expect(md.getByLabel('Tax rate')).toBeFocused();
        expect(await db('tax_states').where({ state: 'MD' }).first()).toBeUndefined();

        await md.getByLabel('Tax rate').fill('6');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toast(page, 'Tax Settings Saved')).toBeVisible();
        await expect(md.getByRole('link', { name: /^Official rates: / })).toBeVisible();
        // issue 51: the day Maryland's 6 % took effect, not the day she saved it
        await expect(md).toContainText('Rate last changed Jan 3, 2008');
        await expect(dc).not.toContainText('Preset: check this rate');
        await expect(notCollected).toHaveCount(0);
        expect(await db('tax_settings')).toHaveLength(1);

        const stored = await db('tax_states').where({ state: 'MD' }).first();
        expect(Number(stored.rate)).toBe(6);
        expect(stored.shipping_taxed).toBe(false);

        await page.reload();
        await expect(page.getByRole('group', { name: 'Maryland' }).getByLabel('Tax rate')).toHaveValue('6');
        await expect(dc.getByLabel('Tax rate')).toHaveValue('6.5');
        await shot(page, testInfo, `tax-saved-${size.name}`);
        await expectNoA11yViolations(page, { label: `sales tax (${size.name})` });

        // The report: this month by default, a CSV whose first line is its header.
        const month = await page.evaluate(() => {
          const now = new Date();
          return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
        });
        await expect(page.getByLabel('Month')).toHaveValue(month);
        const link = page.getByRole('link', { name: 'Download CSV' });
        await expect(link).toHaveAttribute('href', `/api/admin/orders/tax-report?month=${month}`);
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
        expect(csv.split(/\r?\n/)[0]).toBe(
          'Month,State,Orders,Taxable sales,Tax collected,Refunds,Tax reversed,Net tax,Taxable licence sales',
        );
      } finally {
        await db.transaction(async (trx) => {
          await trx('tax_states').delete();
          if (statesBefore.length) await trx('tax_states').insert(statesBefore);
          await trx('tax_settings').delete();
          if (settingsBefore.length) await trx('tax_settings').insert(settingsBefore);
        });
      }
    });
  });
}
