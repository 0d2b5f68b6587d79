import sharp from 'sharp';
import { expectNoA11yViolations } from './support/axe';
import { expect, phone, signInAsOwner, test } from './support/fixtures';
import { photoWithOption } from './support/orders';

// Issue 50 at phone size: the owner sets her notice and her logo as the watermark in Website Data >
// Rights, finds them kept after a reload, and, once the media pipeline has made the files again in
// the background, sees the mark's pixels on her photo page's image. (The last part needs the media
// pipeline's stamp, wired at `media.useStampSource`.)

test.use(phone);

const MAGENTA = { r: 255, g: 0, b: 255, alpha: 1 };
type Settings = Record<string, unknown> & { watermark: Record<string, unknown> & { imageDataUrl?: unknown } };

test('her notice and logo watermark are kept, and the mark shows on her photo page', async ({ page, db }) => {
  test.setTimeout(180_000);
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/rights')).json()) as Settings;
  const notice = `© Dana Whitfield, licensing via /about ${Date.now()}`;

  try {
    await page.goto('/admin/website-data');
    await page.getByRole('tab', { name: 'Rights' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Rights' });
    const noticeField = page.getByRole('textbox', { name: 'Copyright notice' });
    await noticeField.fill(notice);

    await page.getByRole('button', { name: 'Image', exact: true }).click();
    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: MAGENTA } })
      .png()
      .toBuffer();
    await page.getByLabel('Watermark logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    await expect(page.getByRole('img', { name: 'Your watermark logo' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'Website Data > Rights' });

    await page.getByRole('combobox', { name: 'Position' }).click();
    await page.getByRole('option', { name: 'Top left' }).click();
    // the strongest mark, on every display size: its pixels are then plain to find
    const opacity = page.getByRole('slider', { name: /Opacity/ });
    await opacity.focus();
    await opacity.press('End');
    const size = page.getByRole('slider', { name: /Size/ });
    await size.focus();
    await size.press('End');
    await page.getByRole('combobox', { name: 'Watermark from' }).click();
    await page.getByRole('option', { name: 'All sizes' }).click();

    // phone-first: nothing of the form is wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.locator('section[aria-label^="Notifications"]').getByText('Saved', { exact: true }),
    ).toBeVisible();

    const row = await db('rights_settings').where({ id: 1 }).first();
    expect(row).toMatchObject({
      copyright_notice: notice,
      watermark_enabled: true,
      watermark_kind: 'image',
      watermark_position: 'top-left',
      watermark_opacity: 1,
      watermark_width_share: 0.5,
      watermark_from_width: 0,
    });
    expect(row.watermark_png).toBeTruthy();

    await page.reload();
    await page.getByRole('tab', { name: 'Rights' }).click();
    await expect(page.getByRole('textbox', { name: 'Copyright notice' })).toHaveValue(notice);
    await expect(page.getByRole('button', { name: 'Image', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('img', { name: 'Your watermark logo' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Position' })).toHaveText('Top left');

    // The background remake (the media pipeline): wait until no file carries the old stamp.
    await expect
      .poll(
        async () => {
          const r = await page.request.get('/api/admin/media/restamp-progress');
          return r.ok() ? ((await r.json()) as { pending: number }).pending : -1;
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(0);

    // the page's image once remade (the remake may start a moment after the save): the mark is
    // half the width, a quarter of it high, in the top-left corner (whatever its margin, up to 5 %
    // of the width), so a box well inside it is plain magenta
    const { photoId } = await photoWithOption(page);
    const magentaShare = async () => {
      await page.goto(`/photo/${photoId}`);
      const image = page.locator('main img').first();
      await expect(image).toBeVisible();
      const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
      const file = await page.request.get(src);
      expect(file.ok()).toBe(true);
      const bytes = await file.body();
      const { width = 0 } = await sharp(bytes).metadata();
      const { data, info } = await sharp(bytes)
        .extract({
          left: Math.round(width * 0.1),
          top: Math.round(width * 0.1),
          width: Math.round(width * 0.3),
          height: Math.round(width * 0.1),
        })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let magenta = 0;
      for (let i = 0; i < data.length; i += info.channels)
        if (data[i] > 200 && data[i + 1] < 80 && data[i + 2] > 200) magenta++;
      return magenta / (info.width * info.height);
    };
    await expect.poll(magentaShare, { timeout: 60_000, intervals: [2000] }).toBeGreaterThan(0.5);
  } finally {
    // her settings as they were (through the API: the files are made again without the mark)
    const { imageDataUrl: _i, ...watermark } = before.watermark;
    const { defaultNotice: _d, updatedAt: _u, ...rest } = before;
    await page.request.put('/api/admin/rights', { data: { ...rest, watermark } });
    if (!before.watermark.imageDataUrl) await page.request.delete('/api/admin/rights/watermark-image');
  }
});
