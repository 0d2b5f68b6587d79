// How a photo's date taken reads to a visitor. The stored text is free (a year, "Spring 2025",
// or the EXIF's "2025-08-30"); only an ISO date or month is rewritten, the rest shown as typed.

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "2025-08-30" -> "August 30, 2025", "2025-08" -> "August 2025", anything else as typed (trimmed;
 * null when empty). US English as the spec asks, written out rather than with Intl so the server and
 * every browser give the same string (no locale or time zone can shift a date-only value).
 */
export function readableDateTaken(text: string | null | undefined): string | null {
  const t = text?.trim();
  if (!t) return null;
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ]\d{2}:\d{2}.*)?$/.exec(t);
  if (!m) return t;
  const [year, month] = [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12) return t;
  if (m[3] === undefined) return `${MONTH_NAMES[month - 1]} ${year}`;
  const day = Number(m[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || day < 1) return t; // 2025-02-30 is not a date
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}
