import sharp from 'sharp';
import { signInOwnerApi } from './support/checkout';
import { expect, phone, sizes, test } from './support/fixtures';
import { photosForSale } from './support/orders';

test.describe('storefront on a desktop', () => {
  test('home shows the hero, the tagline and up to three featured photos', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bring the beauty of creation home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Portfolio' })).toHaveAttribute('href', '/portfolio');
    const featured = page.locator('section[aria-labelledby="featured-heading"]');
    await expect(featured.getByRole('heading', { name: 'Featured Work' })).toBeVisible();
    const photoLinks = featured.locator('a[href^="/photo/"]');
    await expect(photoLinks.first()).toBeVisible();
    expect(await photoLinks.count()).toBeLessThanOrEqual(3);
    await expect(page.getByRole('link', { name: 'View Full Portfolio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read My Story' })).toHaveAttribute('href', '/about');
  });

  test('the portfolio filters by category and titles the page after it', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { name: 'Photography Portfolio' })).toBeVisible();
    await expect(page.getByText('Explore my collection of photographs for sale.')).toBeVisible();
    await expect(page.locator('main a[href^="/photo/"]').first()).toBeVisible();
    const all = await page.locator('main a[href^="/photo/"]').count();
    await page
      .getByRole('button', { name: 'Birds', exact: true })
      .or(page.getByRole('link', { name: 'Birds', exact: true }))
      .click();
    await expect(page).toHaveURL(/\/portfolio\/birds$/);
    await expect(page.getByRole('heading', { name: 'Birds Photography' })).toBeVisible();
    await expect.poll(() => page.locator('main a[href^="/photo/"]').count()).toBeLessThan(all);
  });

  test('a category without photos says so', async ({ page, db }) => {
    await db('categories')
      .insert({ name: 'insects', display_name: 'Insects', display_order: 99 })
      .onConflict('name')
      .ignore();
    await page.goto('/portfolio/insects');
    await expect(page.getByText('No photos found in this category.')).toBeVisible();
  });

  test('a photo page shows details, print options, and enables Add to Cart once one is chosen', async ({
    page,
  }) => {
    const [{ photoId }] = await photosForSale(page);
    await page.goto('/portfolio');
    await page.locator(`main a[href="/photo/${photoId}"]`).first().click();
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await expect(add).toBeDisabled();
    const firstOption = page.getByRole('group', { name: 'Print Options' }).getByRole('button').first();
    await firstOption.click();
    await expect(firstOption).toHaveAttribute('aria-pressed', 'true');
    await expect(add).toBeEnabled();
    await expect(page).toHaveTitle(/ \| Refuge Light Photography$/);
  });

  test('the full-screen view opens from the image and closes on Escape and on its close button', async ({
    page,
  }) => {
    await page.goto('/photo/1');
    await page.getByRole('button', { name: /full screen/ }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await page.getByRole('button', { name: /full screen/ }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  });

  test('a non-numeric photo id goes to the portfolio and a missing one says so', async ({ page }) => {
    await page.goto('/photo/heron');
    await expect(page).toHaveURL(/\/portfolio$/);
    await page.goto('/photo/999999');
    await expect(page.getByRole('heading', { name: 'Photo Not Found' })).toBeVisible();
    await expect(
      page.getByText('The photo you are looking for does not exist or has been removed.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
  });

  test('a photo page is served with share tags for crawlers that run no JavaScript', async ({ request }) => {
    const html = await (await request.get('/photo/1', { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<title>[^<]+ \| Refuge Light Photography<\/title>/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/api\/photos\/1\/image"/);
    expect(html).toContain('twitter:card');
    expect(html).toContain('application/ld+json');
  });

  test('the FAQ accordion keeps one answer open at a time', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    const items = page.locator('main details');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open');
    await expect(items.nth(0).locator('p')).toBeVisible();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(items.nth(0).locator('p')).toBeHidden();
  });

  test('the about page shows the photographer story', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('main')).toContainText(/refuge/i);
    await expect(page.locator('main img').first()).toBeVisible();
  });
});

test.describe('contact on a phone', () => {
  test.use(phone);

  test('validates, sends, resets and stores the message', async ({ page, db }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await page.getByLabel('Name').fill('Rosa Park');
    await page.getByLabel('Email').fill('rosa@example.com');
    await page.getByLabel('Message').fill('Do you sell the heron print in 20x30?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent!')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    const row = await db('contact_messages').where({ email: 'rosa@example.com' }).first();
    expect(row.message).toBe('Do you sell the heron print in 20x30?');
  });
});

// issue 51: a buyer reads the date taken as a date, and no line for a place the photo lacks
for (const size of sizes) {
  test.describe(`a photo's details (${size.name})`, () => {
    test.use(size.use);

    test('the date taken reads "August 30, 2025" on one line; a photo without a place says so as the spec does', async ({
      page,
      request,
    }) => {
      await signInOwnerApi(request);
      const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#5a6b4c' } })
        .jpeg()
        .toBuffer();
      const created = await request.post('/api/admin/photos', {
        data: {
          title: `Egret at dusk ${size.name} ${Date.now()}`,
          description: '<p>Still water.</p>',
          imageData: image.toString('base64'),
          imageType: 'image/jpeg',
          aspectRatio: '3:2',
          category: 'landscapes',
          location: '',
          dateTaken: '2025-08-30',
          displayOrder: 900,
        },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await page.goto(`/photo/${id}`);
      const details = page.locator('dl').filter({ has: page.getByText('Date', { exact: true }) });
      const date = details.locator('dd', { hasText: 'August 30, 2025' });
      await expect(date).toHaveText('August 30, 2025');
      await expect(details).not.toContainText('2025-08-30');
      await expect(details.getByText('Not specified')).toHaveCount(1);
      // one line: the date is no taller than its label beside it
      const [dateBox, labelBox] = [
        (await date.boundingBox())!,
        (await details.getByText('Date', { exact: true }).boundingBox())!,
      ];
      expect(dateBox.height).toBeLessThanOrEqual(labelBox.height + 1);
      if (process.env.E2E_SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.E2E_SHOTS_DIR}/photo-details-${size.name}.png`,
          fullPage: true,
        });
      }
      // the server's HTML says the same before any script runs
      const html = await (await request.get(`/photo/${id}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('August 30, 2025');
    });
  });
}
