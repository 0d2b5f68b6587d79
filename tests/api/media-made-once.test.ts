import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/platform/context';
import { ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createDomainEventBus } from '../../src/domain-events';
import { createAppJobRegistry } from '../../src/jobs';
import { createMediaModule, planVariants } from '../../src/modules/media';
import { testConfig } from '../support/test-config';
import { freePort } from '../support/redis-server';
import { eventually } from '../support/test-app';
import { grainyJpeg } from '../support/images';
import { appProcesses, dropSharedState, type AppProcess } from '../support/app-processes';

// Two API processes and two workers on one database, Redis and filesystem store. A new photo's
// files are asked from both APIs before its variants exist, while both workers are about to make
// them (the upload's event and the job a served request queues): each file is made once, and every
// answer, from either API, before and after a restart, is the stored file with the stored ETag.
let ctx: AppContext;
const processes = appProcesses();
let env: Record<string, string>;
let assetId: number;
let files: string[];
let jpeg: Buffer;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('base64url').slice(0, 32);
const fileOf = (v: { kind: string; width: number; format: string }) =>
  `${v.kind === 'thumb' ? 'thumb' : v.width}.${v.format === 'jpeg' ? 'jpg' : v.format}`;

async function startApis(): Promise<{ urls: string[]; procs: AppProcess[] }> {
  const urls: string[] = [];
  const procs: AppProcess[] = [];
  for (const n of [1, 2]) {
    const port = await freePort();
    urls.push(`http://127.0.0.1:${port}`);
    procs.push(processes.start(`api-${n}`, 'src/server.ts', { ...env, PORT: String(port) }));
  }
  for (const url of urls)
    await eventually(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200, 45_000);
  return { urls, procs };
}

type Answer = { file: string; etag: string; body: Buffer };
async function ask(url: string, file: string): Promise<Answer> {
  const res = await fetch(`${url}/media/${assetId}/${file}`);
  expect(res.status, `${url} ${file}`).toBe(200);
  return {
    file,
    etag: res.headers.get('etag')!.replace(/^W\//, '').replaceAll('"', ''),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  const config = testConfig();
  await ensureDatabase(config.DATABASE_URL);
  ctx = createContext(config);
  await migrateLatest(ctx.db);
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    DATA_DIR: config.DATA_DIR,
    SWEEP_EVERY_MS: '400',
  };
  jpeg = await grainyJpeg(2400, 1600, { sigma: 30, quality: 90 });
}, 60_000);

afterAll(async () => {
  await processes.stop();
  await dropSharedState(ctx);
}, 60_000);

describe('a new photo asked from two APIs while two workers make its variants', () => {
  it('makes each file once: both APIs serve the stored bytes under their hash, also after a restart', async () => {
    const first = await startApis();
    for (const n of [1, 2]) processes.start(`worker-${n}`, 'workers/main.ts', env);
    await eventually(async () => {
      for (const q of ['media', 'events'])
        if ((await ctx.queues.get(q).getWorkers()).length < 2) return false;
      return true;
    }, 45_000);

    // A camera-like photo (grain gives the encoders real work) uploaded now, its event published:
    // both workers start on its variants (the event's subscriber, the job a served request
    // queues, the sweeper's) while both APIs are asked for every file, three times each.
    const events = createDomainEventBus(ctx);
    const media = createMediaModule(ctx, { events, jobs: createAppJobRegistry() });
    const asset = await media.ingest(jpeg, { kind: 'photo', maxBytes: 50 * 1024 * 1024 });
    assetId = asset.id;
    files = planVariants('photo', asset.width, asset.height).map(fileOf);
    const [{ id: photoId }] = await ctx
      .db('photos')
      .insert({ title: 'Two Herons', original_id: assetId, aspect_ratio: '3:2' })
      .returning('id');
    await ctx.db.transaction((trx) =>
      events.publish(trx, 'photo.uploaded', { photoId, assetIds: [assetId] }),
    );
    const asked = Promise.all(
      [1, 2, 3].flatMap(() => first.urls.flatMap((url) => files.map((file) => ask(url, file)))),
    );
    const answers = await asked;

    // the files as stored right after the first answers: later writes would change their inode
    const dir = path.join(ctx.config.DATA_DIR, 'media', 'variants', String(assetId));
    const inodes = new Map<string, string>();
    for (const file of files) {
      const s = await stat(path.join(dir, file));
      inodes.set(file, `${s.ino}:${s.mtimeMs}`);
    }
    // both workers ran (the event's subscriber and the queued job) and the variants are complete
    await eventually(
      async () =>
        (await ctx.db('media_assets').where({ id: assetId }).first()).variants_ready_at !== null &&
        (await ctx.db('event_deliveries').where({ subscriber: 'media.photo-variants', status: 'done' }))
          .length === 1,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1500)); // the second run, if any, has its turn

    const rows = await ctx.db('media_variants').where({ asset_id: assetId });
    expect(rows).toHaveLength(files.length);
    const later = await Promise.all(first.urls.flatMap((url) => files.map((file) => ask(url, file))));
    await processes.stop(first.procs);
    const second = await startApis();
    const afterRestart = await Promise.all(second.urls.flatMap((url) => files.map((file) => ask(url, file))));

    for (const file of files) {
      const stored = await stat(path.join(dir, file));
      expect(`${stored.ino}:${stored.mtimeMs}`, `${file} written again`).toBe(inodes.get(file));
      const bytes = await readFile(path.join(dir, file));
      const row = rows.find((r) => fileOf(r) === file)!;
      expect(row.etag).toBe(sha(bytes));
      for (const a of [...answers, ...later, ...afterRestart].filter((x) => x.file === file)) {
        expect(a.etag, `${file}'s ETag`).toBe(row.etag);
        expect(a.body.equals(bytes), `${file}'s bytes`).toBe(true);
      }
    }
    for (const c of processes.children.filter((x) => !first.procs.includes(x)))
      expect(c.proc.exitCode, `${c.name}: ${c.output.join('')}`).toBeNull();
  }, 150_000);
});
