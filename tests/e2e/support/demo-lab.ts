import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import knex, { type Knex } from 'knex';
import { e2e } from './e2e-env';

// The demo lab's own app (support/demo-lab-server.ts: LAB_DEMO=true) for the spec that shows it:
// started as a child process, ready once its /readyz answers, stopped (its database, Redis keys
// and files gone) when the spec is done. The shared e2e server runs without LAB_DEMO throughout.

export type DemoLabApp = {
  url: string;
  /** A knex handle on its database, to check what was stored. */
  db: Knex;
  /** The app's data dir (its mail outbox is under it). */
  dataDir: string;
  stop: () => Promise<void>;
};

const READY_TIMEOUT_MS = 90_000;

export async function startDemoLabApp(): Promise<DemoLabApp> {
  const { demoLab } = e2e;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/demo-lab-server.ts'], {
    env: { ...process.env, E2E_PORT: String(e2e.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  try {
    await waitUntilReady(`${demoLab.url}/readyz`, child);
  } catch (err) {
    await stopChild(child, exited);
    throw new Error(`the demo lab app did not start: ${(err as Error).message}\n${output}`, { cause: err });
  }
  const db = knex({ client: 'pg', connection: demoLab.databaseUrl, pool: { min: 0, max: 2 } });
  return {
    url: demoLab.url,
    db,
    dataDir: demoLab.dataDir,
    stop: async () => {
      await db.destroy();
      await stopChild(child, exited);
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM (it drops its database and exits), SIGKILL if it has not gone in 20 s. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
  if (!gone) child.kill('SIGKILL');
}
