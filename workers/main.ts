import { Queue, type Worker } from 'bullmq';
import type { AppContext } from '../src/platform/context';
import { createMailer } from '../src/platform/mailer';
import { isMain, runService } from '../src/platform/process';
import { startWorkers as startQueueWorkers } from '../src/platform/queue';
import { createWorkerRedis } from '../src/platform/redis';
import { createModules } from '../src/modules';
import { mailHandlers } from './mail.worker';
import { mediaHandlers } from './media.worker';
import { paymentsHandlers } from './payments.worker';
import { Redriver } from '../src/platform/redrive';
import { redriveTasks } from './maintenance.worker';
import { eventsHandlers } from './events.worker';
import type { WorkerDeps } from './worker-deps';

export type RunningWorkers = { workers: Worker[]; redriver: Redriver; close(): Promise<void> };

/**
 * Starts one BullMQ worker per queue (the registry check refuses a missing or doubled handler) and
 * the re-drive timer that queues again, from Postgres, whatever Redis lost.
 */
export async function startWorkers(
  ctx: AppContext,
  mailer = createMailer({
    smtpUrl: ctx.config.SMTP_URL,
    from: ctx.config.MAIL_FROM,
    siteName: ctx.config.SITE_NAME,
    dataDir: ctx.config.DATA_DIR,
  }),
): Promise<RunningWorkers> {
  const deps: WorkerDeps = { ctx, modules: createModules(ctx), mailer };
  const connection = createWorkerRedis(ctx.config.REDIS_URL);
  connection.on('error', () => undefined); // reconnects by itself; workers resume when Redis is back
  const workers = startQueueWorkers(
    [mailHandlers(deps), mediaHandlers(deps), paymentsHandlers(deps), eventsHandlers(deps)],
    connection,
    ctx.config.REDIS_PREFIX,
    ctx.logger,
    { media: 1, mail: 2, payments: 2, events: 2 },
  );
  const redriver = new Redriver(ctx.db, ctx.logger).register(...redriveTasks(deps));
  redriver.start(ctx.config.SWEEP_EVERY_MS);
  void removeLegacySweepScheduler(ctx);
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

/** The sweep used to be a BullMQ job scheduler held in Redis; a persisted Redis may still have it. */
async function removeLegacySweepScheduler(ctx: AppContext): Promise<void> {
  const legacy = new Queue('maintenance', {
    connection: ctx.redis,
    prefix: `${ctx.config.REDIS_PREFIX}:bull`,
  });
  legacy.on('error', () => undefined);
  await legacy.removeJobScheduler('sweep').catch(() => undefined);
  await legacy.close().catch(() => undefined);
}

if (isMain(import.meta.url)) {
  await runService(startWorkers, (_, ctx) => ctx.logger.info('workers started'));
}
