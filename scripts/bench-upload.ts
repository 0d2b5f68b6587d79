// Upload-to-variants time for a 24-megapixel JPEG (budget: under 3 s on 2 cores).
// Runs media.ingest and media.makeVariants directly, against a fresh database of its own.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config';
import { closeContext, createContext } from '../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { isMain } from '../src/platform/process';
import { createDomainEventBus } from '../src/domain-events';
import { createAppJobRegistry } from '../src/jobs';
import { MAX_INPUT_PIXELS, createMediaModule, planVariants, renderVariant } from '../src/modules/media';

/** Gaussian grain around mid grey, as a sensor's: the texture the benchmarks' photos get. */
export const grainOf = (width: number, height: number, sigma: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  });

/** A 6000x4000 camera-like JPEG: a landscape with fine grain, so encoders have real detail to chew. */
export async function make24MpJpeg(): Promise<Buffer> {
  const [w, h] = [6000, 4000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#27476e"/><stop offset="0.6" stop-color="#f2a65a"/><stop offset="1" stop-color="#f7d08a"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="4200" cy="2300" r="380" fill="#ffe8a3"/>
    <path d="M0 2600 C 1200 2100 2200 2500 3200 2300 S 5200 2000 6000 2400 L 6000 4000 L 0 4000 Z" fill="#3d4f3a"/>
    <path d="M0 3100 C 1500 2800 2600 3300 4000 3000 S 5600 2900 6000 3100 L 6000 4000 L 0 4000 Z" fill="#22301f"/>
  </svg>`;
  const grain = await grainOf(w, h, 18).raw().toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: w, height: h, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
    .toBuffer();
}

/** The photo's variant plan, and the original decoded once and scaled to the largest of them. */
export async function decodeForVariants(jpeg: Buffer) {
  const meta = await sharp(jpeg).metadata();
  const planned = planVariants('photo', meta.width!, meta.height!);
  const { data, info } = await sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: Math.max(...planned.map((v) => v.width)), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { planned, data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The baseline: sharp alone making the same variants with the same encoder settings, the fastest
 * way it can (decode once, scale once, every variant in parallel), with no checks and no database.
 */
export async function rawSharpVariants(jpeg: Buffer): Promise<{ ms: number; made: number }> {
  const t0 = performance.now();
  const { planned, data, raw } = await decodeForVariants(jpeg);
  const made = await Promise.all(planned.map((v) => renderVariant({ data, raw }, v, false, false)));
  return { ms: Math.round(performance.now() - t0), made: made.length };
}

export async function benchUploadToVariants(): Promise<{
  megapixels: number;
  ingestMs: number;
  variantsMs: number;
  totalMs: number;
  rawSharpMs: number;
  ratio: number;
}> {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  base.pathname = `/wildframe_bench_upload_${randomBytes(3).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-bench-upload-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: base.toString(),
    REDIS_PREFIX: `wfbench_${randomBytes(3).toString('hex')}`,
    // the media store's files go to a scratch folder, removed after
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  await ensureDatabase(config.DATABASE_URL);
  const ctx = createContext(config, createLogger('silent'));
  try {
    await migrateLatest(ctx.db);
    const media = createMediaModule(ctx, { events: createDomainEventBus(ctx), jobs: createAppJobRegistry() });
    const jpeg = await make24MpJpeg();
    const raw = await rawSharpVariants(jpeg);
    const t0 = performance.now();
    const asset = await media.ingest(jpeg, { kind: 'photo', maxBytes: 50 * 1024 * 1024 });
    const t1 = performance.now();
    await media.makeVariants(asset.id);
    const t2 = performance.now();
    // The raw run again after, so neither side is always the one on a cold (or hot) machine.
    const rawAfter = await rawSharpVariants(jpeg);
    const rawSharpMs = Math.round((raw.ms + rawAfter.ms) / 2);
    const totalMs = Math.round(t2 - t0);
    return {
      megapixels: (asset.width * asset.height) / 1_000_000,
      ingestMs: Math.round(t1 - t0),
      variantsMs: Math.round(t2 - t1),
      totalMs,
      rawSharpMs,
      ratio: Math.round((totalMs / rawSharpMs) * 100) / 100,
    };
  } finally {
    await closeContext(ctx);
    await dropDatabase(config.DATABASE_URL);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const result = await benchUploadToVariants();
  console.log(
    JSON.stringify({
      ...result,
      budget: '< 3000 ms and <= 1.5x raw sharp',
      withinBudget: result.totalMs < 3000 && result.ratio <= 1.5,
    }),
  );
}
