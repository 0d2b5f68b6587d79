import type { Knex } from 'knex';

/** A hit as stored: the visitor already a keyed hash, the day the shop's. */
export type StoredHit = {
  day: string;
  visitor: Buffer;
  kind: 'view' | 'cart';
  page: string | null;
  path: string | null;
  referrer: string | null;
  /** how many identical hits this row stands for */
  hits: number;
};

/** One day's figures, from its daily row or, for a day not yet rolled up, from its raw hits. */
export type DayRow = {
  day: string;
  visitors: number;
  views: number;
  photo_views: number;
  added_to_cart: number;
  checkout_started: number;
};

/** A day's figures from hits (the same expressions the roll-up stores). */
const DAY_FIGURES = `
  count(distinct visitor) filter (where kind = 'view')::int as visitors,
  coalesce(sum(hits) filter (where kind = 'view'), 0)::int as views,
  coalesce(sum(hits) filter (where kind = 'view' and page = 'photo'), 0)::int as photo_views,
  count(distinct visitor) filter (where kind = 'cart')::int as added_to_cart,
  count(distinct visitor) filter (where kind = 'view' and page = 'checkout')::int as checkout_started`;

export function createVisitsRepository(db: Knex) {
  return {
    /** The salt of a shop day: made once (the first process to ask), the same for every process. */
    async saltOf(day: string, fresh: Buffer): Promise<Buffer> {
      await db('visit_salts').insert({ day, salt: fresh }).onConflict('day').ignore();
      const row = await db('visit_salts').where({ day }).first('salt');
      return row!.salt as Buffer;
    },

    /** One statement of six arrays, whatever the batch's size (cheap to build and to send). */
    async insertHits(hits: StoredHit[]): Promise<void> {
      if (!hits.length) return;
      await db.raw(
        `insert into visit_hits (day, visitor, kind, page, path, referrer, hits)
         select * from unnest(?::date[], ?::bytea[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[])`,
        [
          hits.map((h) => h.day),
          hits.map((h) => h.visitor),
          hits.map((h) => h.kind),
          hits.map((h) => h.page),
          hits.map((h) => h.path),
          hits.map((h) => h.referrer),
          hits.map((h) => h.hits),
        ] as Knex.Value[],
      );
    },

    /**
     * Every day before `today` that still has raw hits becomes its daily rows, and its hits go, in
     * one statement: a second run (or one racing it) finds no hits to count again. Then the salts
     * of those days go. A day rolled up and then reached by a late batch adds to its rows.
     */
    async rollUpBefore(today: string): Promise<number> {
      const { rows } = await db.raw<{ rows: { hits: number }[] }>(
        `with gone as (
           delete from visit_hits where day < ? returning day, visitor, kind, page, path, referrer, hits
         ),
         days as (
           insert into visit_days (day, visitors, views, photo_views, added_to_cart, checkout_started)
           select day, ${DAY_FIGURES} from gone group by day
           on conflict (day) do update set
             visitors = visit_days.visitors + excluded.visitors,
             views = visit_days.views + excluded.views,
             photo_views = visit_days.photo_views + excluded.photo_views,
             added_to_cart = visit_days.added_to_cart + excluded.added_to_cart,
             checkout_started = visit_days.checkout_started + excluded.checkout_started
         ),
         pages as (
           insert into visit_day_pages (day, path, views)
           select day, path, sum(hits)::int from gone where kind = 'view' and path is not null group by day, path
           on conflict (day, path) do update set views = visit_day_pages.views + excluded.views
         ),
         months as (
           insert into visit_month_pages (month, path, views)
           select date_trunc('month', day)::date, path, sum(hits)::int from gone
            where kind = 'view' and path is not null group by 1, path
           on conflict (month, path) do update set views = visit_month_pages.views + excluded.views
         ),
         referrers as (
           insert into visit_day_referrers (day, domain, visitors)
           select day, referrer, count(distinct visitor)::int from gone
            where kind = 'view' and referrer is not null group by day, referrer
           on conflict (day, domain) do update set visitors = visit_day_referrers.visitors + excluded.visitors
         )
         select count(*)::int as hits from gone`,
        [today],
      );
      await db('visit_salts').where('day', '<', today).delete();
      return rows[0]?.hits ?? 0;
    },

    /** Each day of the range with visits: the daily rows, and the raw hits of days not rolled up. */
    async days(from: string, to: string): Promise<DayRow[]> {
      const { rows } = await db.raw<{ rows: DayRow[] }>(
        `select to_char(day, 'YYYY-MM-DD') as day, visitors, views, photo_views, added_to_cart, checkout_started
           from visit_days where day between ? and ?
         union all
         select to_char(day, 'YYYY-MM-DD'), ${DAY_FIGURES}
           from visit_hits where day between ? and ? group by day
         order by day`,
        [from, to, from, to],
      );
      return rows;
    },

    /**
     * The most viewed paths of the range: its whole months from the monthly rows (from `months.from`
     * up to, not including, `months.to`), its other days from the daily rows, and raw hits.
     */
    async pages(
      from: string,
      to: string,
      months: { from: string; to: string },
      limit: number,
    ): Promise<{ path: string; views: number }[]> {
      const { rows } = await db.raw<{ rows: { path: string; views: number }[] }>(
        `select path, sum(views)::int as views from (
           select path, views from visit_month_pages where month >= ? and month < ?
           union all
           select path, views from visit_day_pages where day between ? and ? and (day < ? or day >= ?)
           union all
           select path, sum(hits) from visit_hits
            where day between ? and ? and kind = 'view' and path is not null group by path
         ) p group by path order by views desc, path limit ?`,
        [months.from, months.to, from, to, months.from, months.to, from, to, limit],
      );
      return rows;
    },

    /** The referring domains of the range by visitors (each day's distinct visitors, summed). */
    async referrers(
      from: string,
      to: string,
      limit: number,
    ): Promise<{ domain: string; visitors: number }[]> {
      const { rows } = await db.raw<{ rows: { domain: string; visitors: number }[] }>(
        `select domain, sum(visitors)::int as visitors from (
           select domain, visitors from visit_day_referrers where day between ? and ?
           union all
           select referrer, count(distinct visitor) from visit_hits
            where day between ? and ? and kind = 'view' and referrer is not null group by day, referrer
         ) r group by domain order by visitors desc, domain limit ?`,
        [from, to, from, to, limit],
      );
      return rows;
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
