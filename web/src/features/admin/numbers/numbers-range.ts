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
