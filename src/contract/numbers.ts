import { z } from 'zod';

// The owner's numbers (issue 49): what sold, where visitors came from and how far they went, for a
// range of days in the shop's time zone. Money in dollars on the wire (as every admin answer).
// The visit counts come from the `visits` module (cookie-less, a daily salt), the sales figures
// from orders, the recovered carts from `cart-reminders`; the `numbers` module puts them together.

/** A range is at most five years of days (her whole shop so far; a typo of 100 years is refused). */
export const NUMBERS_MAX_DAYS = 366 * 5;

export const numbersMessages = {
  from: 'Choose a start date (YYYY-MM-DD).',
  to: 'Choose an end date (YYYY-MM-DD).',
  reversed: 'The end date must be on or after the start date.',
  tooLong: `Choose a range of at most ${NUMBERS_MAX_DAYS} days.`,
  grain: 'Group by day, week or month.',
} as const;

const isDay = (s: unknown): s is string =>
  typeof s === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const isoDay = (message: string) => z.string({ error: message }).refine(isDay, message);
/** The range's own rules only once both ends are days (else each end's message is enough). */
const bothDays = (q: { from: unknown; to: unknown }) => isDay(q.from) && isDay(q.to);

/** `GET /api/admin/numbers?from=2026-11-01&to=2026-11-30&grain=day` (dates inclusive, shop time). */
export const numbersQuery = z
  .object({
    from: isoDay(numbersMessages.from),
    to: isoDay(numbersMessages.to),
    grain: z.enum(['day', 'week', 'month'], { error: numbersMessages.grain }).default('day'),
  })
  .refine((q) => !bothDays(q) || q.from <= q.to, { message: numbersMessages.reversed, path: ['to'] })
  .refine(
    (q) =>
      !bothDays(q) ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < NUMBERS_MAX_DAYS,
    { message: numbersMessages.tooLong, path: ['to'] },
  );
export type NumbersQuery = z.infer<typeof numbersQuery>;

/** A range of shop-local days, inclusive, as the server modules take it. */
export type DayRange = { from: string; to: string };

/** What the visits module answers for a range (cookie-less counts; see `visits`). */
export const visitFigures = z.object({
  /** one row per day of the range with visits (days without are absent) */
  days: z.array(z.object({ day: z.string(), visitors: z.number().int(), views: z.number().int() })),
  totals: z.object({
    /** the sum of each day's distinct visitors (a visitor on two days counts twice: no cross-day id) */
    visitors: z.number().int(),
    views: z.number().int(),
    /** page views of photo pages */
    photoViews: z.number().int(),
    /** the sum of each day's distinct visitors who added something to the cart */
    addedToCart: z.number().int(),
    /** the sum of each day's distinct visitors who opened the checkout */
    checkoutStarted: z.number().int(),
  }),
  /** referring sites by visitors (the domain only; direct visits absent), at most 20 */
  referrers: z.array(z.object({ domain: z.string(), visitors: z.number().int() })),
  /** most viewed pages (the path), at most 20 */
  pages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type VisitFigures = z.infer<typeof visitFigures>;

const ranked = z.array(
  z.object({
    label: z.string(),
    revenue: z.number(),
    quantity: z.number().int(),
    photoId: z.number().int().optional(),
  }),
);

/** The answer of `GET /api/admin/numbers`. */
export const numbersAnswer = z.object({
  range: z.object({ from: z.string(), to: z.string(), grain: z.enum(['day', 'week', 'month']) }),
  sales: z.object({
    /** paid orders in the range (by the time they were paid, in shop time) */
    orders: z.number().int(),
    /** what buyers paid for goods, shipping and tax, less refunds */
    revenue: z.number(),
    averageOrder: z.number(),
    refunds: z.number(),
    tax: z.number(),
    shipping: z.number(),
    /** what promotion codes took off */
    discounts: z.number(),
    /** what her labs charged, for the orders whose charge is known, and their margin */
    labCost: z.number().nullable(),
    margin: z.number().nullable(),
    ordersWithLabCost: z.number().int(),
    /** gift card balance she owes now (null when no card was ever issued) */
    giftCardsOutstanding: z.number().nullable(),
  }),
  /** revenue and orders per period (each period of the range, zeros included) */
  series: z.array(z.object({ period: z.string(), revenue: z.number(), orders: z.number().int() })),
  topPhotos: ranked,
  topSizes: ranked,
  topFormats: ranked,
  visits: visitFigures,
  funnel: z.object({
    visitors: z.number().int(),
    photoViews: z.number().int(),
    addedToCart: z.number().int(),
    checkoutStarted: z.number().int(),
    paid: z.number().int(),
    /** carts whose reminder e-mail led to a paid order */
    recoveredCarts: z.number().int(),
  }),
});
export type NumbersAnswer = z.infer<typeof numbersAnswer>;
