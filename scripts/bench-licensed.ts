// Licensed downloads (issue 46), the budgets as ratios in one run:
// (a) a buyer's copy served by the API's `serve` (rights head written in, Range-capable, from the
//     media store) against a bare node:http server piping the same stored file with
//     fs.createReadStream, 20 connections (autocannon), runs alternating: budget >= 0.9x;
// (b) the API process's RSS growth while 5 full-resolution downloads of a ~50 MB original's file
//     run at once: budget < 20 MB;
// (c) making the full-resolution file (encode, store, row) and writing one buyer's copy with her
//     rights (served over loopback into a file: a second 45 MB write), against sharp copying the original with the same metadata (rotate, sRGB profile, the
//     same JPEG settings) to a file: budget <= 1.2x.
// Both servers run in child processes of their own with the API's production flags (tsx loaded in
// both); the API child builds every module as the API does. About a minute.
//
//   npx tsx scripts/bench-licensed.ts      (bench.ts calls benchLicensed())
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import sharp from 'sharp';
import { loadConfig, type Config } from '../src/config';
import { createModules, type Modules } from '../src/modules';
import { LICENSED_JPEG, type LicensedDownload } from '../src/modules/licences';
import { closeContext, createContext } from '../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { isMain } from '../src/platform/process';
import { apiNodeFlags, envDefaults } from './api-node-flags';
import { grainOf } from './bench-upload';
import { procKb } from './bench-upload-http';

const SECONDS = Number(process.env.BENCH_LICENSED_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_LICENSED_ROUNDS ?? 2);
const MAKE_ROUNDS = Number(process.env.BENCH_LICENSED_MAKE_ROUNDS ?? 3);
const CONNECTIONS = 20;
const DOWNLOADS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratio = (x: number) => Number(x.toFixed(3));

const download = (photoId: number, sizeId: number): LicensedDownload => ({
  photoId,
  sizeId,
  longEdgePx: null,
  fileName: 'great-blue-heron-editorial-WL-7KQ3-M9XD-2PHT.jpg',
  grantId: 'WL-7KQ3-M9XD-2PHT',
  usageTerms: 'Editorial licence WL-7KQ3-M9XD-2PHT: one article or post, credit required. Licensee: Bench.',
  verifyUrl: 'https://shop.example/licences/verify/WL-7KQ3-M9XD-2PHT',
});

/** `serve` behind a bare route (the download route is the grants' part), and the process's RSS. */
function serveApp(modules: Modules, photoId: number) {
  const app = express();
  app.get('/dl/:size', async (req, res) => {
    try {
      await modules.licences.files.serve(req, res, download(photoId, Number(req.params.size)));
    } catch (err) {
      if (!res.headersSent) res.status(500).end((err as Error).message);
    }
  });
  return http.createServer(app);
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/**
 * A ~50 MB camera-like original (under MAX_PHOTO_MB's 50 MiB): 8000x6000 of fine grain, kept
 * between runs in the system's temporary directory.
 */
async function bigOriginal(): Promise<string> {
  const file = path.join(os.tmpdir(), 'wildframe-bench-licensed-original-v2.jpg');
  if (!existsSync(file))
    await grainOf(8000, 6000, 14)
      .jpeg({ quality: 94, chromaSubsampling: '4:4:4' })
      .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
      .toFile(file);
  return file;
}

type Child = { proc: ChildProcess; port: number };

function startChild(mode: 'api' | 'bare', arg: string, env: Record<string, string>): Promise<Child> {
  const proc = fork(fileURLToPath(import.meta.url), [mode, arg], {
    execArgv: [...apiNodeFlags(), '--import', 'tsx'],
    // as `npm run start:api` runs (its malloc and thread pool settings)
    env: { ...envDefaults('start:api'), ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve({ proc, port: (m as { port: number }).port }));
    proc.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
}

async function stopChild(c: Child) {
  if (c.proc.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    c.proc.once('exit', () => resolve());
    c.proc.kill('SIGTERM');
  });
}

type Cannon = Awaited<ReturnType<typeof cannon>>;
async function cannon(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { mbPerS: r.throughput.average / 1e6, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors };
}

/** A whole download read as fast as it comes; resolves with its length. */
function fetchAll(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function benchLicensed() {
  const suffix = randomBytes(3).toString('hex');
  const db = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  db.pathname = `/wildframe_bench_licensed_${suffix}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-bench-licensed-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATABASE_URL: db.toString(),
    REDIS_PREFIX: `wfbenchlic_${suffix}`,
    DATA_DIR: dataDir,
  };
  const config: Config = loadConfig({ ...process.env, ...env });
  await ensureDatabase(config.DATABASE_URL);
  const ctx = createContext(config, createLogger('silent'));
  const children: Child[] = [];
  const server = { close: () => undefined as unknown };
  try {
    await migrateLatest(ctx.db);
    const modules = createModules(ctx);
    await modules.catalog.service.createCategory({ name: 'birds', displayName: 'Birds' });
    const original = await bigOriginal();
    const originalBytes = (await stat(original)).size;
    const photo = await modules.catalog.service.createPhotoWithFiles(
      {
        title: 'Great Blue Heron',
        description: '',
        location: '',
        dateTaken: null,
        aspectRatio: '4:3',
        category: 'birds',
        displayOrder: 0,
        featured: false,
        verticalPosition: 50,
      } as Parameters<typeof modules.catalog.service.createPhotoWithFiles>[0],
      { image: { path: original }, thumbnail: null },
    );
    const sizeIds = (await ctx.db('download_sizes').orderBy('position').select('id', 'long_edge_px')) as {
      id: number;
      long_edge_px: number | null;
    }[];
    const web = sizeIds.find((s) => s.long_edge_px !== null)!.id;
    const full = sizeIds.find((s) => s.long_edge_px === null)!.id;
    const assetId = await modules.catalog.service.imageAsset(photo.id, 'image');

    // (c) making the full-resolution file with a buyer's copy written, against sharp's copy
    const local = serveApp(modules, photo.id);
    const localPort = await listen(local);
    server.close = () => local.close();
    const scratch = path.join(dataDir, 'scratch.jpg');
    const timed = async (work: () => Promise<unknown>) => {
      const t = performance.now();
      await work();
      return performance.now() - t;
    };
    const make = { ours: [] as number[], made: [] as number[], sharp: [] as number[] };
    const ours = async () => {
      const row = await ctx
        .db('licensed_files')
        .where({ photo_id: photo.id, download_size_id: full })
        .first();
      if (row) {
        await ctx.db('licensed_files').where({ photo_id: photo.id, download_size_id: full }).delete();
        await rm(path.join(dataDir, 'media', row.storage_key), { force: true });
      }
      const made = await timed(() => modules.licences.files.ensure(photo.id, full));
      const copied = await timed(
        () =>
          new Promise<void>((resolve, reject) =>
            http
              .get(`http://127.0.0.1:${localPort}/dl/${full}`, (res) =>
                pipeline(res, createWriteStream(scratch)).then(resolve, reject),
              )
              .on('error', reject),
          ),
      );
      make.made.push(made);
      return made + copied;
    };
    const theirs = () =>
      timed(() =>
        modules.media.withOriginalFile(assetId, (input) =>
          sharp(input).rotate().withIccProfile('srgb').jpeg(LICENSED_JPEG).toFile(scratch),
        ),
      );
    await theirs(); // warm-up
    for (let i = 0; i < MAKE_ROUNDS; i++)
      for (const k of i % 2 ? (['sharp', 'ours'] as const) : (['ours', 'sharp'] as const))
        make[k].push(await (k === 'ours' ? ours() : theirs()));
    const makeRow = await ctx
      .db('licensed_files')
      .where({ photo_id: photo.id, download_size_id: full })
      .first();
    await modules.licences.files.ensure(photo.id, web);
    const webRow = await ctx
      .db('licensed_files')
      .where({ photo_id: photo.id, download_size_id: web })
      .first();

    // (a) throughput, 20 connections, alternating; (b) the API's RSS during 5 full downloads
    const api = await startChild('api', String(photo.id), env);
    children.push(api);
    const stored = (key: string) => path.join(dataDir, 'media', key);
    const bare = await startChild(
      'bare',
      JSON.stringify({ web: stored(webRow.storage_key), full: stored(makeRow.storage_key) }),
      env,
    );
    children.push(bare);
    const throughputOf = async (which: 'web' | 'full') => {
      const apiUrl = `http://127.0.0.1:${api.port}/dl/${which === 'web' ? web : full}`;
      const bareUrl = `http://127.0.0.1:${bare.port}/${which}`;
      await cannon(apiUrl); // warm-up
      const runs = { api: [] as Cannon[], bare: [] as Cannon[] };
      for (let i = 0; i < ROUNDS; i++)
        for (const k of i % 2 ? (['bare', 'api'] as const) : (['api', 'bare'] as const))
          runs[k].push(await cannon(k === 'api' ? apiUrl : bareUrl));
      const apiMb = median(runs.api.map((r) => r.mbPerS));
      const bareMb = median(runs.bare.map((r) => r.mbPerS));
      return {
        connections: CONNECTIONS,
        seconds: SECONDS,
        apiMbPerS: Number(apiMb.toFixed(1)),
        bareMbPerS: Number(bareMb.toFixed(1)),
        apiRps: median(runs.api.map((r) => r.rps)),
        bareRps: median(runs.bare.map((r) => r.rps)),
        errors: [...runs.api, ...runs.bare].reduce((n, r) => n + r.errors + r.non2xx, 0),
        ratio: ratio(apiMb / bareMb),
        budget: '>= 0.9x',
      };
    };

    /** A server's RSS growth (peak over before, MB) while 5 full downloads run at once. */
    const rssDuring = async (pid: number, url: string) => {
      await fetchAll(url); // its first full read: code paths warm
      await new Promise((r) => setTimeout(r, 500));
      const before = procKb(pid, 'VmRSS');
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, procKb(pid, 'VmRSS'))), 20);
      const t = performance.now();
      const lengths = await Promise.all(Array.from({ length: DOWNLOADS }, () => fetchAll(url)));
      const ms = performance.now() - t;
      clearInterval(sampler);
      return { before, growthMb: (peak - before) / 1024, ms, lengths };
    };
    const apiRss = await rssDuring(api.proc.pid!, `http://127.0.0.1:${api.port}/dl/${full}`);
    const bareRss = await rssDuring(bare.proc.pid!, `http://127.0.0.1:${bare.port}/full`);
    const { lengths, ms: downloadMs } = apiRss;
    const rssBefore = apiRss.before;
    const rssPeak = rssBefore + apiRss.growthMb * 1024;

    // then throughput (its 20 connections leave the process larger: measured after)
    const throughputWeb = await throughputOf('web');
    const growthMb = (rssPeak - rssBefore) / 1024;
    const result = {
      original: { bytes: originalBytes, width: 8000, height: 6000 },
      fullFile: { bytes: Number(makeRow.bytes), width: makeRow.width, height: makeRow.height },
      webFile: { bytes: Number(webRow.bytes), width: webRow.width, height: webRow.height },
      /** the 2048 px file (~0.6 MB: a request's own work counts most) */
      throughputWeb,
      memory: {
        downloads: DOWNLOADS,
        bytesEach: lengths[0],
        allWhole: lengths.every((n) => n === lengths[0] && n > Number(makeRow.bytes)),
        ms: Math.round(downloadMs),
        rssBeforeMb: Number((rssBefore / 1024).toFixed(1)),
        rssGrowthMb: Number(growthMb.toFixed(1)),
        /** the bare server's growth for the same 5 downloads, for scale */
        bareRssGrowthMb: Number(bareRss.growthMb.toFixed(1)),
        budget: '< 20 MB',
      },
      making: {
        rounds: MAKE_ROUNDS,
        oursMedianMs: Math.round(median(make.ours)),
        sharpMedianMs: Math.round(median(make.sharp)),
        ratio: ratio(median(make.ours) / median(make.sharp)),
        /** the made file alone (encode, flushed into the store, its row), before any copy */
        madeMedianMs: Math.round(median(make.made)),
        madeRatio: ratio(median(make.made) / median(make.sharp)),
        budget: '<= 1.2x',
      },
    };
    return result;
  } finally {
    for (const c of children) await stopChild(c);
    server.close();
    const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
    if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
    await closeContext(ctx);
    await dropDatabase(config.DATABASE_URL).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export type LicensedBench = Awaited<ReturnType<typeof benchLicensed>>;

/** The bench's lines: each figure against its budget. */
export function licensedSummary(b: LicensedBench): string {
  const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');
  const { memory: m, making: c } = b;
  const line = (a: LicensedBench['throughputWeb'], file: { bytes: number }) =>
    `  serve vs bare node streaming the same file, ${a.connections} connections, ${(file.bytes / 1e6).toFixed(1)} MB file: ` +
    `${a.apiMbPerS} vs ${a.bareMbPerS} MB/s, ratio ${a.ratio}x (budget >= 0.9x ${ok(a.ratio >= 0.9)})`;
  return [
    `Licensed downloads (${(b.fullFile.bytes / 1e6).toFixed(1)} MB full-resolution file of a ${(b.original.bytes / 1e6).toFixed(1)} MB original):`,
    line(b.throughputWeb, b.webFile),
    `  API RSS during ${m.downloads} full-resolution downloads at once: +${m.rssGrowthMb} MB from ${m.rssBeforeMb} MB (budget < 20 MB ${ok(m.rssGrowthMb < 20)}; the bare server +${m.bareRssGrowthMb} MB)`,
    `  making the full-resolution file with rights written in: ${c.oursMedianMs} ms vs sharp's copy ${c.sharpMedianMs} ms, ratio ${c.ratio}x (budget <= 1.2x ${ok(c.ratio <= 1.2)}); the file made alone ${c.madeMedianMs} ms, ${c.madeRatio}x`,
  ].join('\n');
}

// ---- the child servers ----
async function runApi(photoId: number) {
  const config = loadConfig(process.env);
  const ctx = createContext(config, createLogger('silent'));
  const server = serveApp(createModules(ctx), photoId);
  const port = await listen(server);
  process.send!({ port });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void closeContext(ctx).finally(() => process.exit(0));
  });
}

async function runBare(filesJson: string) {
  const files = JSON.parse(filesJson) as Record<string, string>;
  const sizes: Record<string, number> = {};
  for (const [name, file] of Object.entries(files)) sizes[name] = (await stat(file)).size;
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').slice(1);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': sizes[name] });
    void pipeline(createReadStream(files[name]), res).catch(() => undefined);
  });
  const port = await listen(server);
  process.send!({ port });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    process.exit(0);
  });
}

if (isMain(import.meta.url)) {
  const [mode, arg] = process.argv.slice(2);
  if (mode === 'api') await runApi(Number(arg));
  else if (mode === 'bare') await runBare(arg);
  else {
    const result = await benchLicensed();
    console.log(JSON.stringify(result, null, 2));
    console.log(licensedSummary(result));
    await writeFile('bench-results/licensed.json', JSON.stringify(result, null, 2)).catch(() => undefined);
    process.exit(0);
  }
}
