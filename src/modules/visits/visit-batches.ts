import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from '../../platform/logger';
import type { RawHit } from './visit-counter';
import type { StoredHit, VisitsRepository } from './visits.repository';
import { shopDayOf } from './shop-day';

/** A batch goes every few seconds, or at once when this many hits wait. */
const BATCH_EVERY_MS = 5000;
const BATCH_SIZE = 1000;
/** While the database is away, hits beyond this are dropped (memory stays bounded). */
const MAX_WAITING = 20_000;

/**
 * Hits buffered in memory and inserted in batches, off the request path. The address and user
 * agent become the visitor's keyed hash here, under the salt of the hit's shop day, and are not
 * kept: HMAC-SHA256 keyed with the salt, its first 16 bytes. A failed batch is logged and dropped,
 * never retried into a page's time.
 */
export function createVisitBatches(repo: VisitsRepository, zone: string, logger: Logger) {
  let waiting: RawHit[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  // this process's copy of the current days' salts (the stored row is the truth)
  let salts = new Map<string, Buffer>();
  // the shop day, worked out at most once a second
  let dayCache = { until: 0, day: '' };
  const dayOf = (at: number) => {
    if (at >= dayCache.until || at < dayCache.until - 1000)
      dayCache = { until: at - (at % 1000) + 1000, day: shopDayOf(at, zone) };
    return dayCache.day;
  };

  async function saltsFor(days: Set<string>): Promise<Map<string, Buffer>> {
    const kept = new Map<string, Buffer>();
    for (const day of days) kept.set(day, salts.get(day) ?? (await repo.saltOf(day, randomBytes(32))));
    salts = kept; // a past day's salt is forgotten here too
    return kept;
  }

  async function write(hits: RawHit[]): Promise<void> {
    const withDays = hits.map((hit) => ({ hit, day: dayOf(hit.at) }));
    const daySalts = await saltsFor(new Set(withDays.map((h) => h.day)));
    // identical hits (a visitor reloading a page) become one row with their count
    const rows = new Map<string, StoredHit>();
    for (const { hit, day } of withDays) {
      const visitor = createHmac('sha256', daySalts.get(day)!)
        .update(`${hit.address}\n${hit.userAgent}`)
        .digest()
        .subarray(0, 16);
      const key = [day, visitor.toString('base64'), hit.kind, hit.path, hit.referrer].join('\n');
      const row = rows.get(key);
      if (row) row.hits++;
      else
        rows.set(key, {
          day,
          visitor,
          kind: hit.kind,
          page: hit.page,
          path: hit.path,
          referrer: hit.referrer,
          hits: 1,
        });
    }
    await repo.insertHits([...rows.values()]);
  }

  /** Writes what waits now (after any batch under way); errors are logged, never thrown. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const hits = waiting;
    waiting = [];
    flushing = flushing.then(() =>
      hits.length
        ? write(hits).catch((err: Error) =>
            logger.warn({ err: err.message, hits: hits.length }, 'visit counts not written'),
          )
        : undefined,
    );
    return flushing;
  }

  return {
    record(hit: RawHit): void {
      if (waiting.length >= MAX_WAITING) return;
      waiting.push(hit);
      if (waiting.length >= BATCH_SIZE) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), BATCH_EVERY_MS);
        timer.unref();
      }
    },
    flush,
  };
}
