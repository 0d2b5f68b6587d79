// `npm start`: build the web app if needed, prepare the database, run the API and the workers in
// one process, print the URL. Production runs them apart: `npm run start:api` and `start:worker`.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createContext, closeContext } from '../src/platform/context';
import { exitOnStartFailure, loadConfigWithDatabase, onShutdown } from '../src/platform/process';
import { startApi, printStartBanner } from '../src/server';
import { startWorkers } from '../workers/main';

// before the first build (a minute or more): a database that cannot be used is said at once
const config = await loadConfigWithDatabase();
if (!existsSync('dist/web/index.html') || !existsSync('dist/server/entry-server.js')) {
  console.log('Building the web app and its server renderer (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
const ctx = createContext(config);
let api, workers;
try {
  api = await startApi(ctx);
  workers = await startWorkers(ctx);
} catch (err) {
  exitOnStartFailure(err);
}
printStartBanner(api.url, api.admin);
// Requests and jobs drain side by side: the API finishes what it has, the workers stop taking jobs
// and finish theirs (a job queued meanwhile waits in Redis for the next start).
onShutdown(ctx.logger, async () => {
  const closed = await Promise.allSettled([api.close(), workers.close()]);
  await closeContext(ctx);
  for (const result of closed) if (result.status === 'rejected') throw result.reason;
});
