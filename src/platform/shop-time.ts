/**
 * The shop's wall clock (SHOP_TIME_ZONE, an IANA zone): a local "YYYY-MM-DDTHH:mm" as the buyer
 * picks it, turned into an instant, and an instant written as the shop's clock shows it. Intl
 * only (no time zone library): the zone's offset is read at the instant itself, so DST is right.
 */

const parts = (instant: number, zone: string) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
  };
};

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
function offsetAt(instant: number, zone: string): number {
  const p = parts(instant, zone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(instant / 1000) * 1000;
}

/**
 * "2026-12-24T08:00" in the zone as an instant, or null when it is no such date ("2026-02-30",
 * "25:00"). A time the clocks skip (a spring-forward hour) reads as the hour after.
 */
export function shopLocalToInstant(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // the offset at a first guess, then at the corrected instant (they differ only near a DST change)
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return new Date(instant);
}

/** "Dec 24, 8:00 AM" as the shop's clock shows the instant (the year when it is not this one). */
export function formatShopTime(instant: Date, zone: string, now = new Date()): string {
  const sameYear = parts(instant.getTime(), zone).y === parts(now.getTime(), zone).y;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
}
