// The production build of the server side: `vite build --config vite.node.config.ts` compiles the
// API, the workers, the command-line scripts and the migrations to plain JavaScript in dist/node/,
// run by `node` with production dependencies only (every package stays an import of node_modules).
// The web app and its server renderer are built by vite.config.ts (dist/web, dist/server).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const source = (file: string) => path.join(root, file);

// dist/node/<name>.js: these names are what package.json, the Dockerfile and the docs start.
const entries: Record<string, string> = {
  api: 'src/server.ts',
  worker: 'workers/main.ts',
  start: 'scripts/start.ts',
  migrate: 'scripts/migrate.ts',
  admin: 'scripts/admin.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'media-migrate': 'scripts/media-migrate.ts',
};

// Each migration keeps its name (knex_migrations records it without extension):
// migrations/<name>.ts -> dist/node/migrations/<name>.js, loaded by src/platform/db.ts.
const migrations = readdirSync(source('migrations')).filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f));

const input = Object.fromEntries([
  ...Object.entries(entries)
    .filter(([, file]) => existsSync(source(file)))
    .map(([name, file]) => [name, source(file)]),
  ...migrations.map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, source(`migrations/${f}`)]),
]);

/**
 * src/server.ts and workers/main.ts start their service when they are the script node runs
 * (`isMain(import.meta.url)`): that holds in the build only while each one's code sits in its own
 * entry file (api.js, worker.js), not in a shared chunk. Fail the build if that ever changes.
 */
const mainModulesStayInTheirEntries = (): Plugin => ({
  name: 'main-modules-stay-in-their-entries',
  generateBundle(_options, bundle) {
    for (const name of ['api', 'worker']) {
      const chunk = bundle[`${name}.js`];
      const main = input[name];
      if (chunk?.type !== 'chunk' || !chunk.moduleIds.includes(main)) {
        this.error(
          `dist/node/${name}.js must contain ${path.relative(root, main)} itself (its isMain guard).`,
        );
      }
    }
  },
});

export default defineConfig({
  root,
  publicDir: false,
  // No .env files or VITE_ variables are baked in: the server reads its environment when it starts.
  envDir: false,
  plugins: [mainModulesStayInTheirEntries()],
  ssr: { target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist/node',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    minify: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input,
      output: {
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
