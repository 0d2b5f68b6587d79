import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

/** A transaction handle; the service only passes it on (to the repository and to media.ingest). */
export type Tx = Knex.Transaction;

// The about page, logo and shipping notice are single rows with id 1.
const SINGLETON = 1;

export type AboutRow = {
  mainBio: string | null;
  approachText: string | null;
  servicesText: string | null;
  headshotId: number | null;
  updatedAt: Date;
};
export type LogoRow = {
  assetId: number;
  mimeType: string | null;
  width: number | null;
  height: number | null;
};
export type FaqRow = { id: number; question: string; answer: string; orderIndex: number };
export type NoticeRow = { isActive: boolean; line1: string | null; line2: string | null };

type AboutFields = Partial<Pick<AboutRow, 'mainBio' | 'approachText' | 'servicesText' | 'headshotId'>>;

const faqColumns = ['id', 'question', 'answer', 'order_index as orderIndex'];

export function createContentRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** With a transaction the row is locked until it ends. */
    async getAbout(tx?: Tx): Promise<AboutRow | null> {
      const query = (tx ?? db)('about_content').where({ id: SINGLETON });
      const row = await (tx ? query.forUpdate() : query).first();
      return row
        ? {
            mainBio: row.main_bio,
            approachText: row.approach_text,
            servicesText: row.services_text,
            headshotId: row.headshot_id,
            updatedAt: row.updated_at,
          }
        : null;
    },

    /** Writes only the fields given; creates the row on first save. */
    async saveAbout(fields: AboutFields, tx: Tx | Db = db): Promise<void> {
      const columns: Record<string, unknown> = {};
      if (fields.mainBio !== undefined) columns.main_bio = fields.mainBio;
      if (fields.approachText !== undefined) columns.approach_text = fields.approachText;
      if (fields.servicesText !== undefined) columns.services_text = fields.servicesText;
      if (fields.headshotId !== undefined) columns.headshot_id = fields.headshotId;
      await tx('about_content')
        .insert({ id: SINGLETON, ...columns })
        .onConflict('id')
        .merge({ ...columns, updated_at: db.fn.now() });
    },

    /** With a transaction the row is locked: two uploads at once replace the logo one after the other. */
    async getLogo(tx?: Tx): Promise<LogoRow | null> {
      const query = (tx ?? db)('site_logo').where({ id: SINGLETON });
      const row = await (tx ? query.forUpdate() : query).first(
        'asset_id as assetId',
        'mime_type as mimeType',
        'width',
        'height',
      );
      return row ?? null;
    },

    async saveLogo(logo: LogoRow, tx: Tx | Db = db): Promise<void> {
      const columns = {
        asset_id: logo.assetId,
        mime_type: logo.mimeType,
        width: logo.width,
        height: logo.height,
      };
      await tx('site_logo')
        .insert({ id: SINGLETON, ...columns })
        .onConflict('id')
        .merge({ ...columns, updated_at: db.fn.now() });
    },

    async listFaqs(tx: Tx | Db = db): Promise<FaqRow[]> {
      return tx('faqs')
        .select(faqColumns)
        .orderBy([{ column: 'order_index' }, { column: 'id' }]);
    },

    /** Appended after the last FAQ. */
    async insertFaq(faq: { question: string; answer: string }): Promise<FaqRow> {
      const [row] = await db('faqs')
        .insert({
          ...faq,
          order_index: db('faqs').select(db.raw('coalesce(max(order_index) + 1, 0)')),
        })
        .returning(faqColumns);
      return row;
    },

    async updateFaq(id: number, patch: { question?: string; answer?: string }): Promise<FaqRow | null> {
      const [row] = await db('faqs')
        .where({ id })
        .update({ ...patch, updated_at: db.fn.now() })
        .returning(faqColumns);
      return row ?? null;
    },

    /** Deletes one FAQ and numbers the rest 0..n-1 again, in one transaction. */
    async deleteFaq(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx('faqs').where({ id }).del();
        if (!deleted) return false;
        await renumber(tx);
        return true;
      });
    },

    /** The current FAQ ids, locked until the transaction ends (a reorder sees a stable set). */
    async lockFaqIds(tx: Tx): Promise<number[]> {
      return tx('faqs').forUpdate().orderBy('id').pluck('id');
    },

    async setFaqOrder(ids: number[], tx: Tx): Promise<void> {
      if (!ids.length) return;
      await tx.raw(
        `update faqs set order_index = o.position - 1, updated_at = now()
           from unnest(?::int[]) with ordinality as o(id, position)
          where faqs.id = o.id`,
        [ids],
      );
    },

    async getNotice(): Promise<NoticeRow | null> {
      const row = await db('shipping_notice')
        .where({ id: SINGLETON })
        .first('is_active as isActive', 'line1', 'line2');
      return row ?? null;
    },

    async saveNotice(notice: NoticeRow): Promise<void> {
      const columns = { is_active: notice.isActive, line1: notice.line1, line2: notice.line2 };
      await db('shipping_notice')
        .insert({ id: SINGLETON, ...columns })
        .onConflict('id')
        .merge({ ...columns, updated_at: db.fn.now() });
    },

    /**
     * Fills each content table that is still empty. An advisory lock keeps two processes starting
     * at once from both seeding the FAQs; the singletons are insert-if-missing anyway.
     */
    async seedIfEmpty(seed: {
      about: Required<Pick<AboutFields, 'mainBio' | 'approachText' | 'servicesText'>>;
      faqs: { question: string; answer: string }[];
      notice: NoticeRow;
    }): Promise<{ about: boolean; faqs: boolean; notice: boolean }> {
      return db.transaction(async (tx) => {
        await tx.raw("select pg_advisory_xact_lock(hashtext('wildframe:content-seed'))");
        const about = await tx('about_content')
          .insert({
            id: SINGLETON,
            main_bio: seed.about.mainBio,
            approach_text: seed.about.approachText,
            services_text: seed.about.servicesText,
          })
          .onConflict('id')
          .ignore()
          .returning('id');
        const notice = await tx('shipping_notice')
          .insert({
            id: SINGLETON,
            is_active: seed.notice.isActive,
            line1: seed.notice.line1,
            line2: seed.notice.line2,
          })
          .onConflict('id')
          .ignore()
          .returning('id');
        const hasFaqs = await tx('faqs').first('id');
        if (!hasFaqs && seed.faqs.length) {
          await tx('faqs').insert(seed.faqs.map((f, i) => ({ ...f, order_index: i })));
        }
        return { about: about.length > 0, faqs: !hasFaqs, notice: notice.length > 0 };
      });
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;

async function renumber(tx: Tx): Promise<void> {
  await tx.raw(
    `update faqs set order_index = r.position - 1
       from (select id, row_number() over (order by order_index, id) as position from faqs) r
      where faqs.id = r.id and faqs.order_index <> r.position - 1`,
  );
}
