import type { DayRange, VisitFigures } from '../../contract';
import type { VisitsRepository } from './visits.repository';
import { shopDayOf } from './shop-day';

/** How many pages and referrers a range answers. */
const TOP = 20;

/**
 * The whole months inside a range, as [from, to): the first of its first whole month and the first
 * after its last (the same day twice when it has none). Dates as 'YYYY-MM-DD' compare as text.
 */
export function wholeMonths({ from, to }: DayRange): { from: string; to: string } {
  const nextDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const monthAfter = (day: string) => {
    const [y, m] = day.split('-').map(Number);
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  };
  const first = from.endsWith('-01') ? from : monthAfter(from);
  const afterLast = nextDay(to).endsWith('-01') ? nextDay(to) : `${to.slice(0, 7)}-01`;
  return afterLast > first ? { from: first, to: afterLast } : { from: first, to: first };
}

export function createVisitsService(repo: VisitsRepository, zone: string) {
  return {
    /**
     * A range's figures: the daily rows, and the raw hits of today (and of any day the sweep has
     * not reached yet), read live. Visitors are summed per day: there is no id across days.
     */
    async figures(range: DayRange): Promise<VisitFigures> {
      const [rows, pages, referrers] = await Promise.all([
        repo.days(range.from, range.to),
        repo.pages(range.from, range.to, wholeMonths(range), TOP),
        repo.referrers(range.from, range.to, TOP),
      ]);
      const totals = { visitors: 0, views: 0, photoViews: 0, addedToCart: 0, checkoutStarted: 0 };
      const byDay = new Map<string, { day: string; visitors: number; views: number }>();
      for (const r of rows) {
        totals.visitors += r.visitors;
        totals.views += r.views;
        totals.photoViews += r.photo_views;
        totals.addedToCart += r.added_to_cart;
        totals.checkoutStarted += r.checkout_started;
        // a day rolled up and reached by a late batch has both: one row
        const day = byDay.get(r.day) ?? { day: r.day, visitors: 0, views: 0 };
        day.visitors += r.visitors;
        day.views += r.views;
        byDay.set(r.day, day);
      }
      return { days: [...byDay.values()].filter((d) => d.views > 0), totals, pages, referrers };
    },

    /**
     * The maintenance sweep's `visits` task: every day before today (the shop's) that still has
     * raw hits becomes its daily rows, and its hits and salt are deleted. Safe to run twice, and
     * after days of downtime (all such days at once). Answers how many raw rows it rolled up.
     */
    sweep: (now: Date = new Date()) => repo.rollUpBefore(shopDayOf(now.getTime(), zone)),
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
