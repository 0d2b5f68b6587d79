import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/axe';
import { expect, signInAsOwner, sizes, test } from './support/fixtures';

// issue 35: the owner names a photo's species and protects its place; the form previews what the
// public will see, warns when the title repeats the exact place, and the public page shows only
// the region and season. The sensitive species card on the Website Data tab edits the list.

const LOCATION = 'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD';
const SHOTS = process.env.E2E_SHOTS_DIR;

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

/** Waits until the screen has loaded its data (no skeletons, spinners or busy regions left). */
async function settled(page: Page) {
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"], [aria-busy="true"]')).toHaveCount(0);
}

/** A screenshot to look at (E2E_SHOTS_DIR set), named by what and at which size. */
async function shot(page: Page, name: string, size: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: name !== 'dialog' });
}

/** A photo of this test's own, at the refuge, not yet protected (no species, automatic). */
async function refugePhoto(page: Page, title: string): Promise<number> {
  const image = await sharp({
    create: { width: 1500, height: 1000, channels: 3, background: { r: 70, g: 60, b: 45 } },
  })
    .jpeg()
    .toBuffer();
  const created = await page.request.post('/api/admin/photos', {
    data: {
      title,
      description: '<p>Waiting out the rain on a low branch.</p>',
      imageData: image.toString('base64'),
      imageType: 'image/jpeg',
      aspectRatio: '3:2',
      category: 'landscapes',
      location: LOCATION,
      dateTaken: '2025-05-14',
      displayOrder: 900, // after the shop's photos, which other specs take first
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const size of sizes) {
  test.describe(`location protection (${size.name})`, () => {
    test.use(size.use);

    test('the owner protects an owl photo; the public sees only its region and season', async ({
      page,
      browser,
      baseURL,
      db,
    }) => {
      test.setTimeout(90_000);
      const title = `Barred Owl ${size.name} ${Date.now()}`;
      await signInAsOwner(page);
      const id = await refugePhoto(page, title);

      // she opens the photo from her list
      await page.goto('/admin/dashboard');
      await page.getByLabel('Search photos').fill(title);
      const card = page.getByRole('article', { name: title });
      await expect(card.getByText('Shown publicly as:')).toHaveCount(0); // not protected yet
      await card.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(`**/admin/edit-photo/${id}`);

      const section = page.getByRole('heading', { name: 'Species and location protection' });
      const preview = page.getByRole('status').filter({ hasText: 'Shown publicly as:' });
      await expect(section).toBeVisible();
      // issue 51: the choice reads in full on a phone, and what it does is said under it
      const protection = page.getByRole('combobox', { name: 'Location protection' });
      await expect(protection).toHaveText('Automatic');
      expect(await protection.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect(
        page.getByText('Sensitive species are protected; others are shown as typed.'),
      ).toBeVisible();
      await expect(preview).toHaveText(`Shown publicly as: ${LOCATION}, 2025-05-14`);
      await page.getByLabel('Species (common name)').fill('Barred Owl');
      await page.getByLabel('Scientific name').fill('Strix varia');
      // a listed species is protected by default: the line follows as she types
      await expect(preview).toHaveText('Shown publicly as: Maryland, Spring 2025');
      await page.getByRole('combobox', { name: 'Location protection' }).click();
      await page.getByRole('option', { name: 'Hidden' }).click();
      await expect(preview).toHaveText('Shown publicly as: 2025');
      await page.getByRole('combobox', { name: 'Location protection' }).click();
      await page.getByRole('option', { name: 'Region only' }).click();
      await expect(preview).toHaveText('Shown publicly as: Maryland, Spring 2025');
      await expect(page.getByLabel('Region shown publicly')).toHaveAttribute('placeholder', 'Maryland');
      await expect(page.getByLabel('Publish on')).toHaveAttribute('type', 'datetime-local');
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'form', size.name);

      // the title names the exact place: she is warned, and "Edit" saves nothing
      const revealing = `${title} at Wildlife Drive pullout 3`;
      await page.getByLabel('Title').fill(revealing);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const warning = page.getByRole('alertdialog', { name: 'This may give the place away' });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText(
        'The title or description names the exact location: “Wildlife Drive pullout 3”.',
      );
      await shot(page, 'dialog', size.name);
      await expectNoA11yViolations(page, { label: `place warning (${size.name})` });
      await warning.getByRole('button', { name: 'Edit' }).click();
      await expect(warning).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/admin/edit-photo/${id}$`));
      await expect(page.getByLabel('Title')).toHaveValue(revealing);
      const untouched = await db('photos').where({ id }).first();
      expect(untouched).toMatchObject({ title, species_common: null, location_protection: 'auto' });

      // "Save anyway" saves
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await warning.getByRole('button', { name: 'Save anyway' }).click();
      await expect(toast(page, 'Photo updated')).toBeVisible({ timeout: 20_000 });
      await page.waitForURL('**/admin/dashboard');
      expect(await db('photos').where({ id }).first()).toMatchObject({
        title: revealing,
        species_common: 'Barred Owl',
        species_scientific: 'Strix varia',
        location_protection: 'region',
        public_region: null,
        publish_at: null,
        location: LOCATION,
        date_taken: '2025-05-14',
      });
      // her list marks it
      await page.getByLabel('Search photos').fill(title);
      await expect(
        page.getByRole('article', { name: revealing }).getByText('Shown publicly as: Maryland, Spring 2025'),
      ).toBeVisible();

      // she thinks better of the title: without the place's words it saves without a warning
      await page.getByRole('article', { name: revealing }).getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(`**/admin/edit-photo/${id}`);
      await page.getByLabel('Title').fill(title);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Photo updated')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // a visitor's photo page: region, season, species, the withheld line; nothing of the place
      // a context of its own (axe runs in it), as a visitor without her session
      const visitorContext = await browser.newContext({ baseURL, ...size.use });
      const visitor = await visitorContext.newPage();
      const response = await visitor.goto(`/photo/${id}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
      const details = visitor.locator('dl');
      await expect(details).toContainText('Maryland');
      await expect(details).toContainText('Spring 2025');
      await expect(details.getByRole('term').filter({ hasText: 'Species' })).toBeVisible();
      await expect(
        details.getByRole('definition').filter({ hasText: 'Barred Owl (Strix varia)' }),
      ).toBeVisible();
      await expect(visitor.getByText('Exact location withheld to protect wildlife.')).toBeVisible();
      const html = await visitor.content();
      for (const secret of ['pullout', 'Wildlife Drive', 'Cambridge', '2025-05-14'])
        expect(html, `the page holds "${secret}"`).not.toContain(secret);
      const ld = JSON.parse(
        (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      ) as { '@graph': Array<Record<string, unknown>> };
      expect(ld['@graph'][0]).toMatchObject({
        about: { '@type': 'Taxon', name: 'Strix varia', alternateName: 'Barred Owl' },
        contentLocation: { '@type': 'Place', name: 'Maryland' },
        dateCreated: 'Spring 2025',
      });
      await shot(visitor, 'public-page', size.name);
      await expectNoA11yViolations(visitor, { label: `protected photo page (${size.name})` });
      await visitorContext.close();
    });

    test.describe('in her time zone', () => {
      test.use({ timezoneId: 'America/New_York' });

      test('a photo scheduled for later is marked in her list and on no public page', async ({
        page,
        db,
      }) => {
        const title = `Scheduled heron ${size.name} ${Date.now()}`;
        const year = new Date().getFullYear() + 1;
        await signInAsOwner(page);
        const id = await refugePhoto(page, title);
        await page.goto(`/admin/edit-photo/${id}`);
        await page.getByLabel('Publish on').fill(`${year}-12-03T09:00`);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toast(page, 'Photo updated')).toBeVisible({ timeout: 20_000 });
        await page.waitForURL('**/admin/dashboard');
        await page.getByLabel('Search photos').fill(title);
        await expect(
          page.getByRole('article', { name: title }).getByText(`Scheduled for Dec 3, ${year}, 9:00 AM`),
        ).toBeVisible();
        // 9:00 in her browser's zone (New York, EST in December) is the instant stored
        const stored = (await db('photos').where({ id }).first()) as { publish_at: Date };
        expect(stored.publish_at.toISOString()).toBe(`${year}-12-03T14:00:00.000Z`);
        expect((await page.request.get(`/api/photos/${id}`)).status()).toBe(404);
        await page.goto(`/admin/edit-photo/${id}`);
        await expect(page.getByLabel('Publish on')).toHaveValue(`${year}-12-03T09:00`);
      });
    });

    test('the sensitive species card adds and removes a species', async ({ page, db }) => {
      // three page loads, an axe pass and two saves: over 45 s on a busy two-core machine
      test.setTimeout(90_000);
      const species = `E2E Warbler ${size.name} ${Date.now()}`;
      await signInAsOwner(page);
      await page.goto('/admin/website-data');
      const card = page.getByRole('region', { name: 'Sensitive species' });
      await expect(
        card.getByText(
          'Photos of these species show only their region and season unless you choose otherwise.',
        ),
      ).toBeVisible();
      await settled(page);
      await expect(card.getByRole('listitem').filter({ hasText: 'Bald Eagle' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

      await card.getByLabel('Add species').fill(species);
      await card.getByRole('button', { name: 'Add species' }).click();
      await expect(card.getByRole('listitem').filter({ hasText: species })).toBeVisible();
      // the same name again, in other capitals, is refused
      await card.getByLabel('Add species').fill(species.toUpperCase());
      await card.getByRole('button', { name: 'Add species' }).click();
      await expect(card.getByText(`${species.toUpperCase()} is already on the list`)).toBeVisible();
      await card.getByLabel('Add species').fill('');
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'species-card', size.name);
      await expectNoA11yViolations(page, { label: `sensitive species card (${size.name})` });
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Saved')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(await db('sensitive_species').where({ name: species }).first()).toBeTruthy();

      await page.reload();
      await expect(page.getByRole('region', { name: 'Sensitive species' }).getByText(species)).toBeVisible();
      await card.getByRole('button', { name: `Remove ${species}` }).click();
      await expect(card.getByText(species)).toHaveCount(0);
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Saved')).toBeVisible();
      expect(await db('sensitive_species').where({ name: species }).first()).toBeUndefined();
      await page.reload();
      await settled(page);
      await expect(
        page.getByRole('region', { name: 'Sensitive species' }).getByText('Bald Eagle'),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sensitive species' }).getByText(species)).toHaveCount(0);
    });
  });
}

test('a new locationsVersion drops the cached pages and API reads of an earlier visit', async ({ page }) => {
  await page.goto('/');
  const site = (await (await page.request.get('/api/site')).json()) as { locationsVersion: string };
  expect(site.locationsVersion).toBeTruthy();
  // an earlier visit's copies, from before a photo was protected
  await page.evaluate(async () => {
    await (
      await caches.open('wildframe-pages')
    ).put('/photo/earlier', new Response('Wildlife Drive pullout 3'));
    await (await caches.open('wildframe-api-reads')).put('/api/photos/earlier', new Response('{}'));
    await (await caches.open('wildframe-images')).put('/media/earlier.jpg', new Response('jpeg'));
    localStorage.setItem('wildframe:locations-version', 'before-the-owl-was-protected');
  });
  // and the app's own saved answer from then, in storage before the reloaded page's scripts read it
  await page.addInitScript(() => {
    if (sessionStorage.getItem('saved-answer-planted')) return;
    sessionStorage.setItem('saved-answer-planted', '1');
    const now = Date.now();
    const entry = { status: 'fulfilled', endpointName: 'getPhoto', requestId: 'earlier', originalArgs: 999 };
    const queries = {
      'getPhoto(999)': {
        ...entry,
        startedTimeStamp: now,
        fulfilledTimeStamp: now,
        data: { location: 'Wildlife Drive pullout 3' },
      },
    };
    localStorage.setItem('wildframe:api-cache', JSON.stringify({ format: 1, queries }));
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('wildframe:locations-version')), { timeout: 15_000 })
    .toBe(site.locationsVersion);
  const left = await page.evaluate(async () => ({
    page: Boolean(await caches.match('/photo/earlier')),
    read: Boolean(await caches.match('/api/photos/earlier')),
    image: Boolean(await caches.match('/media/earlier.jpg')),
  }));
  expect(left).toEqual({ page: false, read: false, image: true });
  // leaving the page saves what it keeps for offline visits: the earlier answer is not among it
  await page.goto('/about');
  const saved = await page.evaluate(() => localStorage.getItem('wildframe:api-cache') ?? '');
  expect(saved).not.toContain('pullout');
});
