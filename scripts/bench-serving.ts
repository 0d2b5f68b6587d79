// Serving cost: each public URL under autocannon (100 connections), side by
// side with a bare node:http server replaying the exact bytes and headers the app answered, in the
// same run. Both servers run in child processes of their own; autocannon runs here. The ratio
// app/bare is what the budgets are about: absolute figures move with the load on the machine.
//
//   npx tsx scripts/bench-serving.ts            (standalone; bench.ts calls benchServing())
//   BENCH_SERVING_SECONDS=3 BENCH_SERVING_ROUNDS=5 BENCH_SERVING_PORT=3996 BENCH_LOG_LEVEL=info
//   BENCH_SERVING_ONLY=HTML (only the cases whose name has it)
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { isMain } from '../src/platform/process';
import { apiNodeFlags } from './api-node-flags';

type Captured = { status: number; headers: [string, string][]; body: string /* base64 */ };
type Case = {
  name: string;
  path: string;
  headers: Record<string, string>;
  budget?: number;
  p99BudgetMs?: number;
};
export type ServingRow = {
  name: string;
  path: string;
  bytes: number;
  contentEncoding: string | null;
  app: { rps: number; p99: number; non2xx: number; errors: number };
  bare: { rps: number; p99: number; non2xx: number; errors: number };
  ratio: number;
  budget?: number;
  p99BudgetMs?: number;
};

const browser = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (bench) Chrome/130.0 Safari/537.36',
};
const cases = (photoId: number, mediaFile: string): Case[] => [
  { name: 'JSON, no compression', path: '/api/photos', headers: { accept: 'application/json' } },
  {
    name: 'JSON as browsers ask (gzip, br)',
    path: '/api/photos',
    headers: { ...browser, accept: 'application/json' },
    budget: 0.8,
    p99BudgetMs: 30,
  },
  {
    name: 'JSON one photo (gzip, br)',
    path: `/api/photos/${photoId}`,
    headers: { ...browser, accept: 'application/json' },
    budget: 0.8,
  },
  {
    name: 'Image variant w=640 (AVIF)',
    path: `/api/photos/${photoId}/image?w=640&v=1`,
    headers: { ...browser, accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    budget: 0.5,
  },
  {
    // what pages use: the address names the file, so no Accept to look at
    name: 'Media file 640.avif',
    path: mediaFile,
    headers: { ...browser, accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    budget: 0.5,
  },
  {
    // counted as a visit (issue 49): the same page, its hit recorded and batched
    name: 'HTML page /photo/{id}',
    path: `/photo/${photoId}`,
    headers: { ...browser, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    budget: 0.5,
  },
  {
    // the same page not counted (DNT): beside the row above, what counting costs
    name: 'HTML page, not counted (DNT)',
    path: `/photo/${photoId}`,
    headers: { ...browser, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', dnt: '1' },
  },
];

// Hop-by-hop and per-response headers the bare server sets itself.
const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function capture(base: string, c: Case): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${c.path}`, { headers: c.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (!own.has(res.rawHeaders[i].toLowerCase()))
              headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const r = await autocannon({ url, connections: 100, duration: seconds, headers });
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function child(mode: string, env: Record<string, string>): Promise<{ proc: ChildProcess; port: number }> {
  const proc = fork(fileURLToPath(import.meta.url), [mode], {
    // both run with the API's production flags: the same runtime, only the app differs
    execArgv: [...apiNodeFlags(), '--import', 'tsx'],
    env: { ...process.env, ...env },
    // The app's logs go to /dev/null: writing them is part of the cost, reading them is not.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (m: { port: number }) => resolve({ proc, port: m.port }));
    proc.once('exit', (code) => reject(new Error(`bench child ${mode} exited with ${code}`)));
  });
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

export async function benchServing(
  opts: { port?: number; seconds?: number; rounds?: number; logLevel?: string } = {},
): Promise<{ rows: ServingRow[]; table: string }> {
  const port = opts.port ?? Number(process.env.BENCH_SERVING_PORT ?? 3996);
  const seconds = opts.seconds ?? Number(process.env.BENCH_SERVING_SECONDS ?? 3);
  const rounds = opts.rounds ?? Number(process.env.BENCH_SERVING_ROUNDS ?? 5);
  const app = await child('--app', {
    PORT: String(port),
    BENCH_LOG_LEVEL: opts.logLevel ?? process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const bare = await child('--bare', { PORT: String(port + 1) });
  const appBase = `http://127.0.0.1:${app.port}`;
  const bareBase = `http://127.0.0.1:${bare.port}`;
  const rows: ServingRow[] = [];
  try {
    const photos = (await (await fetch(`${appBase}/api/photos`)).json()) as {
      id: number;
      files: { display: { url: string }[] }[];
    }[];
    // BENCH_SERVING_ONLY=HTML: only the cases whose name has it
    const only = process.env.BENCH_SERVING_ONLY;
    const chosen = cases(photos[0]?.id ?? 1, photos[0]?.files[0]?.display[0]?.url ?? '/media/1/640.avif');
    for (const c of chosen.filter((x) => !only || x.name.includes(only))) {
      // Warm the app as a burst would (first requests fill caches), then capture what it answers.
      await load(`${appBase}${c.path}`, c.headers, 1);
      const captured = await capture(appBase, c);
      await new Promise<void>((resolve) => {
        bare.proc.once('message', () => resolve());
        bare.proc.send(captured);
      });
      const runs: { app: ServingRow['app']; bare: ServingRow['bare'] }[] = [];
      for (let i = 0; i < rounds; i++) {
        runs.push({
          app: await load(`${appBase}${c.path}`, c.headers, seconds),
          bare: await load(`${bareBase}${c.path}`, c.headers, seconds),
        });
      }
      // The median round by ratio: one lucky or unlucky round on a shared machine does not decide.
      runs.sort((a, b) => a.app.rps / a.bare.rps - b.app.rps / b.bare.rps);
      const mid = runs[Math.floor(runs.length / 2)];
      const encoding = captured.headers.find(([k]) => k.toLowerCase() === 'content-encoding');
      rows.push({
        name: c.name,
        path: c.path,
        bytes: Buffer.from(captured.body, 'base64').length,
        contentEncoding: encoding?.[1] ?? null,
        app: mid.app,
        bare: mid.bare,
        ratio: Math.round((mid.app.rps / mid.bare.rps) * 100) / 100,
        budget: c.budget,
        p99BudgetMs: c.p99BudgetMs,
      });
    }
  } finally {
    await stop(app.proc);
    await stop(bare.proc);
  }
  return { rows, table: formatTable(rows) };
}

export function formatTable(rows: ServingRow[]): string {
  const head = ['case', 'bytes', 'enc', 'app req/s', 'app p99', 'bare req/s', 'bare p99', 'ratio', 'budget'];
  const lines = rows.map((r) => [
    r.name,
    String(r.bytes),
    r.contentEncoding ?? '-',
    String(r.app.rps),
    `${r.app.p99} ms`,
    String(r.bare.rps),
    `${r.bare.p99} ms`,
    `${r.ratio.toFixed(2)}x`,
    [
      r.budget ? `>= ${r.budget}x ${r.ratio >= r.budget ? 'ok' : 'MISS'}` : '',
      r.p99BudgetMs ? `p99 < ${r.p99BudgetMs} ms ${r.app.p99 < r.p99BudgetMs ? 'ok' : 'MISS'}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (l: string[]) => l.map((s, i) => s.padEnd(widths[i])).join(' | ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(fmt)].join('\n');
}

/** Child: the demo shop (bench-shop.ts) with its variants made, then without its worker. */
async function runApp(): Promise<void> {
  const { startBenchShop } = await import('./bench-shop');
  const port = Number(process.env.PORT);
  const shop = await startBenchShop({
    port,
    database: `wildframe_bench_serving_${port}`,
    redisPrefix: `wfbenchserve${port}`,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  process.send?.({ port });
  process.once('SIGTERM', async () => {
    await shop.close();
    process.exit(0);
  });
}

/** Child: node:http sending the captured answer, nothing else. */
function runBare(): void {
  let answer = { status: 200, headers: [] as [string, string][], body: Buffer.alloc(0) };
  process.on('message', (m: Captured) => {
    answer = { status: m.status, headers: m.headers, body: Buffer.from(m.body, 'base64') };
    process.send?.('ok');
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(answer.status, answer.headers.flat());
    res.end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), () => process.send?.({ port: Number(process.env.PORT) }));
  process.once('SIGTERM', () => process.exit(0));
}

if (isMain(import.meta.url)) {
  if (process.argv[2] === '--app') await runApp();
  else if (process.argv[2] === '--bare') runBare();
  else {
    const { rows, table } = await benchServing();
    console.log(table);
    // Alone, it updates the serving figures of the last full run's results.
    const file = 'bench-results/latest.json';
    const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object) : {};
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(file, JSON.stringify({ ...results, serving: rows }, null, 2));
    process.exit(0);
  }
}
