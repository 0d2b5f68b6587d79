import type { Db } from './db';
import type { Logger } from './logger';

/**
 * Re-driving durable work: Postgres is the truth, Redis only carries jobs. Each worker process runs
 * the registered tasks on a timer of its own (nothing about the schedule lives in Redis, so it
 * survives Redis restarting empty), and a Postgres advisory lock makes sure that with several
 * worker processes only one of them sweeps at a time. Every task must be idempotent: it looks in
 * Postgres for unfinished work and queues it with a stable job id.
 */
export type RedriveTask = {
  /** Short name for logs, e.g. 'emails'. */
  name: string;
  /** Queues again what Postgres says is unfinished; returns how many it touched. */
  run(): Promise<number>;
};

export type RedriveRun = { ran: boolean; counts: Record<string, number>; errors: Record<string, string> };

// Any constant shared by every worker process of this app (pg advisory locks are per database).
const REDRIVE_LOCK_KEY = 0x57_46_52_44; // "WFRD"

export class Redriver {
  private readonly tasks: RedriveTask[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RedriveRun> | null = null;
  /** Completed sweeps in this process (tests and logs). */
  runs = 0;

  /** `touchedLevel`: the level of a sweep that queued something again (routineLogLevel). */
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly touchedLevel: 'info' | 'debug' = 'info',
  ) {}

  /** Adds a task; the events relay registers itself with one call. */
  register(...tasks: RedriveTask[]): this {
    this.tasks.push(...tasks);
    return this;
  }

  get taskNames(): string[] {
    return this.tasks.map((t) => t.name);
  }

  /**
   * One sweep, unless another process holds the lock (then `ran` is false). A failing task is
   * logged and the others still run; a database that is down just skips this round.
   */
  runOnce(): Promise<RedriveRun> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweep(): Promise<RedriveRun> {
    const result: RedriveRun = { ran: false, counts: {}, errors: {} };
    try {
      await this.db.transaction(async (trx) => {
        const { rows } = await trx.raw<{ rows: { locked: boolean }[] }>(
          'select pg_try_advisory_xact_lock(?) as locked',
          [REDRIVE_LOCK_KEY],
        );
        if (!rows[0]?.locked) return;
        result.ran = true;
        for (const task of this.tasks) {
          try {
            result.counts[task.name] = await task.run();
          } catch (err) {
            result.errors[task.name] = String((err as Error).message);
            this.logger.warn({ err, task: task.name }, 're-drive task failed; next round retries');
          }
        }
      });
    } catch (err) {
      this.logger.warn({ err }, 're-drive skipped: database unavailable');
    }
    if (result.ran) {
      this.runs++;
      const touched = Object.values(result.counts).some((n) => n > 0);
      const failed = Object.keys(result.errors).length > 0;
      this.logger[failed ? 'info' : touched ? this.touchedLevel : 'debug'](
        { counts: result.counts, errors: result.errors },
        're-drive sweep',
      );
    }
    return result;
  }

  /** Runs a sweep now and then every `everyMs` (with a little jitter so processes spread out). */
  start(everyMs: number): void {
    if (this.timer) return;
    const schedule = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(() => {
          if (this.timer) schedule(everyMs + Math.floor(Math.random() * Math.min(1000, everyMs / 10)));
        });
      }, delay);
      this.timer.unref();
    };
    schedule(Math.min(1000, everyMs));
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
