import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from './db';
import type { Logger } from './logger';
import type { JobOutcome, JobRegistry, Queues } from './queue';

/**
 * Domain events through an outbox table. A module publishes an event inside the transaction of
 * the state change that causes it; after the commit the relay gives each subscriber a delivery
 * (a row in event_deliveries and a BullMQ job `event-{id}-{subscriber}`). A delivery runs the
 * subscriber in its own transaction with its row locked and marks it done there, so it changes
 * things once even when BullMQ runs the job twice. Anything Redis loses is found again in
 * Postgres by relayPending(), which a periodic loop calls.
 *
 * The catalog (event name -> zod schema of its payload) is declared once by the application;
 * this file knows no event names.
 */
export type EventCatalog = Record<string, z.ZodType>;

/** The bus's own job, declared here and listed in the application's catalog (src/jobs.ts). */
export const eventJobs = {
  events: {
    /** Deliver one event to one subscriber (exactly once, in the subscriber's transaction). */
    deliver: z.object({ eventId: z.number().int().positive(), subscriber: z.string().min(1) }),
  },
};
export type EventJobs = typeof eventJobs;

export type DeliveryContext = {
  eventId: number;
  /** The subscriber's transaction: write its effects here so they happen exactly once. */
  trx: Knex.Transaction;
  /** Runs after the commit (e.g. queue an e-mail just written to the outbox). */
  afterCommit(fn: () => Promise<unknown>): void;
};

export type EventHandler<P> = (payload: P, ctx: DeliveryContext) => Promise<unknown>;

type Subscription = {
  event: string;
  subscriber: string;
  handler: EventHandler<unknown>;
  /** Runs inside the publisher's transaction instead of as a job. */
  inTransaction: boolean;
};

/** Events published less than this long ago are left to the publisher's own nudge. */
const RELAY_GRACE_SECONDS = 5;
/** Open deliveries older than this are queued again (their job was lost or gave up). */
const REDRIVE_AFTER_SECONDS = 60;

const SUBSCRIBER_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

export function createEventBus<C extends EventCatalog>(
  deps: { db: Db; queues: Queues<EventJobs>; logger: Logger },
  catalog: C,
) {
  const { db, queues, logger } = deps;
  const subscriptions: Subscription[] = [];
  /** Queues a delivery's job, or retries it when an earlier run gave up; one job id per delivery. */
  const enqueueDelivery = (eventId: number, subscriber: string) =>
    queues.enqueueOrRetry('events', 'deliver', { eventId, subscriber }, `event-${eventId}-${subscriber}`);
  const queued = (event: string) => subscriptions.filter((s) => s.event === event && !s.inTransaction);

  function schemaOf(name: string): z.ZodType {
    const schema = Object.hasOwn(catalog, name) ? catalog[name] : undefined;
    if (!schema) throw new Error(`Unknown event "${name}": declare its payload type in the event catalog`);
    return schema;
  }

  async function runAfterCommit(fns: (() => Promise<unknown>)[], what: Record<string, unknown>) {
    for (const fn of fns)
      await fn().catch((err) => logger.warn({ err, ...what }, 'after-commit step failed; the sweeper will'));
  }

  /** Fans the given events out to their subscribers' jobs; safe to run twice or at once. */
  async function relay(ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const events: { id: number; name: string }[] = await db('domain_events')
      .whereIn('id', ids)
      .whereNull('relayed_at')
      .select('id', 'name');
    for (const e of events) {
      const targets = queued(e.name);
      if (targets.length)
        await db('event_deliveries')
          .insert(targets.map((s) => ({ event_id: e.id, subscriber: s.subscriber })))
          .onConflict(['event_id', 'subscriber'])
          .ignore();
      for (const s of targets) await enqueueDelivery(e.id, s.subscriber);
      await db('domain_events').where({ id: e.id }).update({ relayed_at: db.fn.now() });
    }
    return events.length;
  }

  const bus = {
    catalog,

    /**
     * `subscriber` names the reaction, `module.what-it-does` (it keys the delivery records, so
     * keep it stable). `inTransaction` runs it inside the publisher's transaction, for the few
     * reactions whose result must exist the moment the request answers.
     */
    subscribe<N extends keyof C & string>(
      event: N,
      subscriber: string,
      handler: EventHandler<z.infer<C[N]>>,
      opts: { inTransaction?: boolean } = {},
    ): void {
      schemaOf(event);
      if (!SUBSCRIBER_NAME.test(subscriber))
        throw new Error(`Subscriber "${subscriber}" must be named module.reaction (lowercase, dashes)`);
      if (subscriptions.some((s) => s.subscriber === subscriber))
        throw new Error(`Subscriber "${subscriber}" is registered twice`);
      subscriptions.push({
        event,
        subscriber,
        handler: handler as EventHandler<unknown>,
        inTransaction: !!opts.inTransaction,
      });
    },

    /**
     * Writes the event in the caller's transaction (checked against its declared type). Once that
     * transaction commits, the relay is nudged; if the process dies first, relayPending() finds it.
     * A rolled-back transaction takes the event with it.
     */
    async publish<N extends keyof C & string>(
      trx: Knex.Transaction,
      name: N,
      payload: z.input<C[N]>,
    ): Promise<number> {
      const data = schemaOf(name).parse(payload);
      const [{ id }] = await trx('domain_events')
        .insert({ name, payload: JSON.stringify(data) })
        .returning('id');
      const after: (() => Promise<unknown>)[] = [];
      for (const s of subscriptions.filter((x) => x.event === name && x.inTransaction)) {
        await s.handler(data, { eventId: id, trx, afterCommit: (fn) => after.push(fn) });
        await trx('event_deliveries').insert({
          event_id: id,
          subscriber: s.subscriber,
          status: 'done',
          attempts: 1,
          done_at: trx.fn.now(),
        });
      }
      trx.executionPromise.then(
        async () => {
          await runAfterCommit(after, { eventId: id });
          await relay([id]).catch((err) =>
            logger.warn({ err, eventId: id, event: name }, 'could not relay an event; the sweeper will'),
          );
        },
        () => undefined, // rolled back: the event never happened
      );
      return id;
    },

    /** Registers the handler of the bus's delivery job (below) with a process's job registry. */
    handleJobs(jobs: JobRegistry<EventJobs>): void {
      jobs.handle('events', 'deliver', ({ eventId, subscriber }) => bus.deliver(eventId, subscriber));
    },

    /** The 'events/deliver' job: one event to one subscriber, exactly once. */
    async deliver(eventId: number, subscriber: string): Promise<JobOutcome> {
      const sub = subscriptions.find((s) => s.subscriber === subscriber);
      if (!sub) return { outcome: 'skipped', detail: `no subscriber ${subscriber} in this process` };
      const event = await db('domain_events').where({ id: eventId }).first('name', 'payload');
      if (!event) return { outcome: 'skipped', detail: `no event ${eventId}` };
      if (event.name !== sub.event)
        return { outcome: 'skipped', detail: `${subscriber} does not take ${event.name}` };
      const key = { event_id: eventId, subscriber };
      await db('event_deliveries').insert(key).onConflict(['event_id', 'subscriber']).ignore();
      const counted = await db('event_deliveries')
        .where(key)
        .whereNot({ status: 'done' })
        .increment('attempts', 1);
      if (!counted) return { outcome: 'skipped', detail: 'already delivered' };
      const after: (() => Promise<unknown>)[] = [];
      let ran: boolean;
      try {
        ran = await db.transaction(async (trx) => {
          const row = await trx('event_deliveries').where(key).forUpdate().first('status');
          if (row?.status === 'done') return false;
          const payload = schemaOf(event.name).parse(event.payload);
          await sub.handler(payload, { eventId, trx, afterCommit: (fn) => after.push(fn) });
          await trx('event_deliveries')
            .where(key)
            .update({ status: 'done', done_at: trx.fn.now(), last_error: null });
          return true;
        });
      } catch (err) {
        await db('event_deliveries')
          .where(key)
          .whereNot({ status: 'done' })
          .update({ status: 'failed', last_error: String((err as Error)?.message ?? err).slice(0, 500) })
          .catch(() => undefined);
        throw err; // BullMQ retries with backoff; the failed job stays visible
      }
      if (!ran) return { outcome: 'skipped', detail: 'already delivered' };
      await runAfterCommit(after, { eventId, subscriber });
      return { outcome: 'done', detail: `${event.name} #${eventId} -> ${subscriber}` };
    },

    /**
     * The re-drive, for a periodic loop: relays events committed but never relayed (the process
     * died after the commit, or Redis was down), and queues again deliveries still open after a
     * minute (their job was lost with Redis, or gave up after its retries). Safe to run anywhere,
     * at any time, concurrently.
     */
    async relayPending(
      opts: { graceSeconds?: number; redriveAfterSeconds?: number } = {},
    ): Promise<{ relayed: number; redriven: number }> {
      const grace = opts.graceSeconds ?? RELAY_GRACE_SECONDS;
      const redriveAfter = opts.redriveAfterSeconds ?? REDRIVE_AFTER_SECONDS;
      const ids: number[] = await db('domain_events')
        .whereNull('relayed_at')
        .where('created_at', '<=', db.raw('now() - make_interval(secs => ?)', [grace]))
        .orderBy('id')
        .limit(500)
        .pluck('id');
      const relayed = await relay(ids);
      const open: { event_id: number; subscriber: string }[] = await db('event_deliveries')
        .whereNot({ status: 'done' })
        .where('created_at', '<=', db.raw('now() - make_interval(secs => ?)', [redriveAfter]))
        // a delivery still failing after two days is left for a person to look at
        .where('created_at', '>', db.raw("now() - interval '2 days'"))
        .orderBy('created_at')
        .limit(500)
        .select('event_id', 'subscriber');
      for (const d of open) await enqueueDelivery(d.event_id, d.subscriber);
      return { relayed, redriven: open.length };
    },

    /** The start-up check: every catalog entry is a schema, every subscriber takes a known event. */
    check(): void {
      const problems: string[] = [];
      for (const [name, schema] of Object.entries(catalog))
        if (!schema || typeof (schema as z.ZodType).parse !== 'function')
          problems.push(`event ${name} has no payload type`);
      for (const s of subscriptions)
        if (!Object.hasOwn(catalog, s.event))
          problems.push(`${s.subscriber} subscribes to unknown ${s.event}`);
      if (problems.length) throw new Error(`Event registry is inconsistent:\n  ${problems.join('\n  ')}`);
    },

    /** Who listens to what (for logs and the admin's queue view). */
    subscriptions: () =>
      subscriptions.map(({ event, subscriber, inTransaction }) => ({ event, subscriber, inTransaction })),
  };
  return bus;
}
export type EventBus<C extends EventCatalog = EventCatalog> = ReturnType<typeof createEventBus<C>>;
