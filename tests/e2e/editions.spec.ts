import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { TEST_CARDS, cartTotal, fillDetails, payWithCard, uniqueEmail } from './support/checkout';
import { expect, sizes, signInAsOwner, test } from './support/fixtures';
import { stamp } from './support/orders';

// A limited edition end to end: the owner makes a photo an edition of 2, two buyers take both
// prints (each gets its number and a certificate that checks out), then the size is sold out.

/** A photo of its own with one print option, made through the admin API of the signed-in page. */
async function newPhoto(page: Page): Promise<{ photoId: number; title: string }> {
  const image = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 92, g: 120, b: 84 } },
  })
    .jpeg()
    .toBuffer();
  const title = `Heron at the weir ${stamp()}`;
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title,
      description: '<p>A great blue heron waits at the weir.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
      displayOrder: 900, // after the shop's photos, which other specs take first
    },
  });
  expect(created.status()).toBe(201);
  const photoId = ((await created.json()) as { id: number }).id;
  const option = await page.request.post('/api/admin/print-options', {
    data: { photoId, size: '8x12', material: 'Fine Art Paper', price: 120, inStock: true },
  });
  expect(option.status()).toBe(201);
  return { photoId, title };
}

/** A buyer in a browser of their own buys the photo's print; answers their page on the order page. */
async function buyPrint(browser: Browser, use: object, photoId: number, tag: string): Promise<Page> {
  const context = await browser.newContext(use);
  const page = await context.newPage();
  await page.goto(`/photo/${photoId}`);
  await page.getByRole('button', { name: /8x12/ }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => cartTotal(page)).toBeGreaterThan(0);
  const total = await cartTotal(page);
  await page.goto('/checkout');
  await fillDetails(page, uniqueEmail(tag));
  await payWithCard(page, TEST_CARDS.success, total);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'View your order' }).click();
  await page.waitForURL('**/orders/**');
  return page;
}

/** The order page shows the print's number; its certificate link appears once the job made it. */
async function certificateOf(page: Page, label: string): Promise<string> {
  await expect(page.getByText(`Edition print ${label}`)).toBeVisible();
  const link = page.getByRole('link', { name: 'Certificate of authenticity' });
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return (await link.getAttribute('href'))!;
}

for (const size of sizes) {
  test.describe(`limited editions (${size.name})`, () => {
    test.use(size.use);

    test('an edition of 2: numbered prints with certificates that check out, then sold out', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      await signInAsOwner(page);
      const { photoId, title } = await newPhoto(page);

      // the owner makes it an edition of 2 on the edit-photo page: the photo form's one save
      await page.goto(`/admin/edit-photo/${photoId}`);
      const section = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Limited edition' }) });
      await expect(section.getByLabel('One edition shared by all sizes')).toBeChecked();
      await section.getByLabel('Edition size').fill('2');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.goto(`/admin/edit-photo/${photoId}`);
      await expect(section.getByText('0 of 2 taken · 2 left')).toBeVisible();
      await expect(section.getByLabel('Edition size')).toHaveValue('2');
      await expect(section.getByRole('button', { name: 'Close edition' })).toBeVisible();
      await section.screenshot({ path: testInfo.outputPath(`admin-edition-${size.name}.png`) });

      // the first buyer sees it, buys, and gets print 1/2 with its certificate
      const first = await browser.newPage(size.use);
      await first.goto(`/photo/${photoId}`);
      await expect(first.getByRole('heading', { name: title })).toBeVisible();
      await expect(first.getByText('Edition of 2 - 2 left').first()).toBeVisible();
      await first.screenshot({ path: testInfo.outputPath(`photo-page-${size.name}.png`), fullPage: true });
      const jsonLd = await first.locator('script[type="application/ld+json"]').first().textContent();
      expect(jsonLd).toContain('VisualArtwork');
      expect(jsonLd).toContain('https://schema.org/LimitedAvailability');
      await first.close();

      const buyer1 = await buyPrint(browser, size.use, photoId, 'edition-first');
      const certificateUrl = await certificateOf(buyer1, '1/2');
      const pdf = await buyer1.request.get(certificateUrl);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // anyone can check it, without JavaScript too
      const certificateId = /\/certificates\/([^/.]+)\.pdf$/.exec(certificateUrl)![1];
      const noJs = await browser.newContext({ ...size.use, javaScriptEnabled: false });
      const verify = await noJs.newPage();
      const answer = await verify.goto(`/verify/${certificateId}`);
      expect(answer?.status()).toBe(200);
      await expect(verify.getByText(/Print 1 of 2, 8x12 Fine Art Paper, sold \w+ \d{4}/)).toBeVisible();
      await expect(verify.getByText('Valid certificate')).toBeVisible();
      await expect(verify.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await verify.screenshot({ path: testInfo.outputPath(`verify-${size.name}.png`), fullPage: true });
      const unknown = await verify.goto('/verify/NoSuchCertificateAtAllXyz1');
      expect(unknown?.status()).toBe(404);
      await noJs.close();

      // the second buyer takes the last print
      await buyer1.goto(`/photo/${photoId}`);
      await expect(buyer1.getByText('Edition of 2 - 1 left').first()).toBeVisible();
      const buyer2 = await buyPrint(browser, size.use, photoId, 'edition-second');
      await certificateOf(buyer2, '2/2');
      await buyer2.screenshot({ path: testInfo.outputPath(`order-page-${size.name}.png`), fullPage: true });

      // sold out: shown, not purchasable
      await buyer2.goto(`/photo/${photoId}`);
      const option = buyer2.getByRole('button', { name: /8x12/ });
      await expect(option).toContainText('Sold out');
      await expect(option).toBeDisabled();
      await buyer2.screenshot({
        path: testInfo.outputPath(`photo-sold-out-${size.name}.png`),
        fullPage: true,
      });
      await buyer1.context().close();
      await buyer2.context().close();
    });

    test("'Save Changes' saves the edition with the photo, and an edition size it refuses stops the save", async ({
      page,
    }) => {
      await signInAsOwner(page);
      const { photoId, title } = await newPhoto(page);
      await page.goto(`/admin/edit-photo/${photoId}`);
      const section = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Limited edition' }) });
      // no button of its own: the form's one save
      await expect(section.getByRole('button', { name: /save|make it an edition/i })).toHaveCount(0);

      await page.getByLabel('Title').fill(`${title} at dawn`);
      await section.getByLabel('Edition size').fill('many');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(section.getByText('Edition size must be a whole number from 1 to 10000')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/edit-photo/${photoId}$`));
      const stored = await page.request.get(`/api/admin/photos/${photoId}`);
      expect(((await stored.json()) as { title: string; edition: unknown }).title).toBe(title);

      await section.getByLabel('Edition size').fill('25');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL('**/admin/dashboard');
      const saved = (await (await page.request.get(`/api/admin/photos/${photoId}`)).json()) as {
        title: string;
        edition: { size: number; left: number } | null;
      };
      expect(saved.title).toBe(`${title} at dawn`);
      expect(saved.edition).toMatchObject({ size: 25, left: 25 });

      // emptied, an edition with no sales is removed by the same save
      await page.goto(`/admin/edit-photo/${photoId}`);
      await expect(section.getByLabel('Edition size')).toHaveValue('25');
      await section.getByLabel('Edition size').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL('**/admin/dashboard');
      const removed = (await (await page.request.get(`/api/admin/photos/${photoId}`)).json()) as {
        edition: unknown;
      };
      expect(removed.edition).toBeNull();
    });
  });
}
