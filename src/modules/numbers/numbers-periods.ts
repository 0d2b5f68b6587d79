import type { NumbersQuery } from '../../contract';

/** Calendar arithmetic on "YYYY-MM-DD" days (no zone: a shop-local day is a plain date here). */
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export const nextDay = (day: string) => dayOf(new Date(asUtc(day).getTime() + 86_400_000));

/** The first day of the period `day` is in: itself, its week's Monday, or its month's 1st. */
function periodStart(day: string, grain: NumbersQuery['grain']): string {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 7)}-01`;
  const d = asUtc(day);
  // ISO weeks: Monday first (getUTCDay: Sunday 0)
  return dayOf(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000));
}

/**
 * The periods of a range, each named by its first day within the range (a week or month cut by
 * the range's start is named by that start), every one listed, and which period a day falls in.
 */
export function periodsOf(range: { from: string; to: string }, grain: NumbersQuery['grain']) {
  const periodOf = (day: string) => {
    const start = periodStart(day, grain);
    return start < range.from ? range.from : start;
  };
  const periods: string[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) {
    const p = periodOf(day);
    if (periods[periods.length - 1] !== p) periods.push(p);
  }
  return { periods, periodOf };
}
