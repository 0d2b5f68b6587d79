import type { AppContext } from '../../platform/context';
import type { DayRange, VisitFigures } from '../../contract';
import { createVisitBatches } from './visit-batches';
import { createVisitCounter, type CartAdd } from './visit-counter';
import { createVisitsRepository } from './visits.repository';
import { createVisitsService } from './visits.service';

/**
 * Private visit counts (issue 49): page views, visitors per day, referrers and two funnel steps,
 * counted by the server without cookies, as Plausible counts (see visit-counter.ts for what is
 * counted, visit-batches.ts for the daily salt and the hash, visits.repository.ts for the roll-up).
 */
export function createVisitsModule(
  ctx: AppContext,
  deps: {
    /** the cart's add endpoints: their success (201) is the funnel's "added to cart" */
    cartAdds: readonly CartAdd[];
  },
) {
  const zone = ctx.config.SHOP_TIME_ZONE;
  const repo = createVisitsRepository(ctx.db);
  const service = createVisitsService(repo, zone);
  const batches = createVisitBatches(repo, zone, ctx.logger);
  return {
    /** The visit figures of a range of shop days (inclusive): daily rows, today's hits live. */
    figures: (range: DayRange): Promise<VisitFigures> => service.figures(range),
    /** The maintenance sweep's `visits` task: past days rolled up, their hits and salts deleted. */
    sweep: service.sweep,
    /**
     * The request watcher src/app.ts runs on every request before the response cache; `trustProxy`
     * is Express's compiled 'trust proxy' setting, so the address is the one req.ip would give.
     */
    counter: (trustProxy: (address: string, hop: number) => boolean) =>
      createVisitCounter({
        trustProxy,
        ownHosts: [new URL(ctx.config.publicUrl).hostname.toLowerCase()],
        cartAdds: deps.cartAdds,
        record: batches.record,
      }),
    /** Writes the hits waiting in memory (on shutdown, and in tests). */
    flush: batches.flush,
  };
}
export type VisitsModule = ReturnType<typeof createVisitsModule>;
