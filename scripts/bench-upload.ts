// Upload-to-variants time for a 24-megapixel JPEG (budget: under 3 s on 2 cores).
// Runs media.ingest and media.makeVariants directly, against a fresh database of its own.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { loadConfig } from '../src/config';
import { closeContext, createContext } from '../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { isMain } from '../src/platform/process';
import { createDomainEventBus } from '../src/domain-events';
import { createMediaModule } from '../src/modules/media';

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
  const grain = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: w, height: h, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
    .toBuffer();
}

export async function benchUploadToVariants(): Promise<{
  megapixels: number;
  ingestMs: number;
  variantsMs: number;
}> {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  base.pathname = `/wildframe_bench_upload_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: base.toString(),
    REDIS_PREFIX: `wfbench_${randomBytes(3).toString('hex')}`,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  await ensureDatabase(config.DATABASE_URL);
  const ctx = createContext(config, createLogger('silent'));
  try {
    await migrateLatest(ctx.db);
    const media = createMediaModule(ctx, { events: createDomainEventBus(ctx) });
    const jpeg = await make24MpJpeg();
    const t0 = performance.now();
    const asset = await media.ingest(jpeg, { kind: 'photo', maxBytes: 50 * 1024 * 1024 });
    const t1 = performance.now();
    await media.makeVariants(asset.id);
    const t2 = performance.now();
    return {
      megapixels: (asset.width * asset.height) / 1_000_000,
      ingestMs: Math.round(t1 - t0),
      variantsMs: Math.round(t2 - t1),
    };
  } finally {
    await closeContext(ctx);
    await dropDatabase(config.DATABASE_URL);
  }
}

if (isMain(import.meta.url)) {
  const result = await benchUploadToVariants();
  const total = result.ingestMs + result.variantsMs;
  console.log(JSON.stringify({ ...result, totalMs: total, budgetMs: 3000, withinBudget: total < 3000 }));
}
