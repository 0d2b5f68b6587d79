import type { Worker } from 'bullmq';
import type { AppContext } from '../src/platform/context';
import { routineLogLevel } from '../src/platform/logger';
import { createMailer } from '../src/platform/mailer';
import { handleMailJobs } from '../src/platform/outbox';
import { isMain, runService } from '../src/platform/process';
import { startWorkers as startQueueWorkers } from '../src/platform/queue';
import { createWorkerRedis } from '../src/platform/redis';
import { createModules, type ModuleOptions } from '../src/modules';
import { Redriver } from '../src/platform/redrive';
import { redriveTasks } from './maintenance.worker';
import type { WorkerDeps } from './worker-deps';

export type RunningWorkers = { workers: Worker[]; redriver: Redriver; close(): Promise<void> };

/**
 * Starts one BullMQ worker per queue with the handlers the modules registered (the registry check
 * refuses a missing or doubled handler) and the re-drive timer that queues again, from Postgres,
 * whatever Redis lost.
 */
export async function startWorkers(
  ctx: AppContext,
  mailer = createMailer({
    smtpUrl: ctx.config.SMTP_URL,
    from: ctx.config.MAIL_FROM,
    siteName: ctx.config.SITE_NAME,
    dataDir: ctx.config.DATA_DIR,
  }),
  /** What the web process's modules were made with (a test's own lab). */
  options: ModuleOptions = {},
): Promise<RunningWorkers> {
  const deps: WorkerDeps = { ctx, modules: createModules(ctx, options), mailer };
  const connection = createWorkerRedis(ctx.config.REDIS_URL);
  connection.on('error', () => undefined); // reconnects by itself; workers resume when Redis is back
  handleMailJobs(deps.modules.jobs, ctx.db, mailer);
  const workers = startQueueWorkers(
    deps.modules.jobs,
    connection,
    ctx.config.REDIS_PREFIX,
    ctx.logger,
    // a licensed file is a whole original decoded and encoded: one at a time, as a small server wants;
    // a gift card's send draws its PDF from a small copy of the photo: two at a time
    {
      media: ctx.config.MEDIA_JOB_CONCURRENCY,
      licences: 1,
      mail: 2,
      payments: 2,
      events: 2,
      'gift-cards': 2,
    },
    routineLogLevel(ctx.config.NODE_ENV),
  );
  const redriver = new Redriver(ctx.db, ctx.logger, routineLogLevel(ctx.config.NODE_ENV)).register(
    ...redriveTasks(deps),
  );
  redriver.start(ctx.config.SWEEP_EVERY_MS);
  return {
    workers,
    redriver,
    // worker.close() stops taking jobs and waits for the ones in progress; the re-drive timer stops
    // (after a sweep in progress) at the same time.
    async close() {
      await Promise.all([redriver.stop(), ...workers.map((w) => w.close())]);
      connection.disconnect();
      mailer.close();
    },
  };
}

/**
 * A media job's decoded pixels and encoded files are Buffers of libvips' memory (~15-30 MB a run)
 * that V8 counts as external and collects only when its own heap grows, which a worker's rarely
 * does: left, they sit in the idle worker's RSS and beside the next run's. A full collection
 * after each media job (~10-30 ms, against a run's seconds) returns them at once.
 */
function collectAfterMediaJobs(workers: Worker[]) {
  // `gc` is there with `--expose-gc` (npm run start:worker, compose, the Dockerfile's command)
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  for (const w of workers.filter((w) => w.name === 'media')) {
    w.on('completed', () => gc());
    w.on('failed', () => gc());
  }
}

if (isMain(import.meta.url)) {
  await runService(startWorkers, (running, ctx) => {
    // the worker process alone (`npm start` serves requests too: no full pauses there)
    collectAfterMediaJobs(running.workers);
    ctx.logger.info('workers started');
  });
}
