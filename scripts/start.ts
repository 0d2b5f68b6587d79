// `npm start`: build the web app if needed, prepare the database, run the API and the workers in
// one process, print the URL. Production runs them apart: `npm run start:api` and `start:worker`.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { loadConfig, ConfigError } from '../src/config';
import { createContext, closeContext } from '../src/platform/context';
import { onShutdown } from '../src/platform/process';
import { startApi, printStartBanner } from '../src/server';
import { startWorkers } from '../workers/main';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
if (!existsSync('dist/web/index.html') || !existsSync('dist/server/entry-server.js')) {
  console.log('Building the web app and its server renderer (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
const ctx = createContext(config);
const api = await startApi(ctx);
const workers = await startWorkers(ctx);
printStartBanner(api.url, api.admin);
// Requests and jobs drain side by side: the API finishes what it has, the workers stop taking jobs
// and finish theirs (a job queued meanwhile waits in Redis for the next start).
onShutdown(ctx.logger, async () => {
  const closed = await Promise.allSettled([api.close(), workers.close()]);
  await closeContext(ctx);
  for (const result of closed) if (result.status === 'rejected') throw result.reason;
});
