import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * Every queue and job name in one place. Workers must handle exactly these names:
 * `checkRegistry` refuses to start a worker set with a missing or duplicate handler.
 */
export const jobNames = {
  media: ['make-variants'],
  mail: ['send-email'],
  payments: ['reconcile-payment', 'check-pending-order'],
  events: ['deliver'],
} as const;

export type QueueName = keyof typeof jobNames;
export type JobName<Q extends QueueName> = (typeof jobNames)[Q][number];

/** What a handler reports for an expected outcome; unexpected ones throw and are retried. */
export type JobOutcome = { outcome: 'done' | 'skipped'; detail?: string };
export type JobHandler = (data: Record<string, unknown>, job: Job) => Promise<JobOutcome>;
export type HandlerMap = { queue: QueueName; handlers: Record<string, JobHandler> };

export const defaultJobOptions: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false, // failed jobs stay for inspection and can be retried
};

export function checkRegistry(maps: HandlerMap[]): void {
  const problems: string[] = [];
  for (const queue of Object.keys(jobNames) as QueueName[]) {
    for (const name of jobNames[queue]) {
      const count = maps.filter((m) => m.queue === queue && name in m.handlers).length;
      if (count !== 1) problems.push(`${queue}/${name} has ${count} handlers (needs exactly one)`);
    }
  }
  for (const m of maps) {
    for (const name of Object.keys(m.handlers)) {
      if (!(jobNames[m.queue] as readonly string[]).includes(name))
        problems.push(`${m.queue}/${name} is not a known job`);
    }
  }
  if (problems.length) throw new Error(`Job registry is inconsistent:\n  ${problems.join('\n  ')}`);
}

export class Queues {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {}

  get(queue: QueueName): Queue {
    let q = this.queues.get(queue);
    if (!q) {
      q = new Queue(queue, {
        connection: this.connection,
        prefix: `${this.prefix}:bull`,
        defaultJobOptions,
        skipWaitingForReady: true,
      });
      // errors surface on add(); this only keeps an unhandled 'error' event from crashing us
      q.on('error', () => undefined);
      this.queues.set(queue, q);
    }
    return q;
  }

  /** jobId de-duplicates: adding a job whose id is already queued or running does nothing. */
  async enqueue<Q extends QueueName>(
    queue: Q,
    name: JobName<Q>,
    data: Record<string, unknown>,
    opts: JobsOptions = {},
  ): Promise<void> {
    await this.get(queue).add(name, data, opts);
  }

  /**
   * For the sweeper (re-driving work Postgres says is unfinished): queue the job again, retry it
   * when an earlier run with that id failed, and replace a completed run (Postgres still says the
   * work is not done, so that run did not do it). Waiting, delayed or active jobs are left alone.
   */
  async enqueueOrRetry<Q extends QueueName>(
    queue: Q,
    name: JobName<Q>,
    data: Record<string, unknown>,
    jobId: string,
  ): Promise<void> {
    const existing = await this.get(queue).getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') return existing.retry();
      if (state !== 'completed' && state !== 'unknown') return; // it will run
      await existing.remove(); // a finished (or orphaned) run must not block the id
    }
    await this.enqueue(queue, name, data, { jobId });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

export function startWorkers(
  maps: HandlerMap[],
  connection: Redis,
  prefix: string,
  logger: Logger,
  concurrency: Partial<Record<QueueName, number>> = {},
): Worker[] {
  checkRegistry(maps);
  const byQueue = new Map<QueueName, Record<string, JobHandler>>();
  for (const m of maps) byQueue.set(m.queue, { ...byQueue.get(m.queue), ...m.handlers });
  return [...byQueue.entries()].map(([queue, handlers]) => {
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`No handler for ${queue}/${job.name}`);
        const result = await handler(job.data as Record<string, unknown>, job);
        logger.info({ queue, job: job.name, jobId: job.id, ...result }, 'job finished');
        return result;
      },
      { connection, prefix: `${prefix}:bull`, concurrency: concurrency[queue] ?? 2 },
    );
    worker.on('failed', (job, err) =>
      logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'),
    );
    worker.on('error', (err) => logger.error({ queue, err }, 'worker error'));
    return worker;
  });
}
