// `npm run bench`'s memory step (issue 48), runnable alone: `npx tsx scripts/bench-memory.ts`.
// Starts `npm start` on the demo shop (API and workers in one process) and reads its RSS idle, then
// its peak while three ~50 MB photos upload at once and their variants are made; then the same for
// the production pair (`npm run start:api` + `npm run start:worker`), summed. Where the memory goes
// is read inside each process by a probe (bench-memory-probe.mjs, loaded with NODE_OPTIONS): V8's
// heap, the memory outside it (Buffers), libvips' (decoded pixels); the response cache's bytes come
// from the shop's own /metrics (wildframe_response_cache_bytes).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_SITE_NAME } from '../src/demo/demo-content';
import { dropDatabase } from '../src/platform/db';
import { isMain } from '../src/platform/process';
import { signIn, sleep } from './bench-app';
import { make50MbJpeg, mb, procKb, resetPeak, uploadMultipart } from './bench-upload-http';

export const IDLE_BUDGET_MB = 300;
export const PEAK_BUDGET_MB = 450;
const ADMIN = { username: 'owner', password: 'bench-owner-password' };
const PROBE = path.resolve(import.meta.dirname, 'bench-memory-probe.mjs');

type Probe = {
  pid: number;
  script: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  libvips: number;
  libvipsHigh: number;
};
/** One process's figures, MB. */
export type ProcessMemory = {
  name: string;
  idleMb: number;
  peakMb: number;
  idleHeapUsedMb: number;
  peakHeapUsedMb: number;
  idleExternalMb: number;
  peakExternalMb: number;
  peakLibvipsMb: number;
};
export type ShopMemory = {
  run: string;
  processes: ProcessMemory[];
  idleMb: number;
  /** The sum of each process's own peak (VmHWM over the uploads): never below the real one. */
  peakMb: number;
  /** The processes' RSS summed every 100 ms during the uploads: their real peak together, polled. */
  polledPeakMb: number;
  responseCacheMb: number | null;
  uploadsMs: number;
};

const toMb = (bytes: number) => Math.round(bytes / 104857.6) / 10;

function probes(dir: string): Probe[] {
  return readdirSync(dir).flatMap((f) => {
    try {
      return [JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Probe];
    } catch {
      return []; // being written
    }
  });
}

/** Polls `check` until it gives a value; `gaveUp` says why to stop early (a process that ended). */
async function waitFor<T>(
  what: string,
  ms: number,
  check: () => Promise<T | null | undefined>,
  gaveUp: () => string = () => '',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    if (gaveUp()) throw new Error(`bench-memory: ${gaveUp()}`);
    const got = await check().catch(() => null);
    if (got) return got;
    if (Date.now() > until) throw new Error(`bench-memory: ${what} not within ${ms / 1000} s`);
    await sleep(250);
  }
}

/**
 * One run: the npm scripts started (each its own process group), the shop ready with every demo
 * photo's variants made, browsed, then idle; then three uploads at once to all their variants.
 * `processes` maps a name to the script path its node process runs (matched on the probe's argv).
 */
async function measure(
  run: string,
  scripts: string[][],
  processes: Record<string, RegExp>,
  extraEnv: Record<string, string>,
  big: Blob,
): Promise<ShopMemory> {
  const port = Number(process.env.BENCH_MEMORY_PORT ?? 3996);
  const metricsPort = port + 1;
  const base = `http://127.0.0.1:${port}`;
  const dbUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  dbUrl.pathname = `/${process.env.BENCH_MEMORY_DB ?? 'wildframe_bench_memory'}`;
  await dropDatabase(dbUrl.toString());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wildframe-bench-memory-'));
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'wildframe-bench-probe-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: process.env.BENCH_MEMORY_REDIS_PREFIX ?? 'wfbenchmem',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    SITE_NAME: DEMO_SITE_NAME,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
    NODE_OPTIONS: `--import=${PROBE}`,
    BENCH_MEMORY_PROBE_DIR: probeDir,
  };
  delete env.NODE_ENV;
  Object.assign(env, extraEnv);
  const children: ChildProcess[] = scripts.map((args) =>
    spawn('npm', args, { env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  let ended = '';
  for (const [i, child] of children.entries())
    child.once('exit', (code) => (ended ||= `npm ${scripts[i].join(' ')} exited (${code})`));
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await waitFor(
      'the shop ready',
      600_000,
      async () => (await fetch(`${base}/readyz`)).ok,
      () => ended,
    );
    await db.connect();
    // the steady state visitors see: every demo photo with its variants
    await waitFor('the demo variants', 300_000, async () => {
      const { rows } = await db.query(
        'select count(*)::int as n from media_assets a left join media_variants v on v.asset_id = a.id where v.id is null',
      );
      return rows[0].n === 0;
    });
    const pids: Record<string, number> = await waitFor('the probes', 30_000, async () => {
      const found = probes(probeDir);
      const byName = Object.entries(processes).map(([name, re]) => [
        name,
        found.find((p) => re.test(p.script))?.pid,
      ]);
      return byName.every(([, pid]) => pid) ? Object.fromEntries(byName) : null;
    });
    // browsed: the pages and JSON a visitor gets, kept by the response cache
    const photos = (await (await fetch(`${base}/api/photos`)).json()) as { id: number }[];
    for (const page of [
      '/',
      '/portfolio',
      '/about',
      '/faq',
      '/api/photos',
      ...photos.map((p) => `/photo/${p.id}`),
    ])
      await fetch(`${base}${page}`, { headers: { accept: 'text/html' } }).then((r) => r.arrayBuffer());
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
      .then((r) => r.text())
      .catch(() => '');
    const cacheBytes = /^wildframe_response_cache_bytes (\d+)/m.exec(metrics);
    await sleep(Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 10_000));
    const idle = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [
        name,
        { kb: procKb(pid, 'VmRSS'), probe: probeOf(probeDir, pid) },
      ]),
    );

    const cookie = await signIn(base, ADMIN);
    for (const pid of Object.values(pids)) resetPeak(pid);
    const peakProbe: Record<string, Probe> = {};
    let sampling = true;
    let polledPeakKb = 0;
    const sampler = (async () => {
      while (sampling) {
        polledPeakKb = Math.max(
          polledPeakKb,
          Object.values(pids).reduce((sum, pid) => sum + procKb(pid, 'VmRSS'), 0),
        );
        for (const [name, pid] of Object.entries(pids)) {
          const p = probeOf(probeDir, pid);
          const was = peakProbe[name];
          if (!p) continue;
          peakProbe[name] = was
            ? {
                ...p,
                heapUsed: Math.max(was.heapUsed, p.heapUsed),
                external: Math.max(was.external, p.external),
                libvipsHigh: Math.max(was.libvipsHigh, p.libvips),
              }
            : { ...p, libvipsHigh: p.libvips };
        }
        await sleep(100);
      }
    })();
    const t0 = performance.now();
    let ids: number[];
    try {
      ids = await Promise.all([1, 2, 3].map((i) => uploadMultipart({ base, cookie }, big, `Big ${i}`)));
      await waitFor('the uploads variants', 600_000, async () => {
        const { rows } = await db.query(
          'select count(*)::int as n from photos p join media_assets a on a.id = p.original_id where p.id = any($1) and a.variants_ready_at is not null',
          [ids],
        );
        return rows[0].n === ids.length;
      });
    } finally {
      sampling = false;
      await sampler;
    }
    const uploadsMs = Math.round(performance.now() - t0);
    const rows = Object.entries(pids).map(([name, pid]): ProcessMemory => {
      const i = idle[name];
      const p = peakProbe[name];
      return {
        name,
        idleMb: mb(i.kb),
        peakMb: mb(procKb(pid, 'VmHWM')),
        idleHeapUsedMb: toMb(i.probe?.heapUsed ?? NaN),
        peakHeapUsedMb: toMb(p?.heapUsed ?? NaN),
        idleExternalMb: toMb(i.probe?.external ?? NaN),
        peakExternalMb: toMb(p?.external ?? NaN),
        peakLibvipsMb: toMb(p?.libvipsHigh ?? NaN),
      };
    });
    const sum = (k: 'idleMb' | 'peakMb') => Math.round(rows.reduce((s, r) => s + r[k], 0) * 10) / 10;
    return {
      run,
      processes: rows,
      idleMb: sum('idleMb'),
      peakMb: sum('peakMb'),
      polledPeakMb: mb(polledPeakKb),
      responseCacheMb: cacheBytes ? toMb(Number(cacheBytes[1])) : null,
      uploadsMs,
    };
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(children.map(stopGroup));
    await dropDatabase(dbUrl.toString());
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(probeDir, { recursive: true, force: true });
  }
}

function probeOf(dir: string, pid: number): Probe | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${pid}.json`), 'utf8')) as Probe;
  } catch {
    return undefined;
  }
}

/** SIGTERM to the npm script's whole group (npm, the shell, node), as a terminal's Ctrl-C does. */
async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGTERM');
  const late = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 40_000);
  await exited;
  clearTimeout(late);
  await sleep(1000); // the server itself exits after npm
}

export async function benchMemory(): Promise<ShopMemory[]> {
  const big = new Blob([new Uint8Array(await make50MbJpeg())], { type: 'image/jpeg' });
  // BENCH_MEMORY_ONLY=start or =pair: that run alone (trying a setting; `pair` runs the build as it
  // is, so `npm run build` first)
  const only = process.env.BENCH_MEMORY_ONLY;
  // `npm start` first: it builds when the sources are newer, so the pair runs this build too
  const start =
    only === 'pair'
      ? null
      : await measure('npm start', [['start']], { 'npm start': /start\.(js|ts)$/ }, {}, big);
  if (only === 'start') return [start!];
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    PAYMENTS_PROVIDER: 'test',
  };
  const pair = await measure(
    'production pair',
    [
      ['run', 'start:api'],
      ['run', 'start:worker'],
    ],
    { api: /api\.js$/, worker: /worker\.js$/ },
    production,
    big,
  );
  return start ? [start, pair] : [pair];
}

/** The table: each process, then each run's sum against the budgets. */
export function memoryTable(runs: ShopMemory[]): string {
  const lines = [
    'process | idle RSS | peak RSS (3 x 50 MB uploads) | V8 heap used idle/peak | external idle/peak | libvips peak',
    '---|---|---|---|---|---',
  ];
  for (const r of runs)
    for (const p of r.processes)
      lines.push(
        `${r.run === p.name ? p.name : `${r.run}: ${p.name}`} | ${p.idleMb} MB | ${p.peakMb} MB | ${p.idleHeapUsedMb}/${p.peakHeapUsedMb} MB | ${p.idleExternalMb}/${p.peakExternalMb} MB | ${p.peakLibvipsMb} MB`,
      );
  lines.push(
    '',
    `run | idle RSS (budget <= ${IDLE_BUDGET_MB} MB) | peak RSS (budget <= ${PEAK_BUDGET_MB} MB) | peak polled (100 ms) | response cache | uploads to variants`,
  );
  lines.push('---|---|---|---|---|---');
  for (const r of runs)
    lines.push(
      `${r.run} | ${r.idleMb} MB ${r.idleMb <= IDLE_BUDGET_MB ? 'ok' : 'OVER'} | ${r.peakMb} MB ${r.peakMb <= PEAK_BUDGET_MB ? 'ok' : 'OVER'} | ${r.polledPeakMb} MB | ${r.responseCacheMb ?? '?'} MB | ${r.uploadsMs} ms`,
    );
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const runs = await benchMemory();
  console.log(JSON.stringify(runs, null, 2));
  console.log(memoryTable(runs));
  process.exit(0);
}
