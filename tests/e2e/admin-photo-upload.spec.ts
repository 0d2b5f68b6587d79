import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, phone, signInAsOwner, test } from './support/fixtures';
import { GPS_TRACES, makeCameraJpeg } from '../support/camera-jpeg';

// A camera file from the owner's phone: the ratio and date come from the file, the camera details
// are kept (shown only when she asks), the position never. The e2e server is a default shop
// (MAX_PHOTO_MB unset): a 16 MB, 6000x4000 camera JPEG is taken, with the bytes sent shown while it
// uploads, and only a file over 50 MB is refused.

const MB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'wf-upload-'));
async function fileOf(name: string, data: Buffer | Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, await data);
  return file;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

const photoInput = (page: Page) => page.locator('input[type="file"][aria-label="Photo Image"]');

async function fillTitleDescriptionCategory(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('An osprey over the marsh.');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
}

for (const [label, device] of [
  ['phone', phone],
  ['desktop', { viewport: { width: 1440, height: 900 } }],
] as const) {
  test.describe(`adding a camera photo on a ${label}`, () => {
    test.use(device);

    test('fills ratio and date from the file, keeps the camera, never the GPS', async ({
      page,
      browser,
      baseURL,
      db,
    }) => {
      const title = `E2E Osprey ${label} ${Date.now()}`;
      const image = await fileOf(`osprey-${label}.jpg`, makeCameraJpeg(4000, 2667));
      await signInAsOwner(page);
      await page.goto('/admin/add-photo');

      await photoInput(page).setInputFiles(image);
      await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
      // read in the browser when chosen: preselected, still editable
      await expect(page.getByRole('combobox', { name: 'Aspect Ratio' })).toHaveValue('3:2');
      await expect(page.getByLabel('Date Taken')).toHaveValue('2024-05-17');
      await expect(page.getByText(/From the file: NIKON Z 6_2 · NIKKOR Z 100-400mm/)).toBeVisible();
      await page.getByRole('checkbox', { name: 'Show camera details on the photo page' }).check();

      await fillTitleDescriptionCategory(page, title);
      await page.getByRole('button', { name: 'Add Photo' }).click();
      await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 30_000 });
      await page.waitForURL('**/admin/dashboard');

      const row = await db('photos').where({ title }).first();
      expect(row).toMatchObject({ aspect_ratio: '3:2', date_taken: '2024-05-17', show_camera_details: true });
      expect(row.camera_details).toMatchObject({ camera: 'NIKON Z 6_2', iso: 800 });
      expect(JSON.stringify(row)).not.toMatch(/gps|latitude|longitude/i);

      // what any visitor is served: the page, the API and the image, with no position anywhere
      const visitor = await browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined });
      await visitor.goto(`/photo/${row.id}`);
      const details = visitor.locator('dl');
      await expect(details.getByText('NIKON Z 6_2', { exact: true })).toBeVisible();
      await expect(details.getByText('May 17, 2024', { exact: true })).toBeVisible();
      await expect(details.getByText('400 mm · f/5.6 · 1/1000 s · ISO 800')).toBeVisible();
      const html = await visitor.content();
      const api = await (await visitor.request.get(`/api/photos/${row.id}`)).text();
      for (const trace of GPS_TRACES) {
        expect(html).not.toMatch(trace);
        expect(api).not.toMatch(trace);
      }
      for (const accept of ['image/jpeg', 'image/webp', 'image/avif']) {
        const res = await visitor.request.get(`/api/photos/${row.id}/image?v=1`, { headers: { accept } });
        expect(res.status()).toBe(200);
        const bytes = await res.body();
        expect((await sharp(bytes).metadata()).exif, accept).toBeUndefined();
        expect(bytes.includes(Buffer.from('GPS')), accept).toBe(false);
      }
      // and every media file the pages use
      const { files } = JSON.parse(api) as { files: { thumbnail: string; display: { url: string }[] }[] };
      for (const url of files.flatMap((f) => [f.thumbnail, ...f.display.map((d) => d.url)])) {
        const bytes = await (await visitor.request.get(url)).body();
        expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
        expect(bytes.includes(Buffer.from('GPS')), url).toBe(false);
      }
      await visitor.close();
    });

    test('takes a 16 MB, 6000x4000 camera JPEG on a default shop, showing the bytes sent', async ({
      page,
      db,
    }) => {
      // making two camera-sized files, sending 16 MB and reading it back takes a 2-core machine a while
      test.setTimeout(120_000);
      const title = `E2E Big Osprey ${label} ${Date.now()}`;
      const big = await makeCameraJpeg(6000, 4000, { noise: true, quality: 85 });
      expect(big.length).toBeGreaterThan(15 * MB);
      expect(big.length).toBeLessThan(17 * MB);
      const image = await fileOf(`big-${label}.jpg`, big);
      const tooBig = await fileOf(
        `too-big-${label}.jpg`,
        Buffer.concat([big, Buffer.alloc(50 * MB - big.length + 1)]),
      );

      await signInAsOwner(page);
      await page.goto('/admin/add-photo');
      // the server's limit (camera originals), not the spec's 5MB
      await expect(page.getByText('JPEG, PNG, WebP or another image format, up to 50MB.')).toBeVisible();
      await photoInput(page).setInputFiles(tooBig);
      await expect(toast(page, 'File too large')).toBeVisible();
      await expect(page.getByText('Please select an image under 50MB')).toBeVisible();

      await photoInput(page).setInputFiles(image);
      await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Aspect Ratio' })).toHaveValue('3:2');
      await fillTitleDescriptionCategory(page, title);

      // a phone connection: about 4 MB/s up, so the progress is seen
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 20 * MB,
        uploadThroughput: 4 * MB,
      });
      await page.getByRole('button', { name: 'Add Photo' }).click();
      await expect(
        page.getByRole('status').getByText(/^Uploading photo\.\.\. \d+% \(\d+\.\d MB of 1\d\.\d MB\)$/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Adding\.\.\. \d+%$/ })).toBeVisible();
      await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const row = await db('photos').where({ title }).first();
      expect(row).toMatchObject({ aspect_ratio: '3:2', date_taken: '2024-05-17' });
      const asset = await db('media_assets').where({ id: row.original_id }).first('width', 'byte_size');
      expect(asset).toMatchObject({ width: 6000, byte_size: big.length });
    });
  });
}
