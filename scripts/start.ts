// `npm start` (compiled to dist/node/start.js, run by scripts/start-launcher.mjs, which builds
// first when the sources are newer): prepare the database, run the API and the workers in one
// process, print the URL. Production runs them apart: `npm run start:api` and `start:worker`.
import { createContext, closeContext } from '../src/platform/context';
import { exitOnStartFailure, loadConfigWithDatabase, onShutdown } from '../src/platform/process';

const config = await loadConfigWithDatabase();
// Imported, not `import`ed statically: so the build keeps each in its own entry (dist/node/api.js,
// worker.js), where its isMain guard works (vite.node.config.ts), and start.js loads those.
const [{ startApi, printStartBanner }, { startWorkers }] = await Promise.all([
  import('../src/server'),
  import('../workers/main'),
]);
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
