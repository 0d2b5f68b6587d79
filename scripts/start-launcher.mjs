// `npm start`: runs the compiled build (dist/node/start.js = scripts/start.ts), building it first
// when any source is newer than it, then becomes that server (process.execve: the same pid, so a
// signal from npm or a terminal reaches the server itself). Plain JavaScript run by node: no
// TypeScript loader in the server's memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/node/start.js');
// What the build reads: its folders and the files that configure it. Tests are not built.
const SOURCE_DIRS = ['src', 'web', 'workers', 'scripts', 'migrations'];
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.node.config.ts',
  'vite.upload-sync.config.ts',
];
const OUTPUTS = ['dist/web/index.html', 'dist/server/entry-server.js', 'dist/node/start.js'];
const notBuilt = (name) => /\.(test|spec)\.tsx?$/.test(name);

/** The newest mtime under a folder, the folders' own included (a deleted file changes its folder's). */
function newest(dir) {
  let latest = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (notBuilt(e.name)) continue;
    const full = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function sourcesMtime() {
  const dirs = SOURCE_DIRS.map((d) => path.join(root, d)).filter((d) => existsSync(d));
  const files = SOURCE_FILES.map((f) => path.join(root, f)).filter((f) => existsSync(f));
  return Math.max(0, ...dirs.map(newest), ...files.map((f) => statSync(f).mtimeMs));
}

const run = (args, env = process.env) =>
  spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit', env }).status === 0;

const built = OUTPUTS.every((f) => existsSync(path.join(root, f)));
// A production install holds no sources (the Docker image: dist and node_modules): nothing to check.
const hasSources = existsSync(path.join(root, 'src'));
if (!built || (hasSources && sourcesMtime() > statSync(entry).mtimeMs)) {
  if (!existsSync(path.join(root, 'node_modules/.bin/vite'))) {
    console.error(
      built
        ? 'The sources are newer than the build, and the build tools are not installed: starting the existing build.'
        : 'There is no build to start: install every dependency (npm ci) and run npm run build.',
    );
    if (!built) process.exit(1);
  } else {
    // a database that cannot be used is said at once, not after a minute of building
    if (!run([process.execPath, '--import', 'tsx', 'scripts/check-database.ts'])) process.exit(1);
    console.log(`Building the web app and the server (${built ? 'sources changed' : 'first start'})...`);
    const began = Date.now();
    // always the production build (minified React, the real service worker), whatever NODE_ENV
    // this start runs with: the same files `npm run build` makes for a deployment
    if (!run(['npm', 'run', 'build'], { ...process.env, NODE_ENV: 'production' })) process.exit(1);
    // the build is as new as the sources it read: a file saved while it ran is built next time
    utimesSync(entry, began / 1000, began / 1000);
  }
}

// Read by glibc and libuv as node starts, so set here (unless set already): glibc keeps a malloc
// arena per thread (up to 8 per CPU) and, past its first large frees, serves even 32 MB blocks
// from them, so the pixels of every image passed through stay with the process. Two arenas, two
// threadpool threads and blocks over 1 MB mapped on their own (given back when freed) keep the
// idle process at ~200 MB instead of ~760 (scripts/bench-memory.ts, README "Small servers (1 GB)");
// a lower threshold (128 kB) saves ~20 MB more but maps libvips' working buffers too, and uploads
// to variants slow from ~1.4x raw sharp to ~1.8x.
// `npm run start:api` and `start:worker` set the same.
const env = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  UV_THREADPOOL_SIZE: '2',
  ...process.env,
};
// --max-semi-space-size=4: a 4 MB young generation, as `npm run start:api` runs the API (~30 MB less)
process.execve(process.execPath, [process.execPath, '--max-semi-space-size=4', entry], env);
