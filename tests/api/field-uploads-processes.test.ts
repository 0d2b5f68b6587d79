import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoDraft } from '../../src/contract';
import { createContext, type AppContext } from '../../src/platform/context';
import { ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createRedis } from '../../src/platform/redis';
import { isDependencyDown } from '../../src/platform/dependency-errors';
import { createDomainEventBus } from '../../src/domain-events';
import { createAppJobRegistry } from '../../src/jobs';
import { createMediaModule } from '../../src/modules/media';
import { createUploadLocker } from '../../src/modules/field-uploads';
import { testConfig } from '../support/test-config';
import { loadConfig } from '../../src/config';
import { startS3Server } from '../support/s3-server';
import { freePort, startRedisServer } from '../support/redis-server';
import { ADMIN, eventually } from '../support/test-app';
import { HttpClient } from '../support/http-client';
import { grainyJpeg } from '../support/images';
import { appProcesses, dropSharedState, type AppProcess } from '../support/app-processes';

// Field uploads across real API processes on one database, Redis and upload directory: an API
// killed in the middle of a PATCH and started again resumes the upload from the bytes it kept,
// (on S3: the whole parts it had stored), and two APIs take turns on one upload (the lock they
// share), so a retried PATCH on the other process neither runs beside the first nor lets the
// first write after it.
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const processes = appProcesses();
let ctx: AppContext;
let env: Record<string, string>;
let file: Buffer;
let media: ReturnType<typeof createMediaModule>;

type Api = { url: string; proc: AppProcess; admin: HttpClient };
async function startApi(name: string, storeEnv: Record<string, string> = {}): Promise<Api> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = processes.start(name, 'src/server.ts', { ...env, ...storeEnv, PORT: String(port) });
  await eventually(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200, 45_000);
  const admin = new HttpClient(url);
  await admin.json(admin.post('/api/admin/login', ADMIN));
  return { url, proc, admin };
}
const kill = (api: Api) =>
  new Promise<void>((resolve) => {
    api.proc.proc.once('exit', () => resolve());
    api.proc.proc.kill('SIGKILL');
  });

async function createUpload(api: Api, queueId: string, bytes = file): Promise<string> {
  const res = await api.admin.post('/api/admin/uploads', undefined, {
    ...TUS,
    'upload-length': String(bytes.length),
    'upload-metadata': `filename ${b64('marsh-wren.jpg')},filetype ${b64('image/jpeg')},queueId ${b64(queueId)}`,
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}
const headers = (api: Api, offset: number) => ({
  ...TUS,
  cookie: api.admin.cookieHeader,
  'sec-fetch-site': 'same-origin',
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});
const patch = (api: Api, location: string, offset: number, bytes: Buffer) =>
  fetch(api.url + location, { method: 'PATCH', headers: headers(api, offset), body: new Uint8Array(bytes) });
const offsetOf = async (api: Api, location: string) => {
  const res = await api.admin.request('HEAD', location, undefined, TUS);
  return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
};

/** A PATCH whose body is sent by the test as it likes (a phone on one bar): it ends when asked. */
function openPatch(api: Api, location: string, offset: number) {
  const req = http.request(api.url + location, { method: 'PATCH', headers: headers(api, offset) });
  let endedAt = 0;
  const ended = new Promise<number | 'cut'>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      endedAt = Date.now();
      resolve(res.statusCode!);
    });
    req.on('error', () => {
      endedAt ||= Date.now();
      resolve('cut');
    });
  });
  return { req, ended, endedAt: () => endedAt };
}
/** The files of an upload's multipart upload in the S3 double (`<n>` and `<n>.md5` once stored). */
async function s3Parts(s3: Awaited<ReturnType<typeof startS3Server>>, location: string) {
  const root = path.join(s3.directory, s3.bucket);
  const key = `uploads/${location.split('/').pop()}`;
  for (const d of (await readdir(root)).filter((n) => n.endsWith('._S3rver_uploads')))
    for (const id of await readdir(path.join(root, d))) {
      const dir = path.join(root, d, id);
      if ((await readFile(path.join(dir, 'key'), 'utf8').catch(() => '')) === key) return readdir(dir);
    }
  return [];
}
const uploadFile = (location: string) => path.join(env.DATA_DIR, 'uploads', location.split('/').pop()!);
const sizeOnDisk = async (location: string) =>
  (await stat(uploadFile(location)).catch(() => null))?.size ?? 0;

async function makeDraft(api: Api, location: string, queueId: string, store = media) {
  const draft = await api.admin.json<PhotoDraft>(
    api.admin.post('/api/admin/photo-drafts', {
      queueId,
      uploadId: location.split('/').pop(),
      category: 'birds',
    }),
    201,
  );
  const row = (await ctx.db('photos').where({ id: draft.id }).first('original_id')) as {
    original_id: number;
  };
  return { draft, original: (await store.original(row.original_id))!.data };
}

/** The batch's category (made by whichever test runs first). */
const birds = (api: Api) => api.admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' });

beforeAll(async () => {
  const config = testConfig();
  await ensureDatabase(config.DATABASE_URL);
  ctx = createContext(config);
  await migrateLatest(ctx.db);
  media = createMediaModule(ctx, { events: createDomainEventBus(ctx), jobs: createAppJobRegistry() });
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    DATA_DIR: config.DATA_DIR,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // a camera-like JPEG without GPS: its stored original is the same bytes
  file = await grainyJpeg(1800, 1200, { sigma: 40, quality: 92 });
}, 60_000);

afterAll(async () => {
  await processes.stop();
  await dropSharedState(ctx);
}, 60_000);

describe('field uploads across API processes', () => {
  it('resumes after the API is killed mid-PATCH and started again', async () => {
    const first = await startApi('api-1');
    await birds(first);
    const queueId = randomUUID();
    const location = await createUpload(first, queueId);
    const part = Math.floor(file.length * 0.4);
    const sending = openPatch(first, location, 0);
    sending.req.write(file.subarray(0, part));
    await eventually(async () => (await sizeOnDisk(location)) >= part);
    await kill(first); // in the middle of the PATCH: its body never ends
    expect(await sending.ended).toBe('cut');

    const second = await startApi('api-2');
    // the lock of the killed process lapses by itself; the new API answers what it kept
    const at = await offsetOf(second, location);
    expect(at).toEqual({ status: 200, offset: part });
    expect((await patch(second, location, at.offset, file.subarray(at.offset))).status).toBe(204);
    const { draft, original } = await makeDraft(second, location, queueId);
    expect(draft).toMatchObject({ draft: true, title: 'Marsh wren', aspectRatio: '3:2' });
    expect(original.equals(file)).toBe(true);
    await processes.stop([second.proc]);
  }, 120_000);

  it('on S3 too: the whole parts the killed API stored are kept, the rest is sent again', async () => {
    const s3 = await startS3Server();
    try {
      // 11 MB: the first 8 MB part is stored in the bucket while the PATCH still runs
      const big = await sharp({
        create: {
          width: 4500,
          height: 3000,
          channels: 3,
          background: '#6a7f5a',
          noise: { type: 'gaussian', mean: 110, sigma: 60 },
        },
      })
        .jpeg({ quality: 92 })
        .toBuffer();
      const partSize = 8 * 1024 * 1024; // @tus/s3-store's preferred part size
      expect(big.length).toBeGreaterThan(partSize + 1024 * 1024);
      const first = await startApi('api-s3-1', s3.env);
      await birds(first);
      const queueId = randomUUID();
      const location = await createUpload(first, queueId, big);
      const sending = openPatch(first, location, 0);
      sending.req.write(big.subarray(0, partSize + 512 * 1024));
      await eventually(async () => (await s3Parts(s3, location)).includes('1.md5'), 20_000);
      await kill(first);
      expect(await sending.ended).toBe('cut');

      const second = await startApi('api-s3-2', s3.env);
      const at = await offsetOf(second, location);
      expect(at).toEqual({ status: 200, offset: partSize });
      expect((await patch(second, location, at.offset, big.subarray(at.offset))).status).toBe(204);
      const s3Media = createMediaModule(
        { ...ctx, config: loadConfig({ ...env, ...s3.env }) },
        { events: createDomainEventBus(ctx), jobs: createAppJobRegistry() },
      );
      const { original } = await makeDraft(second, location, queueId, s3Media);
      expect(original.equals(big)).toBe(true);
      await processes.stop([second.proc]);
    } finally {
      await s3.close();
    }
  }, 120_000);

  it('a PATCH retried on the other API waits for the first to let go: the file is the source', async () => {
    const [a, b] = [await startApi('api-a'), await startApi('api-b')];
    const queueId = randomUUID();
    const location = await createUpload(a, queueId);
    const part = Math.floor(file.length / 2);
    // the phone's first PATCH reaches A and stalls after half the file (one bar of signal)
    const stalled = openPatch(a, location, 0);
    stalled.req.write(file.subarray(0, part));
    await eventually(async () => (await sizeOnDisk(location)) >= part);

    // it gives up on that connection and sends the rest to B from the offset it knows
    const startedAt = Date.now();
    const retried = await patch(b, location, part, file.subarray(part));
    const answeredAt = Date.now();
    expect(retried.status).toBe(204);
    // B waited until A had stopped the stalled PATCH (asked through Redis), not beside it
    expect(stalled.endedAt()).toBeGreaterThan(0);
    expect(stalled.endedAt()).toBeLessThanOrEqual(answeredAt);
    expect(answeredAt - startedAt).toBeGreaterThanOrEqual(1000);
    await stalled.ended;
    // late bytes on the stalled connection are not written over B's (an unlocked A would)
    await new Promise<void>((resolve) => stalled.req.write(Buffer.alloc(64 * 1024, 0xff), () => resolve()));
    stalled.req.destroy();
    await new Promise((r) => setTimeout(r, 500));

    expect(await offsetOf(a, location)).toEqual({ status: 200, offset: file.length });
    expect((await readFile(uploadFile(location))).equals(file)).toBe(true);
    const { original } = await makeDraft(a, location, queueId);
    expect(original.equals(file)).toBe(true);
    for (const api of [a, b]) expect(api.proc.proc.exitCode, api.proc.output.join('')).toBeNull();
  }, 120_000);
});

describe('the upload lock without Redis', () => {
  it('refuses to lock (the endpoint answers 503) rather than let a request write unlocked', async () => {
    const redis = await startRedisServer();
    const client = createRedis(`redis://127.0.0.1:${redis.port}`);
    client.on('error', () => undefined);
    try {
      const locker = createUploadLocker(client, 'wftest-lock');
      const lock = locker.newLock('upload-1');
      await lock.lock(new AbortController().signal, () => undefined);
      await lock.unlock();
      await redis.kill();
      const failed = await locker
        .newLock('upload-2')
        .lock(new AbortController().signal, () => undefined)
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDependencyDown(failed)).toBe('redis');
    } finally {
      client.disconnect();
      await redis.kill();
    }
  });
});
