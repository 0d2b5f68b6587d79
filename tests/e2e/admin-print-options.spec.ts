import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { WCAG_AA_TAGS } from './support/axe';
import { expect, phone, signInAsOwner, test } from './support/fixtures';

// Issue 22, item 4: a print option added in the add-photo form gets its shipping, and one matching a
// catalogue option (ratio, size, format) is that option: the form shows the catalogue's price and
// shipping, the photo offers that option, and the catalogue gets no near-copy.

type PrintOption = {
  id: number;
  aspectRatio: string;
  size: string;
  format: string;
  price: number;
  shipping: number;
};

async function photoFile(name: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wf-options-')), name);
  await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 60, g: 90, b: 70 } } })
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

function toast(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

const money = (n: number) => `$${n.toFixed(2)}`;

for (const size of [
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  { name: 'phone', use: phone },
]) {
  test.describe(`add-photo print options (${size.name})`, () => {
    test.use(size.use);

    test('a row matching the catalogue shows its price and shipping; a new one keeps the shipping typed', async ({
      page,
      browser,
      baseURL,
      db,
    }, testInfo) => {
      test.setTimeout(60_000);
      const stamp = `${size.name}-${Date.now().toString(36)}`;
      const title = `Egret ${stamp}`;
      const newSize = `30x45 ${stamp}`;

      // The demo catalogue's 12x18 Lustre Paper for 3:2 photos (price and shipping read, not assumed).
      const catalogue = (await (await page.request.get('/api/item-options')).json()) as PrintOption[];
      const lustre = catalogue.find(
        (o) => o.aspectRatio === '3:2' && o.size === '12x18' && o.format === 'Lustre Paper',
      );
      expect(lustre, 'the demo catalogue offers 12x18 Lustre Paper for 3:2').toBeTruthy();
      const existing = lustre as PrintOption;
      expect(existing.shipping).toBeGreaterThan(0);

      await signInAsOwner(page);
      await page.goto('/admin/add-photo');
      await page
        .locator('input[type="file"][aria-label="Photo Image"]')
        .setInputFiles(await photoFile('egret.jpg'));
      await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
      await page.getByLabel('Title').fill(title);
      await page.getByRole('textbox', { name: 'Description' }).click();
      await page.keyboard.type('An egret in the shallows.');
      await page.getByRole('combobox', { name: 'Aspect Ratio' }).fill('3:2');
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option').first().click();

      // The ratio offered the catalogue's 3:2 options; she keeps one row and adds a fresh one.
      const offeredRows = catalogue.filter((o) => o.aspectRatio === '3:2').length;
      await expect(page.getByRole('group', { name: /^Print option \d+$/ })).toHaveCount(offeredRows);
      for (let n = offeredRows; n >= 2; n--)
        await page.getByRole('button', { name: `Remove print option ${n}` }).click();
      await page.getByRole('button', { name: 'Add Print Option' }).click();

      // Row 1 typed loosely ("12 x 18", "lustre paper") is the catalogue's option.
      const first = page.getByRole('group', { name: 'Print option 1' });
      await first.getByLabel('Size').fill('12 x 18');
      await first.getByLabel('Format').fill('lustre paper');
      await expect(first.getByLabel('Price')).toHaveValue(String(existing.price));
      await expect(first.getByLabel('Shipping')).toHaveValue(String(existing.shipping));
      await expect(first.getByLabel('Price')).not.toBeEditable();
      await expect(first.getByLabel('Shipping')).not.toBeEditable();
      await expect(first.getByText('From the catalogue')).toHaveCount(2);
      await expect(
        first.getByText('12x18 Lustre Paper (3:2) is already in the catalogue', { exact: false }),
      ).toBeVisible();

      // Row 2 is new: its shipping field starts at 0 and takes what she types.
      const second = page.getByRole('group', { name: 'Print option 2' });
      await second.getByLabel('Size').fill(newSize);
      await second.getByLabel('Format').fill('Metal');
      await expect(second.getByLabel('Shipping')).toHaveValue('0');
      await expect(second.getByLabel('Shipping')).toBeEditable();
      await second.getByLabel('Price').fill('450');
      await second.getByLabel('Shipping').fill('-3');
      await page.getByRole('button', { name: 'Add Photo' }).click();
      await expect(second.getByText('Shipping cannot be negative')).toBeVisible();
      await second.getByLabel('Shipping').fill('35');

      const { violations } = await new AxeBuilder({ page })
        .include('fieldset[aria-label^="Print option"]')
        .withTags(WCAG_AA_TAGS)
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await first.screenshot({ path: testInfo.outputPath(`print-option-rows-${size.name}.png`) });
      await page
        .getByRole('group', { name: 'Print option 1' })
        .locator('..')
        .screenshot({ path: testInfo.outputPath(`print-options-${size.name}.png`) });

      await page.getByRole('button', { name: 'Add Photo' }).click();
      await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 20_000 });
      await page.waitForURL('**/admin/dashboard');

      // Stored: the photo offers the catalogue's option itself, and the catalogue has no near-copy.
      const photo = await db('photos').where({ title }).first();
      const offered = await db('photo_print_options')
        .join('print_options', 'print_options.id', 'photo_print_options.print_option_id')
        .where({ photo_id: photo.id })
        .orderBy('price_cents')
        .select('print_options.id', 'size', 'format', 'price_cents', 'shipping_cents');
      expect(offered).toEqual([
        {
          id: existing.id,
          size: '12x18',
          format: 'Lustre Paper',
          price_cents: existing.price * 100,
          shipping_cents: existing.shipping * 100,
        },
        { id: expect.any(Number), size: newSize, format: 'Metal', price_cents: 45000, shipping_cents: 3500 },
      ]);
      const copies = await db('print_options')
        .whereNull('archived_at')
        .where({ aspect_ratio: '3:2' })
        .whereRaw("regexp_replace(lower(size), '\\s+', '', 'g') = '12x18'")
        .whereRaw("regexp_replace(lower(format), '\\s+', '', 'g') = 'lustrepaper'");
      expect(copies.map((o: { id: number }) => o.id)).toEqual([existing.id]);

      // The public photo page charges each option's shipping.
      const visitor = await browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined });
      await visitor.goto(`/photo/${photo.id}`);
      await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
      await visitor.getByRole('button', { name: /12x18/ }).click();
      await expect(
        visitor.getByText(
          `12x18 Lustre Paper · ${money(existing.price)} + ${money(existing.shipping)} shipping`,
        ),
      ).toBeVisible();
      await visitor.getByRole('button', { name: new RegExp(newSize) }).click();
      await expect(visitor.getByText(`${newSize} Metal · $450.00 + $35.00 shipping`)).toBeVisible();
      await visitor.close();
    });
  });
}
