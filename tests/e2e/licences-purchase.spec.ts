import sharp from 'sharp';
import {
  TEST_CARDS,
  buyer,
  cartTotal,
  decodedMails,
  fillAddress,
  payWithCard,
  uniqueEmail,
} from './support/checkout';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';
import { photosForSale, stamp } from './support/orders';

// Issue 46 end to end: a buyer compares the licences of a photo, buys a download with a print,
// opens the paid e-mail's link and gets the file (with the licence written into it); anyone can
// check the licence; the owner sees it under the photo.

for (const size of sizes) {
  test.describe(`buying a licence (${size.name})`, () => {
    test.use(size.use);

    test('a download with a print: the e-mail link gives the file, the owner sees the licence', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(150_000);
      const [{ photoId, printOptionId }] = await photosForSale(page);
      const email = uniqueEmail(`licence-${size.name}`);
      const organisation = `Friends of the Refuge ${stamp()}`;

      // a print in the cart (the print flows have their own specs), then the licence from the page
      const print = await page.request.post('/api/cart', { data: { photoId, printOptionId, quantity: 1 } });
      expect(print.ok()).toBe(true);
      await page.goto(`/photo/${photoId}`);
      await page.getByRole('button', { name: 'Downloads and licences' }).click();
      const licences = page.getByRole('list', { name: 'Licences' });
      await expect(licences.getByRole('heading', { name: 'Personal' })).toBeVisible();
      await expect(licences.getByRole('heading', { name: 'Editorial' })).toBeVisible();
      await page.getByRole('radio', { name: /Web, 2048 px/ }).check();
      await page.getByRole('button', { name: /^Add to Cart: Editorial, \$75/ }).click();
      await expect
        .poll(async () => ((await (await page.request.get('/api/cart')).json()) as { count: number }).count)
        .toBe(2);
      await page.screenshot({ path: testInfo.outputPath(`photo-licences-${size.name}.png`), fullPage: true });

      // checkout: the address (a print ships) and who the licence is for
      const total = await cartTotal(page);
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Your details' });
      const { name, address } = buyer(email);
      await form.getByLabel('Full Name').fill(name);
      await form.getByLabel('Email').fill(email);
      await fillAddress(page, address);
      await form.getByLabel('An organisation').check();
      await form.getByLabel('Name of the organisation').fill(organisation);
      await page.screenshot({
        path: testInfo.outputPath(`checkout-licence-${size.name}.png`),
        fullPage: true,
      });
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await payWithCard(page, TEST_CARDS.success, total);
      await page.waitForURL((url) => url.pathname === '/');

      // the paid e-mail: the download link, the certificate, the check page
      let mail = '';
      await expect
        .poll(
          () => (mail = decodedMails().find((m) => m.includes(email) && m.includes('/downloads/')) ?? ''),
          {
            timeout: 30_000,
          },
        )
        .not.toBe('');
      const download = /https?:\/\/[^\s"<>]+\/downloads\/[A-Za-z0-9_-]+/.exec(mail)![0];
      const verify = /https?:\/\/[^\s"<>]+\/licences\/verify\/WL-[A-Z0-9-]+/.exec(mail)![0];

      // the buyer opens the link and gets the file, with its licence written in
      const file = await page.request.get(new URL(download).pathname);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/jpeg');
      expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="[^"]+\.jpg"/);
      const bytes = await file.body();
      const meta = await sharp(bytes).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
      const grantId = /WL-[A-Z0-9-]+/.exec(verify)![0];
      expect(bytes.includes(Buffer.from(grantId))).toBe(true);

      // anyone can check it, without JavaScript
      const noJs = await browser.newContext({ ...size.use, javaScriptEnabled: false });
      const check = await noJs.newPage();
      expect((await check.goto(new URL(verify).pathname))?.status()).toBe(200);
      await expect(check.getByRole('heading', { name: 'Valid licence' })).toBeVisible();
      await expect(check.getByText(organisation).first()).toBeVisible();
      await expect(check.getByText(email)).toHaveCount(0);
      await check.screenshot({ path: testInfo.outputPath(`licence-check-${size.name}.png`), fullPage: true });
      await noJs.close();

      // the owner sees the licence under the photo
      await signInAsOwner(page);
      await page.goto(`/admin/edit-photo/${photoId}`);
      const sold = page.getByRole('region', { name: 'Licences sold' });
      await expect(sold.getByText(organisation)).toBeVisible();
      await sold.screenshot({ path: testInfo.outputPath(`licences-sold-${size.name}.png`) });
    });
  });
}
