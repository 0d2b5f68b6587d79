/** The range presets of the Numbers screen, as shop-local days ("YYYY-MM-DD"). */
export const RANGE_PRESETS = [
  { value: 'month', label: 'This month' },
  { value: '30', label: 'Last 30 days' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** Today as the shop's clock shows it (en-CA writes dates as YYYY-MM-DD). */
export function shopToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const minusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A preset's days up to today (inclusive). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string) {
  if (preset === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  return { from: minusDays(today, 29), to: today };
}

/**
 * The server's messages for a range it refuses (`numbersMessages` of src/contract/numbers.ts; the
 * web app imports only the contract's types, so tests/unit/numbers-range.test.ts keeps the copies equal).
 */
export const RANGE_MESSAGES = {
  from: 'Choose a start date (YYYY-MM-DD).',
  to: 'Choose an end date (YYYY-MM-DD).',
  reversed: 'The end date must be on or after the start date.',
  tooLong: `Choose a range of at most ${366 * 5} days.`,
} as const;
const MAX_DAYS = 366 * 5;

const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** What the server would say of a custom range, by field; null when it takes it. */
export function rangeErrors({
  from,
  to,
}: {
  from: string;
  to: string;
}): { from?: string; to?: string } | null {
  if (!isDay(from) || !isDay(to))
    return {
      ...(isDay(from) ? {} : { from: RANGE_MESSAGES.from }),
      ...(isDay(to) ? {} : { to: RANGE_MESSAGES.to }),
    };
  if (from > to) return { to: RANGE_MESSAGES.reversed };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days < MAX_DAYS ? null : { to: RANGE_MESSAGES.tooLong };
}

/** A period's name as a short date: "Nov 3" ("Nov 2026" for a month). */
export function periodLabel(period: string, grain: 'day' | 'week' | 'month'): string {
  const date = new Date(`${period}T00:00:00Z`);
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    ...(grain === 'month' ? { year: 'numeric' } : { day: 'numeric' }),
  });
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (dollars: number) => usd.format(dollars);
export const count = (n: number) => n.toLocaleString('en-US');
