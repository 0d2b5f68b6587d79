import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { expect, phone, signInAsOwner, test } from './support/fixtures';

/** A real JPEG on disk, the way the owner picks one from her camera roll. */
async function photoFile(name: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wf-admin-')), name);
  await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 46, g: 75, b: 60 } } })
    .composite([
      {
        input: await sharp({
          create: { width: 500, height: 300, channels: 3, background: { r: 217, g: 196, b: 160 } },
        })
          .png()
          .toBuffer(),
        top: 200,
        left: 300,
      },
    ])
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

type CatalogueOption = { id: number; aspectRatio: string; size: string; price: number };

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

async function addEditAssignAndSignOut(
  browser: Browser,
  baseURL: string | undefined,
  page: Page,
  label: string,
) {
  // The storefront is checked by separate visitors, as her customers see it.
  const freshVisitor = () => browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined });
  const visitor = await freshVisitor();
  const title = `E2E Heron ${label} ${Date.now()}`;
  const image = await photoFile(`heron-${label}.jpg`);

  await signInAsOwner(page);
  await expect(page.getByText('Logged in as owner')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');

  // Add: before a file is chosen, the spec's two default print options are there
  await page.getByRole('link', { name: 'Add New Photo' }).first().click();
  await page.waitForURL('**/admin/add-photo');
  await expect(page.getByLabel('Size')).toHaveCount(2);
  await expect(page.getByLabel('Size').first()).toHaveValue('8x10 inch');
  await page.getByRole('button', { name: 'Add Photo' }).click();
  await expect(toast(page, 'Missing image')).toBeVisible();

  await page.locator('input[type="file"][aria-label="Photo Image"]').setInputFiles(image);
  await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('A heron fishing at dawn.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Patience.');
  await page.getByLabel('Location', { exact: true }).fill('Kenilworth Aquatic Gardens');
  await page.getByLabel('Date Taken').fill('2024');
  await page.getByRole('combobox', { name: 'Aspect Ratio' }).fill('3:2');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('slider', { name: 'Vertical Position' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Vertical Position: 51%')).toBeVisible();

  // Once the ratio is known, the catalogue's 3:2 options are offered (cheapest first); she keeps
  // the first, and the last one cannot be removed.
  const catalogue = (await (await page.request.get('/api/item-options')).json()) as CatalogueOption[];
  const offered = catalogue
    .filter((o) => o.aspectRatio === '3:2')
    .sort((a, b) => a.price - b.price || a.id - b.id);
  expect(offered.length, 'the demo catalogue has 3:2 options').toBeGreaterThan(1);
  await expect(page.getByLabel('Size')).toHaveCount(offered.length);
  await expect(page.getByLabel('Size').first()).toHaveValue(offered[0].size);
  for (let n = offered.length; n >= 2; n--)
    await page.getByRole('button', { name: `Remove print option ${n}` }).click();
  const kept = offered[0].size;
  await page.getByRole('button', { name: 'Remove print option 1' }).click();
  await expect(toast(page, 'Cannot remove')).toBeVisible();
  await page.getByRole('button', { name: 'Add Print Option' }).click();
  // price first: once the row matches a catalogue option (the other size's run made it), the
  // price is the catalogue's and read-only
  await page.getByLabel('Price').last().fill('150');
  await page.getByLabel('Size').last().fill('12x16 inch');

  await page.getByRole('button', { name: 'Add Photo' }).click();
  await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 20_000 });
  await page.waitForURL('**/admin/dashboard');
  // issue 51: the list shows her the new photo (after the demo's), marked
  const added = page.getByRole('article', { name: title });
  await expect(added).toBeInViewport();
  await expect(added.getByText('Just added')).toBeVisible();

  // The storefront sees it at once, with its print options.
  await visitor.goto('/portfolio');
  await visitor
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await visitor.waitForURL(/\/photo\/\d+$/);
  const photoId = Number(visitor.url().split('/').pop());
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  // sizes in their one form: '12x16 inch' is stored as 12x16
  await expect(visitor.getByText(kept, { exact: true }).first()).toBeVisible();
  await expect(visitor.getByText('12x16', { exact: true }).first()).toBeVisible();
  await visitor.close();

  // Edit: new title, one more print option.
  await page.goto('/admin/dashboard');
  await page.getByLabel('Search photos').fill(title);
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(`**/admin/edit-photo/${photoId}`);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  const edited = `${title} edited`;
  await page.getByLabel('Title').fill(edited);
  await page.getByRole('button', { name: 'Add Print Option' }).click();
  const size = `5x7 ${label}`; // typed with 'inch', stored in the one form
  await page.getByLabel(/^Size/).last().fill(`5x7 inch ${label}`);
  await page.getByLabel('Format').last().fill('Fine Art Paper');
  await page.getByLabel('Price').last().fill('45');
  await page.getByLabel('Shipping').last().fill('8');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Photo updated')).toBeVisible({ timeout: 20_000 });
  await page.waitForURL('**/admin/dashboard');

  const afterEdit = await freshVisitor();
  await afterEdit.goto(`/photo/${photoId}`);
  await expect(afterEdit.getByRole('heading', { name: edited })).toBeVisible();
  await expect(afterEdit.getByText(size, { exact: true })).toBeVisible();
  await afterEdit.close();

  // Assign and remove: the new option toggles between Removed and Added.
  await page.goto('/admin/dashboard');
  await page.getByLabel('Search photos').fill(edited);
  await page.getByRole('article', { name: edited }).getByRole('link', { name: 'Options' }).click();
  await page.waitForURL(`**/admin/manage-photo-options/${photoId}`);
  const row = page.getByRole('listitem', { name: `${size}, Fine Art Paper` });
  await expect(row.getByRole('button', { name: 'Added' })).toHaveAttribute('aria-pressed', 'true');
  await row.getByRole('button', { name: 'Removed' }).click();
  await expect(row.getByRole('button', { name: 'Removed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toast(page, 'Success')).toBeVisible();
  await row.getByRole('button', { name: 'Added' }).click();
  await expect(row.getByRole('button', { name: 'Added' })).toHaveAttribute('aria-pressed', 'true');
  await row.getByRole('button', { name: 'Removed' }).click();
  await expect(row.getByRole('button', { name: 'Removed' })).toHaveAttribute('aria-pressed', 'true');

  const afterRemove = await freshVisitor();
  await afterRemove.goto(`/photo/${photoId}`);
  await expect(afterRemove.getByText(kept, { exact: true }).first()).toBeVisible();
  await expect(afterRemove.getByText(size, { exact: true })).toHaveCount(0);
  await afterRemove.close();

  // Delete: confirmed in a dialog, gone from the shop.
  await page.goto(`/admin/edit-photo/${photoId}`);
  await page.getByRole('button', { name: 'Delete Photo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Photo deleted')).toBeVisible();
  await page.waitForURL('**/admin/dashboard');
  const afterDelete = await freshVisitor();
  await afterDelete.goto(`/photo/${photoId}`);
  await expect(afterDelete.getByRole('heading', { name: 'Photo Not Found' })).toBeVisible();
  await afterDelete.close();

  // Sign out
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out')).toBeVisible();
  await page.waitForURL('**/admin/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test.describe('admin photos on a desktop', () => {
  test('adds, shows, edits, assigns options and signs out', async ({ browser, baseURL, page }) => {
    test.setTimeout(90_000); // a whole working session: upload, storefront checks, edit, options
    await addEditAssignAndSignOut(browser, baseURL, page, 'desktop');
  });
});

test.describe('admin photos on a phone', () => {
  test.use(phone);

  test('adds, shows, edits, assigns options and signs out', async ({ browser, baseURL, page }) => {
    test.setTimeout(90_000); // a whole working session: upload, storefront checks, edit, options
    await addEditAssignAndSignOut(browser, baseURL, page, 'phone');
  });

  test('tabs scroll and every tab has its route', async ({ page }) => {
    await signInAsOwner(page);
    await page.getByRole('tab', { name: 'Sale Items' }).click();
    await page.waitForURL('**/admin/sale-items');
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await page.getByRole('tab', { name: 'By Aspect Ratio' }).click();
    await page.getByRole('link', { name: 'Manage Options' }).click();
    await page.waitForURL('**/admin/manage-item-options');
    await expect(page.getByRole('heading', { name: 'Manage Item Options' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Option' }).click();
    await expect(page.getByText('Aspect ratio is required')).toBeVisible();
    await expect(page.getByText('Size is required')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});

test.describe('admin sign-in', () => {
  test('an anonymous visitor is sent to sign in with a toast', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/admin$/);
    await expect(toast(page, 'Authentication required')).toBeVisible();
    await expect(toast(page, 'Please log in to access the admin dashboard.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a wrong password is refused', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('nobody-e2e');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(toast(page, 'Invalid username or password.')).toBeVisible();
  });

  test('a signed-in owner visiting /admin goes to the dashboard', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin');
    await page.waitForURL('**/admin/dashboard');
  });
});
