import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { PhotoDraft } from '@contract';
import { expect, phone, signInAsOwner, test } from './support/fixtures';
import { makeCameraJpeg } from '../support/camera-jpeg';

// Uploads from the field (issue 37), on a phone: many camera files at once over tus, a signal lost
// mid-batch, a batch prepared with no connection at all and kept across a reload, a corrupt file
// among good ones. Every photo arrives once, as a draft no visitor sees until it is published.

const MB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'wf-field-'));

async function cameraFiles(prefix: string, count: number, noise = false): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= count; i++) {
    const file = path.join(dir, `${prefix}-${i}.jpg`);
    writeFileSync(file, await makeCameraJpeg(noise ? 1600 : 1200, noise ? 1067 : 800, { noise }));
    files.push(file);
  }
  return files;
}

const photosInput = (page: Page) => page.locator('input[type="file"][aria-label="Photos to upload"]');
const drafts = (page: Page) => page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
const sending = (page: Page) => page.getByRole('list', { name: 'Photos being sent' }).getByRole('listitem');

async function chooseCategory(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Category for this batch' }).click();
  const option = page.getByRole('option').first();
  const name = (await option.textContent())?.trim() ?? '';
  await option.click();
  return name;
}

/** The server's drafts whose title has `stamp` (the readable file names carry it). */
async function serverDrafts(page: Page, stamp: string): Promise<PhotoDraft[]> {
  const res = await page.request.get('/api/admin/photo-drafts');
  expect(res.status()).toBe(200);
  return ((await res.json()) as PhotoDraft[]).filter((draft) =>
    draft.title.toLowerCase().includes(stamp.toLowerCase()),
  );
}

/** Online once: the service worker installs and controls the page (the admin then opens offline). */
async function installApp(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test.use(phone);

test('five camera files, the signal lost mid-batch: all five arrive once, and only publishing shows them', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = `heron${Date.now()}`;
  const files = await cameraFiles(stamp, 5, true);
  await signInAsOwner(page);
  await page.goto('/admin/photos');
  await page.getByRole('link', { name: 'Add many photos' }).click();
  await page.waitForURL('**/admin/photos/batch');
  await chooseCategory(page);

  // one bar of signal: about 1 MB/s up, so the batch is still going when the signal drops
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 5 * MB,
    uploadThroughput: 1 * MB,
  });
  await photosInput(page).setInputFiles(files);
  await expect(sending(page)).toHaveCount(5);
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await page.screenshot({ path: path.join(tmpdir(), 'field-uploads-batch-phone.png'), fullPage: true });

  // the first ones arrive, then the signal goes
  await expect(drafts(page).filter({ hasText: stamp }).first()).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /^\d waiting for a connection$/ })).toBeVisible();
  await page.waitForTimeout(1500);
  await context.setOffline(false);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(5, { timeout: 60_000 });
  await expect(sending(page)).toHaveCount(0);
  const made = await serverDrafts(page, stamp);
  expect(made).toHaveLength(5);
  expect(new Set(made.map((draft) => draft.queueId)).size).toBe(5);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(tmpdir(), 'field-uploads-batch-desktop.png'), fullPage: true });
  await page.setViewportSize(phone.viewport);

  // a draft is on no public surface
  const visitor = await browser.newPage({ baseURL });
  for (const draft of made) {
    expect((await visitor.request.get(`/photo/${draft.id}`)).status()).toBe(404);
    expect((await visitor.request.get(`/api/photos/${draft.id}`)).status()).toBe(404);
  }
  expect(await (await visitor.request.get('/portfolio')).text()).not.toContain(stamp);
  expect(JSON.stringify(await (await visitor.request.get('/api/photos')).json())).not.toContain(stamp);

  for (const draft of made) {
    await drafts(page).filter({ hasText: draft.title }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Publish selected (5)' }).click();
  await expect(page.getByText('5 photos are now in the shop.')).toBeVisible();
  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(0);
  expect(await serverDrafts(page, stamp)).toHaveLength(0);

  for (const draft of made) {
    expect((await visitor.request.get(`/photo/${draft.id}`)).status()).toBe(200);
  }
  await visitor.goto('/portfolio');
  await expect(visitor.getByText(made[0]!.title, { exact: true }).first()).toBeVisible();
  await visitor.close();
});

test('offline from the start: details filled, the app reloaded offline, the queue kept; online again, sent once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const stamp = `egret${Date.now()}`;
  const files = await cameraFiles(stamp, 3);
  await signInAsOwner(page);
  await page.goto('/admin/photos/batch');
  await expect(page.getByRole('heading', { level: 1, name: 'Add many photos' })).toBeVisible();
  await installApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Add many photos' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Add many photos' })).toBeVisible();
  await chooseCategory(page);
  await photosInput(page).setInputFiles(files);
  await expect(page.getByRole('status').filter({ hasText: '3 waiting for a connection' })).toBeVisible();
  const first = sending(page).filter({ hasText: `${stamp}-1.jpg` });
  await first.getByRole('textbox', { name: 'Title' }).fill(`Snowy egret ${stamp}`);
  await first.getByRole('textbox', { name: 'Location' }).fill('North marsh');

  // a reload with no connection: the queue and her details are still on the phone
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '3 waiting for a connection' })).toBeVisible();
  await expect(sending(page)).toHaveCount(3);
  await expect(first.getByRole('textbox', { name: 'Title' })).toHaveValue(`Snowy egret ${stamp}`);

  await context.setOffline(false);
  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByText(/waiting for a connection/)).toHaveCount(0);
  await expect(sending(page)).toHaveCount(0);
  const made = await serverDrafts(page, stamp);
  expect(made).toHaveLength(3);
  expect(made.filter((draft) => draft.title === `Snowy egret ${stamp}`)).toHaveLength(1);
  expect(made.find((draft) => draft.title === `Snowy egret ${stamp}`)?.location).toBe('North marsh');

  // a later visit sends nothing again
  await page.reload();
  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(3);
  expect(await serverDrafts(page, stamp)).toHaveLength(3);
});

test('a damaged file and a non-image among good ones fail alone, each with its message', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `rail${Date.now()}`;
  const good = await cameraFiles(stamp, 2);
  // a camera file cut in half (a transfer that broke off), and bytes that are no image at all
  const damaged = path.join(dir, `${stamp}-damaged.jpg`);
  const whole = await makeCameraJpeg(1200, 800, { noise: true });
  writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
  const notImage = path.join(dir, `${stamp}-notes.jpg`);
  writeFileSync(notImage, Buffer.alloc(4096, 'field notes '));
  await signInAsOwner(page);
  await page.goto('/admin/photos/batch');
  await chooseCategory(page);
  await photosInput(page).setInputFiles([good[0]!, damaged, notImage, good[1]!]);

  const failed = (name: string) => sending(page).filter({ hasText: name }).getByRole('alert');
  await expect(failed(`${stamp}-damaged.jpg`)).toHaveText(
    'The image could not be read: the file is damaged or incomplete.',
    { timeout: 30_000 },
  );
  await expect(failed(`${stamp}-notes.jpg`)).toHaveText(
    'The file is not a supported image (JPEG, PNG, WebP or AVIF).',
  );
  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(2, { timeout: 30_000 });
  expect(await serverDrafts(page, stamp)).toHaveLength(2);
  await expect(sending(page)).toHaveCount(2);

  await sending(page)
    .filter({ hasText: `${stamp}-notes.jpg` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(sending(page)).toHaveCount(1);
});

/** The titles of the files queued on the phone (IndexedDB), as the service worker will read them. */
function queuedTitles(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('wildframe-uploads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () => {
            resolve((all.result as { title: string }[]).map((entry) => entry.title));
            open.result.close();
          };
        };
      }),
  );
}

/**
 * Fires the queue's Background Sync as the browser does when the network returns (headless Chromium
 * may not fire it by itself), from a DevTools session on a window of no page of ours, so it
 * outlives the admin's windows.
 */
async function backgroundSync(context: BrowserContext, baseURL: string): Promise<() => Promise<void>> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const scope = `${baseURL}/`;
  await expect.poll(() => registrations.some((r) => r.scopeURL === scope && !r.isDeleted)).toBe(true);
  const { registrationId } = registrations.findLast((r) => r.scopeURL === scope && !r.isDeleted)!;
  return async () => {
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL).origin,
      registrationId,
      tag: 'wildframe-uploads',
      lastChance: false,
    });
  };
}

/** The server's drafts whose title has `stamp`, asked with the context's session (no page needed). */
async function draftsOf(context: BrowserContext, stamp: string): Promise<PhotoDraft[]> {
  const res = await context.request.get('/api/admin/photo-drafts');
  expect(res.status()).toBe(200);
  return ((await res.json()) as PhotoDraft[]).filter((draft) =>
    draft.title.toLowerCase().includes(stamp.toLowerCase()),
  );
}

/** Who sent each write of the batch: the service worker or a window. */
function watchSenders(context: BrowserContext) {
  const sent = { workerDrafts: [] as Promise<string | null>[], pageDrafts: 0, uploadsCreated: 0 };
  context.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/api/admin/uploads') sent.uploadsCreated += 1;
    if (pathname !== '/api/admin/photo-drafts') return;
    if (request.serviceWorker()) sent.workerDrafts.push(request.headerValue('sec-fetch-site'));
    else sent.pageDrafts += 1;
  });
  return sent;
}

/**
 * The installed admin, signed in, with `files` chosen offline: they wait on the phone. Returns how
 * to fire the browser's Background Sync for the app's service worker.
 */
async function queueOffline(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  files: string[],
): Promise<() => Promise<void>> {
  await signInAsOwner(page);
  await page.goto('/admin/photos/batch');
  await installApp(page);
  const fireSync = await backgroundSync(context, baseURL);
  await chooseCategory(page);
  await context.setOffline(true);
  await photosInput(page).setInputFiles(files);
  await expect(
    page.getByRole('status').filter({ hasText: `${files.length} waiting for a connection` }),
  ).toBeVisible();
  return fireSync;
}

test('with the app closed, Background Sync sends the queue from the service worker, once', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `bittern${Date.now()}`;
  const fireSync = await queueOffline(page, context, baseURL!, await cameraFiles(stamp, 2));
  await sending(page)
    .filter({ hasText: `${stamp}-1.jpg` })
    .getByRole('textbox', { name: 'Title' })
    .fill(`Least bittern ${stamp}`);
  await expect.poll(() => queuedTitles(page)).toContain(`Least bittern ${stamp}`);
  const sent = watchSenders(context);

  // every admin window closed, then the signal comes back and the browser fires the sync
  await page.close();
  await context.setOffline(false);
  await fireSync();

  await expect.poll(async () => (await draftsOf(context, stamp)).length, { timeout: 60_000 }).toBe(2);
  const made = await draftsOf(context, stamp);
  expect(made.filter((draft) => draft.title === `Least bittern ${stamp}`)).toHaveLength(1);
  expect(new Set(made.map((draft) => draft.queueId)).size).toBe(2);
  // the worker's own writes, which the server takes as same-origin
  expect(await Promise.all(sent.workerDrafts)).toEqual(['same-origin', 'same-origin']);
  expect(sent.pageDrafts).toBe(0);

  // the phone's queue is empty: the app opened again sends nothing, and so does another sync
  const reopened = await context.newPage();
  await reopened.goto('/admin/photos/batch');
  await expect(drafts(reopened).filter({ hasText: stamp })).toHaveCount(2);
  await expect(sending(reopened)).toHaveCount(0);
  expect(await queuedTitles(reopened)).toEqual([]);
  await fireSync();
  await reopened.waitForTimeout(1500);
  expect(await draftsOf(context, stamp)).toHaveLength(2);
  expect(sent.workerDrafts.length + sent.pageDrafts).toBe(2);
});

test('an open window and the service worker sending the queue at once: each photo goes once', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `sora${Date.now()}`;
  const fireSync = await queueOffline(page, context, baseURL!, await cameraFiles(stamp, 4, true));
  const sent = watchSenders(context);

  // the window's own sends on one bar of signal, the worker's at full speed: both take some
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 5 * MB,
    uploadThroughput: 1 * MB,
  });
  await context.setOffline(false);
  await fireSync();

  await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(4, { timeout: 60_000 });
  await expect(sending(page)).toHaveCount(0);
  const made = await draftsOf(context, stamp);
  expect(made).toHaveLength(4);
  expect(new Set(made.map((draft) => draft.queueId)).size).toBe(4);
  // each file was uploaded once and its draft asked for once, by whichever held its lock
  expect(sent.uploadsCreated).toBe(4);
  expect(sent.workerDrafts.length + sent.pageDrafts).toBe(4);
  expect(sent.workerDrafts.length).toBeGreaterThan(0);
  expect(sent.pageDrafts).toBeGreaterThan(0);
  expect(await queuedTitles(page)).toEqual([]);
});

// issue 51: a batch of a ratio the catalogue has no size of, files chosen before the category, a
// title typed while the draft is being made
test.describe('the batch screen keeps what she gives it', () => {
  // page.route sees the page's own requests only when no service worker stands between
  test.use({ serviceWorkers: 'block' });

  test('files before a category wait for it; a title typed while the draft is made reaches it; a ratio with no print size is said, and sold as not for sale', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const stamp = `fox${Date.now()}`;
    const fox = path.join(dir, `${stamp}-1.jpg`);
    writeFileSync(fox, await makeCameraJpeg(1200, 900)); // 4:3: the demo catalogue has no 4:3 size
    const [heron] = await cameraFiles(`${stamp}-heron`, 1);
    // the draft creates wait until the title is typed
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/photo-drafts', async (route) => {
      if (route.request().method() === 'POST') await gate;
      await route.continue();
    });
    await signInAsOwner(page);
    await page.goto('/admin/photos/batch');

    // chosen before the category: kept, and she is asked for one
    await photosInput(page).setInputFiles([fox, heron!]);
    await expect(
      page.getByRole('status').filter({ hasText: '2 photos chosen: choose a category' }),
    ).toBeVisible();
    await expect(sending(page)).toHaveCount(0);
    await chooseCategory(page);
    await expect(sending(page)).toHaveCount(2);
    await expect(page.getByText('2 photos chosen')).toHaveCount(0);

    const foxCard = sending(page).filter({ hasText: `${stamp}-1.jpg` });
    await expect(foxCard.getByText('Making the draft')).toBeVisible({ timeout: 30_000 });
    await foxCard.getByRole('textbox', { name: 'Title' }).fill(`Red fox ${stamp}`);
    await expect.poll(() => queuedTitles(page)).toContain(`Red fox ${stamp}`);
    release();

    await expect(drafts(page).filter({ hasText: stamp })).toHaveCount(2, { timeout: 30_000 });
    const made = await serverDrafts(page, stamp);
    const foxDraft = made.find((draft) => draft.aspectRatio === '4:3')!;
    expect(foxDraft.title).toBe(`Red fox ${stamp}`);
    expect(foxDraft.printOptionCount).toBe(0);

    // the row and a warning say which drafts no print size fits, before publishing
    const foxRow = drafts(page).filter({ hasText: `Red fox ${stamp}` });
    await expect(foxRow.getByText('No print sizes for 4:3')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'No print sizes fit' })).toContainText(
      `“Red fox ${stamp}” (4:3)`,
    );
    for (const draft of made)
      await drafts(page).filter({ hasText: draft.title }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Publish selected (2)' }).click();
    await expect(
      page.getByText('2 photos are now in the shop. 1 of them has no print sizes: not for sale yet.'),
    ).toBeVisible();

    // published, its page says so and offers no Add to Cart
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(`/photo/${foxDraft.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: `Red fox ${stamp}` })).toBeVisible();
    await expect(visitor.getByText('Prints of this photo are not for sale yet.')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await visitor.close();
  });
});
