import { DelayedError, Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { z } from 'zod';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * Jobs through BullMQ. The application declares every job once, in a catalog (queue -> job name
 * -> zod schema of its payload, see src/jobs.ts); this file knows no queue or job names. Payloads
 * are checked when a job is queued and parsed again before its handler runs.
 */
export type JobCatalog = Record<string, Record<string, z.ZodType>>;
export type QueueOf<C extends JobCatalog> = keyof C & string;
export type JobOf<C extends JobCatalog, Q extends QueueOf<C>> = keyof C[Q] & string;

/** What a handler reports for an expected outcome; unexpected ones throw and are retried. */
export type JobOutcome = { outcome: 'done' | 'skipped'; detail?: string };
export type JobHandler<P = unknown> = (payload: P, job: Job) => Promise<JobOutcome>;
export type JobRegistration = { queue: string; name: string; handler: JobHandler };

export const defaultJobOptions: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false, // failed jobs stay for inspection and can be retried
};

function schemaOf(catalog: JobCatalog, queue: string, name: string): z.ZodType | undefined {
  return Object.hasOwn(catalog, queue) && Object.hasOwn(catalog[queue], name)
    ? catalog[queue][name]
    : undefined;
}

/** Parses a payload against its declared schema; the error names the job and what is wrong. */
function parsePayload(catalog: JobCatalog, queue: string, name: string, data: unknown): unknown {
  const schema = schemaOf(catalog, queue, name);
  if (!schema) throw new Error(`Unknown job ${queue}/${name}: declare it in the job catalog`);
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
  throw new Error(`Bad payload for ${queue}/${name}: ${issues.join('; ')}`);
}

/** Every declared job has exactly one handler, and every handler a declared job. */
export function checkRegistry(catalog: JobCatalog, registrations: JobRegistration[]): void {
  const problems: string[] = [];
  for (const [queue, names] of Object.entries(catalog)) {
    for (const name of Object.keys(names)) {
      const count = registrations.filter((r) => r.queue === queue && r.name === name).length;
      if (count !== 1) problems.push(`${queue}/${name} has ${count} handlers (needs exactly one)`);
    }
  }
  for (const r of registrations) {
    if (!schemaOf(catalog, r.queue, r.name)) problems.push(`${r.queue}/${r.name} is not a known job`);
  }
  if (problems.length) throw new Error(`Job registry is inconsistent:\n  ${problems.join('\n  ')}`);
}

/**
 * Where the owners of jobs register their handlers (modules in their index.ts, as they subscribe
 * to events); one per module set, so a web process and a worker process each have their own.
 */
export function createJobRegistry<C extends JobCatalog>(catalog: C) {
  const registrations: JobRegistration[] = [];
  return {
    catalog,
    /** The handler gets the payload already parsed by the job's schema. */
    handle<Q extends QueueOf<C>, N extends JobOf<C, Q>>(
      queue: Q,
      name: N,
      handler: JobHandler<z.output<C[Q][N]>>,
    ): void {
      registrations.push({ queue, name, handler: handler as JobHandler });
    },
    check: () => checkRegistry(catalog, registrations),
    registrations: (): JobRegistration[] => [...registrations],
  };
}
export type JobRegistry<C extends JobCatalog = JobCatalog> = ReturnType<typeof createJobRegistry<C>>;

export class Queues<C extends JobCatalog = JobCatalog> {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
    readonly catalog: C,
  ) {}

  /** Every declared queue (for metrics and the admin's queue board). */
  get names(): string[] {
    return Object.keys(this.catalog);
  }

  /** A declared queue (any name from `names`); an undeclared one is a mistake and throws. */
  get(queue: string): Queue {
    let q = this.queues.get(queue);
    if (!q) {
      if (!Object.hasOwn(this.catalog, queue))
        throw new Error(`Unknown queue "${queue}": declare it in the job catalog`);
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

  /**
   * Queues a job after checking its payload (a bad one throws here, at the caller). jobId
   * de-duplicates: adding a job whose id is already queued or running does nothing.
   */
  async enqueue<Q extends QueueOf<C>, N extends JobOf<C, Q>>(
    queue: Q,
    name: N,
    data: z.input<C[Q][N]>,
    opts: JobsOptions = {},
  ): Promise<void> {
    const payload = parsePayload(this.catalog, queue, name, data);
    await this.get(queue).add(name, payload, opts);
  }

  /**
   * For the sweeper (re-driving work Postgres says is unfinished): queue the job again, retry it
   * when an earlier run with that id failed, and replace a completed run (Postgres still says the
   * work is not done, so that run did not do it). Waiting, delayed or active jobs are left alone.
   */
  async enqueueOrRetry<Q extends QueueOf<C>, N extends JobOf<C, Q>>(
    queue: Q,
    name: N,
    data: z.input<C[Q][N]>,
    jobId: string,
  ): Promise<void> {
    parsePayload(this.catalog, queue, name, data);
    const existing = await this.get(queue).getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') return existing.retry();
      if (state !== 'completed' && state !== 'unknown') return; // it will run
      await existing.remove(); // a finished (or orphaned) run must not block the id
    }
    await this.enqueue(queue, name, data, { jobId });
  }

  /**
   * One job for this id whoever asks, however often: BullMQ ignores an add whose id it holds
   * (waiting, delayed, running, or finished and kept), so a finished run is removed first, and the
   * job removes itself when it ends, freeing the id. A waiting or running job is left as it is; a
   * delayed one is brought forward when asked for now (`delayMs` 0).
   */
  async enqueueOnce<Q extends QueueOf<C>, N extends JobOf<C, Q>>(
    queue: Q,
    name: N,
    data: z.input<C[Q][N]>,
    jobId: string,
    delayMs = 0,
  ): Promise<void> {
    parsePayload(this.catalog, queue, name, data);
    const existing = await this.get(queue).getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'delayed') {
        // promoted meanwhile by another caller: it runs now either way
        if (delayMs === 0) await existing.promote().catch(() => undefined);
        return;
      }
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return; // it will run
      await existing.remove().catch(() => undefined);
    }
    await this.enqueue(queue, name, data, {
      jobId,
      delay: delayMs,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/**
 * From a handler: the same job (its id kept) runs again at `at` (ms since the epoch) instead of
 * finishing; not a failure, so no attempt is used up.
 */
export async function runAgainAt(job: Job, at: number): Promise<never> {
  await job.moveToDelayed(at, job.token);
  throw new DelayedError();
}

/**
 * One BullMQ worker per queue that has handlers (the registry check refuses a missing or doubled
 * handler). A payload that does not match its schema fails the job at once, without retries: it
 * would fail the same way every time. A finished job is logged at `finishedLevel` (routineLogLevel).
 */
export function startWorkers<C extends JobCatalog>(
  registry: JobRegistry<C>,
  connection: Redis,
  prefix: string,
  logger: Logger,
  concurrency: Partial<Record<QueueOf<C>, number>> = {},
  finishedLevel: 'info' | 'debug' = 'info',
): Worker[] {
  registry.check();
  const byQueue = new Map<string, Record<string, JobHandler>>();
  for (const r of registry.registrations())
    byQueue.set(r.queue, { ...byQueue.get(r.queue), [r.name]: r.handler });
  return [...byQueue.entries()].map(([queue, handlers]) => {
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`No handler for ${queue}/${job.name}`);
        let payload: unknown;
        try {
          payload = parsePayload(registry.catalog, queue, job.name, job.data);
        } catch (err) {
          logger.error({ queue, job: job.name, jobId: job.id, err }, 'job payload rejected');
          throw new UnrecoverableError((err as Error).message);
        }
        const result = await handler(payload, job);
        logger[finishedLevel]({ queue, job: job.name, jobId: job.id, ...result }, 'job finished');
        return result;
      },
      {
        connection,
        prefix: `${prefix}:bull`,
        concurrency: (concurrency as Record<string, number | undefined>)[queue] ?? 2,
      },
    );
    worker.on('failed', (job, err) =>
      logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'),
    );
    worker.on('error', (err) => logger.error({ queue, err }, 'worker error'));
    return worker;
  });
}
