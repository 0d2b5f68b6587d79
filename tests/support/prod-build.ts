import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The production build as production runs it (the Dockerfile's last stage): a directory holding
 * package.json, package-lock.json, `npm ci --omit=dev` node_modules and a copy of dist/, started
 * with `node dist/node/<name>.js` and NODE_ENV=production. Nothing of the repository is reachable
 * from there: an import of a devDependency (or of a source file) fails as it would in the image.
 *
 *   const deployment = await prepareDeployment();   // needs `npm run build` first
 *   const api = startBuilt(deployment.dir, 'api', 'dist/node/api.js', { PORT: '4000', ... });
 *   await api.stop(); deployment.remove();
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What `npm run build` makes and production starts (package.json's start:api, the Dockerfile). */
export const BUILD_OUTPUTS = [
  'dist/node/api.js',
  'dist/node/worker.js',
  'dist/node/migrate.js',
  'dist/node/migrations',
  'dist/server/entry-server.js',
  'dist/web/index.html',
];

/** Throws a message saying what to run when the build is missing (tests never build it). */
export function requireBuild(root = repoRoot): void {
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length)
    throw new Error(
      `The production build is missing (${missing.join(', ')}): run \`npm run build\` first ` +
        '(`npm test` does, before the integration tests).',
    );
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code}):\n${output}`)),
    );
  });
}

/**
 * node_modules of `npm ci --omit=dev` for this package-lock.json, installed once per lock file,
 * Node version and platform into the temp directory and reused (the npm cache makes a first
 * install quick; a reused one costs nothing). Returns the node_modules directory.
 */
export async function productionDependencies(root = repoRoot): Promise<string> {
  const lock = readFileSync(path.join(root, 'package-lock.json'));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const key = createHash('sha256')
    .update(lock)
    .update(
      JSON.stringify([pkg.dependencies, pkg.overrides, process.version, process.platform, process.arch]),
    )
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = path.join(os.tmpdir(), 'wildframe-prod-deps');
  const target = path.join(cacheRoot, key);
  const done = path.join(target, '.complete');
  const now = new Date();
  if (existsSync(done)) {
    utimesSync(done, now, now); // last used: see the clean-up below
    return path.join(target, 'node_modules');
  }

  mkdirSync(cacheRoot, { recursive: true });
  // Each is some 400 MB: installs of other lock files not used for an hour (an edited
  // package.json, an older checkout) go, and so do installs a crashed run left half done.
  for (const entry of readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, entry);
    const marker = path.join(full, '.complete');
    try {
      const lastUsed = statSync(existsSync(marker) ? marker : full).mtimeMs;
      if (entry !== key && Date.now() - lastUsed > 3600_000) rmSync(full, { recursive: true, force: true });
    } catch {
      // removed by another run meanwhile
    }
  }
  // Installed beside the target and renamed into place: a run in parallel never sees half of it.
  const staging = `${target}.${process.pid}.${randomBytes(3).toString('hex')}`;
  mkdirSync(staging);
  try {
    for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(root, f), path.join(staging, f));
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], staging, {
      ...process.env,
      NODE_ENV: 'production',
    });
    writeFileSync(path.join(staging, '.complete'), new Date().toISOString());
    try {
      renameSync(staging, target);
    } catch (err) {
      // another run finished the same install first: use that one
      if (!existsSync(done)) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return path.join(target, 'node_modules');
}

export type Deployment = {
  /** The deployment's root (package.json, node_modules, dist/): the processes' working directory. */
  dir: string;
  /** Deletes the directory (node_modules is a link to the shared install, which stays). */
  remove(): void;
};

/**
 * A deployment directory as the Docker image lays it out: package.json, package-lock.json,
 * node_modules (production dependencies only) and dist/ copied from the repository's build.
 * dist/ is copied, not linked: Node resolves a linked module by its real path, so its imports
 * would find the repository's node_modules (with every devDependency) instead.
 */
export async function prepareDeployment(root = repoRoot): Promise<Deployment> {
  requireBuild(root);
  const modules = await productionDependencies(root);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wildframe-deploy-'));
  for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(root, f), path.join(dir, f));
  symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type BuiltProcess = {
  name: string;
  proc: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its JSON log lines (pino) so far; other lines are left out. */
  logs(): Record<string, unknown>[];
  /** Null while it runs; its exit code (or signal) once it stopped. */
  exitStatus(): number | string | null;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
};

const children = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Kills the child's process group if the test process itself exits first (a crash, a timeout):
 * no child outlives the test run. afterAll hooks still stop them properly.
 */
export function trackChild(proc: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const p of children) killGroup(p, 'SIGKILL');
    });
  }
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
}

export function killGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal); // detached: the child leads a process group of its own
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Waits for a child's exit, ending it with SIGTERM and then SIGKILL (its whole process group). */
export async function stopChild(proc: ChildProcess, graceMs = 10_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  killGroup(proc, 'SIGTERM');
  const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node --enable-source-maps <script>` in the deployment directory, in a process group of
 * its own, with exactly `env` (plus PATH and HOME): nothing of the test runner's environment
 * (NODE_ENV=test, NODE_OPTIONS, DATABASE_URL) leaks in.
 */
export function startBuilt(
  dir: string,
  name: string,
  script: string,
  env: Record<string, string>,
): BuiltProcess {
  const proc = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let stdout = '';
  proc.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  trackChild(proc);
  return {
    name,
    proc,
    output: () => output,
    logs: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exitStatus: () => proc.exitCode ?? proc.signalCode ?? null,
    stop: (graceMs) => stopChild(proc, graceMs),
  };
}
