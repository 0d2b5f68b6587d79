import type { Page } from '@playwright/test';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';

// Issue 47, the owner's gift cards, at phone and desktop size: from Orders to Gift cards, a card
// issued by hand (its code shown once), found in the list, its ledger opened, adjusted, voided.
// What the screens show is checked against what is stored.

function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/gd-${name}.png`, fullPage: true });

for (const size of sizes) {
  test.describe(`admin gift cards (${size.name})`, () => {
    test.use(size.use);

    test.beforeEach(async ({ page }) => {
      await signInAsOwner(page);
    });

    test('the owner issues a card, finds it, opens its ledger, adjusts and voids it', async ({
      page,
      db,
    }) => {
      test.setTimeout(90_000); // a whole session: issue, list, ledger, adjust, void, with screenshots
      await page.goto('/admin/orders');
      await expect(page.getByRole('link', { name: 'Gift cards' })).toBeVisible();
      await shot(page, `orders-${size.name}`);
      await page.getByRole('link', { name: 'Gift cards' }).click();
      await expect(page.getByRole('heading', { name: 'Gift Cards', level: 1 })).toBeVisible();
      await expect(page.getByTestId('gift-cards-outstanding')).toHaveText(/^\$[\d,]+\.\d\d$/);
      const owedBefore = Number(
        (await page.getByTestId('gift-cards-outstanding').textContent())!.replace(/[$,]/g, ''),
      );
      await shot(page, `page-${size.name}`);

      // issue: a refused amount first, then a purchased card of $45 for a fair buyer
      await page.getByRole('button', { name: 'Issue a Gift Card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Gift Card' });
      const amount = dialog.getByRole('spinbutton', { name: 'Amount' });
      await amount.fill('6000');
      await dialog.getByRole('button', { name: 'Add Gift Card' }).click();
      await expect(amount).toHaveAccessibleDescription('Enter an amount from $1 to $5,000.');
      await amount.fill('45');
      await dialog.getByLabel("Recipient's name").fill(`Fair buyer ${size.name}`);
      await shot(page, `issue-${size.name}`);
      await dialog.getByRole('button', { name: 'Add Gift Card' }).click();

      const issued = page.getByRole('dialog', { name: 'Gift Card Issued' });
      const code = (await issued.getByTestId('issued-code').textContent())!;
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
      await expect(
        issued.getByText('This is the only time the code is shown.', { exact: false }),
      ).toBeVisible();
      await shot(page, `issued-${size.name}`);
      await issued.getByRole('button', { name: 'Done' }).click();
      await expect(issued).toBeHidden();

      const last4 = code.slice(-4);
      const stored = await db('gift_cards')
        .where({ last4, recipient_name: `Fair buyer ${size.name}` })
        .first();
      expect(stored).toMatchObject({ kind: 'purchased', initial_cents: 4500, voided_at: null });
      expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));

      // in the list, newest first, and counted in what she owes
      const row = page.getByRole('listitem', { name: `••••${last4}` });
      await expect(
        page.getByRole('list', { name: 'Gift cards' }).getByRole('listitem').first(),
      ).toHaveAccessibleName(`••••${last4}`);
      await expect(row).toContainText('$45.00');
      await expect(row).toContainText('Not e-mailed');
      await expect(page.getByTestId('gift-cards-outstanding')).toHaveText(
        `$${(owedBefore + 45).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );

      // its ledger: issued; then an adjustment below $0 refused, and one of -$12.50 kept
      await row.getByRole('button', { name: `Open ••••${last4}` }).click();
      const card = page.getByRole('dialog', { name: `Gift card ••••${last4}` });
      const ledger = card.getByRole('region', { name: 'Ledger' });
      await expect(ledger.getByText('Issued', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Adjust Balance' }).click();
      const adjustAmount = card.getByRole('spinbutton', { name: 'Amount' });
      await adjustAmount.fill('-50');
      await card.getByRole('textbox', { name: 'Reason' }).fill('Spent at the fair');
      await card.getByRole('button', { name: 'Save Adjustment' }).click();
      await expect(adjustAmount).toHaveAccessibleDescription('The balance can not go below $0.');
      await adjustAmount.fill('-12.50');
      await card.getByRole('button', { name: 'Save Adjustment' }).click();
      await expect(toast(page, 'Balance Adjusted')).toBeVisible();
      await expect(ledger.getByText('Adjusted: Spent at the fair')).toBeVisible();
      await expect(card.getByLabel('Balance $32.50')).toBeVisible();
      await shot(page, `ledger-${size.name}`);

      // void: the balance goes to $0 and the card can no longer be changed
      await card.getByRole('button', { name: 'Void', exact: true }).click();
      await card.getByRole('textbox', { name: 'Reason' }).fill('Reported lost');
      await card.getByRole('button', { name: 'Void Card' }).click();
      await expect(toast(page, 'Gift Card Voided')).toBeVisible();
      await expect(ledger.getByText('Voided: Reported lost')).toBeVisible();
      await expect(card.getByLabel('Balance $0.00')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Adjust Balance' })).toHaveCount(0);
      await shot(page, `voided-${size.name}`);
      const entries = await db('gift_card_entries').where({ gift_card_id: stored.id }).orderBy('id');
      expect(entries.map((e: { kind: string; amount_cents: number }) => [e.kind, e.amount_cents])).toEqual([
        ['issued', 4500],
        ['adjusted', -1250],
        ['voided', -3250],
      ]);
      await card.getByRole('button', { name: 'Close' }).click();
      await expect(row).toContainText('Voided');
      await expect(page.getByTestId('gift-cards-outstanding')).toHaveText(
        `$${owedBefore.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      await shot(page, `list-${size.name}`);
    });

    test('the owner changes the amounts offered and the photos a card shows', async ({ page, db }) => {
      await page.goto('/admin/orders/gift-cards');
      const settings = page.getByRole('region', { name: 'Settings' });
      await settings.getByRole('spinbutton', { name: 'Add an amount' }).fill('75');
      await settings.getByRole('button', { name: 'Add', exact: true }).click();
      const amounts = settings.getByRole('list', { name: 'Amounts offered' });
      await expect(amounts.getByRole('listitem')).toHaveText(['$25.00', '$50.00', '$75.00', '$100.00']);
      await amounts.getByRole('button', { name: '$25.00' }).press('Delete');
      await expect(amounts.getByRole('listitem')).toHaveText(['$50.00', '$75.00', '$100.00']);

      // two photos, the second moved first
      const picker = settings.getByRole('combobox', { name: 'Add a photo' });
      for (let i = 0; i < 2; i++) {
        await picker.click();
        await page.getByRole('option').first().click();
      }
      const chosen = settings.getByRole('list', { name: 'Photos a card can show' }).getByRole('listitem');
      await expect(chosen).toHaveCount(2);
      const secondTitle = (await chosen.nth(1).textContent())!.replace(/^2\. /, '');
      await settings.getByRole('button', { name: `Move ${secondTitle} up` }).click();
      await expect(chosen.first()).toContainText(`1. ${secondTitle}`);
      await shot(page, `settings-${size.name}`);
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await expect(toast(page, 'Gift Card Settings Saved')).toBeVisible();

      const row = await db('gift_card_settings').first();
      expect(row.amounts_cents).toEqual([5000, 7500, 10000]);
      const photos = await db('gift_card_photos').orderBy('position');
      const first = await db('photos').where({ id: photos[0].photo_id }).first();
      expect(photos).toHaveLength(2);
      expect(first.title).toBe(secondTitle);
      // back as it was for the other specs
      await db('gift_card_photos').delete();
      await db('gift_card_settings').update({ amounts_cents: [2500, 5000, 10000] });
    });
  });
}
