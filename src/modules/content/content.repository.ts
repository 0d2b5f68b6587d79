import type { Knex } from 'knex';
import type { PartialModelObject, QueryBuilder } from 'objection';
import type { Db } from '../../platform/db';
import { AboutContent, Faq, ShippingNotice, SiteLogo } from './content.model';

/** A transaction handle; the service only passes it on (to the repository and to media.ingest). */
export type Tx = Knex.Transaction;

// The about page, logo and shipping notice are single rows with id 1.
const SINGLETON = 1;

export type AboutFields = Partial<
  Pick<AboutContent, 'mainBio' | 'approachText' | 'servicesText' | 'headshotId'>
>;
export type LogoRow = Pick<SiteLogo, 'assetId' | 'mimeType' | 'width' | 'height'>;
export type NoticeRow = Pick<ShippingNotice, 'isActive' | 'line1' | 'line2'>;
export type FaqRow = Pick<Faq, 'id' | 'question' | 'answer' | 'orderIndex'>;

const faqColumns = ['id', 'question', 'answer', 'order_index'];

type Singleton = AboutContent | SiteLogo | ShippingNotice;

export function createContentRepository(db: Db) {
  /** The single row; with a transaction it is locked until the transaction ends. */
  const single = <M extends Singleton>(query: QueryBuilder<M>, lock: boolean) => {
    const one = query.findById(SINGLETON);
    return lock ? one.forUpdate() : one;
  };

  /** Writes only the fields given; creates the row on first save. */
  async function saveSingle<M extends Singleton>(query: QueryBuilder<M>, fields: PartialModelObject<M>) {
    await query
      .insert({ ...fields, id: SINGLETON })
      .onConflict('id')
      .merge({ ...fields, updatedAt: db.fn.now() });
  }

  /** Inserts the single row when it is missing (a save by the admin in between wins). */
  async function seedSingle<M extends Singleton>(
    query: () => QueryBuilder<M>,
    fields: PartialModelObject<M>,
  ) {
    if (await single(query(), false)) return false;
    await query()
      .insert({ ...fields, id: SINGLETON })
      .onConflict('id')
      .ignore();
    return true;
  }

  return {
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    getAbout: async (tx?: Tx): Promise<AboutContent | null> =>
      (await single(AboutContent.query(tx ?? db), !!tx)) ?? null,

    saveAbout: (fields: AboutFields, tx: Tx | Db = db) => saveSingle(AboutContent.query(tx), fields),

    /** With a transaction the row is locked: two uploads at once replace the logo one after the other. */
    getLogo: async (tx?: Tx): Promise<SiteLogo | null> =>
      (await single(SiteLogo.query(tx ?? db), !!tx)) ?? null,

    saveLogo: (logo: LogoRow, tx: Tx | Db = db) => saveSingle(SiteLogo.query(tx), logo),

    async getNotice(): Promise<NoticeRow | null> {
      return (await single(ShippingNotice.query(db), false).select('is_active', 'line1', 'line2')) ?? null;
    },

    saveNotice: (notice: NoticeRow) => saveSingle(ShippingNotice.query(db), notice),

    async listFaqs(tx: Tx | Db = db): Promise<FaqRow[]> {
      return Faq.query(tx)
        .select(faqColumns)
        .orderBy([{ column: 'order_index' }, { column: 'id' }]);
    },

    /** Appended after the last FAQ. */
    async insertFaq(faq: { question: string; answer: string }): Promise<FaqRow> {
      return Faq.query(db)
        .insert({ ...faq, orderIndex: db('faqs').select(db.raw('coalesce(max(order_index) + 1, 0)')) })
        .returning(faqColumns);
    },

    async updateFaq(id: number, patch: { question?: string; answer?: string }): Promise<FaqRow | null> {
      const [row] = await Faq.query(db)
        .where({ id })
        .patch({ ...patch, updatedAt: db.fn.now() })
        .returning(faqColumns);
      return row ?? null;
    },

    /** Deletes one FAQ and numbers the rest 0..n-1 again, in one transaction. */
    async deleteFaq(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await Faq.query(tx).deleteById(id);
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

    /**
     * Fills each content table that is still empty. An advisory lock keeps two processes starting
     * at once from both seeding; the singletons are insert-if-missing anyway.
     */
    async seedIfEmpty(seed: {
      about: Required<Pick<AboutFields, 'mainBio' | 'approachText' | 'servicesText'>>;
      faqs: { question: string; answer: string }[];
      notice: NoticeRow;
    }): Promise<{ about: boolean; faqs: boolean; notice: boolean }> {
      return db.transaction(async (tx) => {
        await tx.raw("select pg_advisory_xact_lock(hashtext('wildframe:content-seed'))");
        const about = await seedSingle(() => AboutContent.query(tx), seed.about);
        const notice = await seedSingle(() => ShippingNotice.query(tx), seed.notice);
        const hasFaqs = await Faq.query(tx).first();
        if (!hasFaqs && seed.faqs.length)
          await Faq.query(tx).insert(seed.faqs.map((f, i) => ({ ...f, orderIndex: i })));
        return { about, faqs: !hasFaqs, notice };
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
