import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';

// Issue 34, item 7: print options that fit the photo. Before a file is chosen the add form shows the
// spec's defaults (8x10 and 12x16 inch); once the photo's ratio is read, it offers the catalogue's
// options of that ratio with their prices and shipping, and saving offers exactly those.

type PrintOption = {
  id: number;
  aspectRatio: string;
  size: string;
  format: string;
  price: number;
  shipping: number;
};

/** A portrait (2:3) JPEG on disk, as a camera roll holds one. */
async function portraitFile(name: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wf-ratio-')), name);
  await sharp({ create: { width: 1000, height: 1500, channels: 3, background: { r: 70, g: 96, b: 84 } } })
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

const rows = (page: Page) => page.getByRole('group', { name: /^Print option \d+$/ });
const row = (page: Page, n: number) => page.getByRole('group', { name: `Print option ${n}` });

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

for (const size of sizes) {
  test.describe(`add-photo options by aspect ratio (${size.name})`, () => {
    test.use(size.use);

    test("a 2:3 photo is offered the catalogue's 2:3 options; before a file, the spec's defaults", async ({
      page,
      db,
    }, testInfo) => {
      test.setTimeout(90_000);
      const title = `Portrait ${size.name} ${Date.now().toString(36)}`;
      const catalogue = (await (await page.request.get('/api/item-options')).json()) as PrintOption[];
      const portrait = catalogue
        .filter((o) => o.aspectRatio === '2:3')
        .sort((a, b) => a.price - b.price || a.id - b.id);
      expect(portrait.length, 'the demo catalogue has 2:3 options').toBeGreaterThan(1);

      await signInAsOwner(page);
      await page.goto('/admin/add-photo');

      // no file yet: the ratio is unknown, the spec's two defaults show (the admin's chunks may be slow)
      await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
      for (const [n, [sizeText, price]] of [
        ['8x10 inch', '95'],
        ['12x16 inch', '150'],
      ].entries()) {
        await expect(row(page, n + 1).getByLabel('Size')).toHaveValue(sizeText);
        await expect(row(page, n + 1).getByLabel('Format')).toHaveValue('Lustre Paper');
        await expect(row(page, n + 1).getByLabel('Price')).toHaveValue(price);
      }
      await expect(page.getByText("Once the photo's aspect ratio is known", { exact: false })).toBeVisible();

      // a portrait file: the ratio is read, and the catalogue's 2:3 options take the rows' place
      await page
        .locator('input[type="file"][aria-label="Photo Image"]')
        .setInputFiles(await portraitFile('portrait.jpg'));
      await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Aspect Ratio' })).toHaveValue('2:3');
      await expect(
        page.getByText("The catalogue's 2:3 options, at their prices and shipping.", { exact: false }),
      ).toBeVisible();
      await expect(rows(page)).toHaveCount(portrait.length);
      for (const [i, option] of portrait.entries()) {
        const r = row(page, i + 1);
        await expect(r.getByLabel('Size')).toHaveValue(option.size);
        await expect(r.getByLabel('Format')).toHaveValue(option.format);
        await expect(r.getByLabel('Price')).toHaveValue(String(option.price));
        await expect(r.getByLabel('Shipping')).toHaveValue(String(option.shipping));
        await expect(r.getByLabel('Price')).not.toBeEditable();
        await expect(r.getByText('From the catalogue')).toHaveCount(2);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await rows(page)
        .first()
        .locator('..')
        .screenshot({ path: testInfo.outputPath(`offered-options-${size.name}.png`) });

      await page.getByLabel('Title').fill(title);
      await page.getByRole('textbox', { name: 'Description' }).click();
      await page.keyboard.type('A heron standing tall.');
      // MUI's menu may still be opening when the option is clicked: it then stays open over the form
      await expect(async () => {
        if (!(await page.getByRole('listbox').isVisible()))
          await page.getByRole('combobox', { name: 'Category' }).click();
        await page.getByRole('option').first().click({ timeout: 2_000 });
        await expect(page.getByRole('listbox')).toBeHidden({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      const before = Number((await db('print_options').count({ n: '*' }))[0].n);
      await page.getByRole('button', { name: 'Add Photo' }).click();
      await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 20_000 });
      await page.waitForURL('**/admin/dashboard');

      // the photo offers exactly the catalogue's 2:3 options, and no option was made
      const photo = await db('photos').where({ title }).first();
      expect(photo.aspect_ratio).toBe('2:3');
      const offered = await db('photo_print_options').where({ photo_id: photo.id }).pluck('print_option_id');
      expect(offered.sort((a: number, b: number) => a - b)).toEqual(
        portrait.map((o) => o.id).sort((a, b) => a - b),
      );
      expect(Number((await db('print_options').count({ n: '*' }))[0].n)).toBe(before);
    });
  });
}
