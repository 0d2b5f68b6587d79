import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { createDomainEventBus } from '../../src/domain-events';
import { createAppJobRegistry, type Jobs } from '../../src/jobs';
import { createMediaModule, planVariants, type MediaModule } from '../../src/modules/media';
import type { ImageStamp } from '../../src/shared/file-rights';
import { testConfig } from '../support/test-config';
import { grainyJpeg } from '../support/images';

// An upload's variants start as soon as its original is stored, beside the check decode and the
// transaction that writes its row: the run decodes the original at once but encodes and stores
// nothing before that row exists (what the files carry is read from it: the stamp), and nothing at
// all for an upload refused or abandoned after it was stored.
type MakeVariants = z.infer<Jobs['media']['make-variants']>;
let ctx: AppContext;
let media: MediaModule;
let jpeg: Buffer;
const ROW_WAIT_MS = 1500;
/** What the files carry once a row names the asset (as the rights module answers: nothing before). */
const stamp: ImageStamp = {
  rights: {
    creator: 'Dana Whitfield',
    copyrightNotice: '© 2026 Dana Whitfield',
    creditLine: 'Dana Whitfield Photography',
    rightsUrl: 'https://shop.example/about',
    dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
    title: 'Heron at dawn',
  },
  watermark: null,
  watermarkFromWidth: 1080,
  key: 'stamp-of-the-row',
};

beforeAll(async () => {
  const config = testConfig();
  await ensureDatabase(config.DATABASE_URL);
  ctx = createContext(config, createLogger('silent'));
  await migrateLatest(ctx.db);
  media = createMediaModule(ctx, {
    events: createDomainEventBus(ctx),
    jobs: createAppJobRegistry(),
    rowWaitMs: ROW_WAIT_MS,
  });
  media.useStampSource('the row', {
    stampOf: async (assetId) =>
      (await ctx.db('media_assets').where({ id: assetId }).first()) ? stamp : null,
  });
  jpeg = await grainyJpeg(1800, 1200, { sigma: 20, quality: 85 });
}, 60_000);

afterAll(async () => {
  const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}:*`).catch(() => []);
  if (keys.length) await ctx.redis.del(...keys);
  await closeContext(ctx);
  await dropDatabase(ctx.config.DATABASE_URL);
});

/** The variant files in the store for an asset (none before its row exists). */
const storedFiles = (assetId: number) =>
  readdir(path.join(ctx.config.DATA_DIR, 'media', 'variants', String(assetId))).catch(() => [] as string[]);
const variantRows = (assetId: number) =>
  ctx.db('media_variants').where({ asset_id: assetId }).count('* as n').first();
// the queueing is not awaited by the upload (it never holds it up): wait for the job to appear
const queuedJob = (assetId: number) =>
  vi.waitFor(
    async () => {
      const job = await ctx.queues.get('media').getJob(`variants-${assetId}`);
      if (!job) throw new Error(`no job variants-${assetId} yet`);
      return job.data as MakeVariants;
    },
    { timeout: 3000, interval: 20 },
  );
const maxBytes = 50 * 1024 * 1024;

describe('variants started when the upload is stored', () => {
  it('are queued with the reserved id, decoded before the row exists, and made only once it does', async () => {
    const prepared = await media.prepareOriginal(jpeg, { kind: 'photo', maxBytes });
    expect(prepared.id).toBeGreaterThan(0);
    const job = await queuedJob(prepared.id!);
    expect(job).toEqual({
      assetId: prepared.id,
      unrecorded: { storageKey: prepared.storageKey, kind: 'photo', width: 1800, height: 1200 },
    });

    const run = media.makeVariants(job!.assetId, job!.unrecorded);
    // long enough to encode every variant of this small photo: still nothing is stored
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await storedFiles(prepared.id!)).toEqual([]);

    const asset = await media.recordOriginal(prepared);
    expect(asset.id).toBe(prepared.id);
    const planned = planVariants('photo', 1800, 1200).length;
    expect(await run).toMatchObject({ outcome: 'done', made: planned, restamp: false });
    expect((await storedFiles(asset.id)).length).toBe(planned);
    expect(Number((await variantRows(asset.id))!.n)).toBe(planned);
    const row = await ctx.db('media_assets').where({ id: asset.id }).first('variants_ready_at');
    expect(row.variants_ready_at).not.toBeNull();
    // made once, carrying the row's stamp: nothing is marked to be made again
    const files = await ctx.db('media_assets').where({ id: asset.id }).first();
    expect(files).toMatchObject({ stamp_key: stamp.key, restamp_wanted_at: null, variants_revision: 0 });
    const jpg = await readFile(
      path.join(ctx.config.DATA_DIR, 'media', 'variants', String(asset.id), 'thumb.jpg'),
    );
    expect(jpg.toString('latin1')).toContain('Heron at dawn');
    // the upload event's run after it finds them made
    expect(await media.makeVariants(asset.id)).toMatchObject({ outcome: 'skipped', made: 0 });
  });

  it('store nothing for an upload whose row never comes (its request died after the store)', async () => {
    const prepared = await media.prepareOriginal(jpeg, { kind: 'photo', maxBytes });
    const job = (await queuedJob(prepared.id!))!;
    const started = Date.now();
    expect(await media.makeVariants(job.assetId, job.unrecorded)).toMatchObject({
      outcome: 'skipped',
      made: 0,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(ROW_WAIT_MS);
    expect(await storedFiles(prepared.id!)).toEqual([]);
    expect(Number((await variantRows(prepared.id!))!.n)).toBe(0);
    // recorded after all (late): the upload's event makes them as before
    await media.recordOriginal(prepared);
    expect(await media.makeVariants(prepared.id!)).toMatchObject({ outcome: 'done' });
  });

  it('store nothing for an upload its check refused after it was stored', async () => {
    const waiting = async () =>
      new Set((await ctx.queues.get('media').getJobs(['waiting'])).map((j) => j.id));
    const before = await waiting();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    await expect(media.prepareOriginal(truncated, { kind: 'photo', maxBytes })).rejects.toThrow(
      'The image could not be read: the file is damaged or incomplete.',
    );
    // stored, so its variants were started; then refused and deleted
    const queued = await vi.waitFor(
      async () => {
        const jobs = (await ctx.queues.get('media').getJobs(['waiting'])).filter((j) => !before.has(j.id));
        expect(jobs).toHaveLength(1);
        return jobs;
      },
      { timeout: 3000, interval: 20 },
    );
    const { assetId, unrecorded } = queued[0].data as MakeVariants;
    expect(await media.makeVariants(assetId, unrecorded)).toMatchObject({ outcome: 'skipped', made: 0 });
    expect(await storedFiles(assetId)).toEqual([]);
    expect(await ctx.db('media_assets').where({ id: assetId }).first()).toBeUndefined();
  });
});
