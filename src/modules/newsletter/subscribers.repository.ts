import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type SubscriberRow = {
  id: number;
  email: string;
  status: 'pending' | 'confirmed';
  source: string;
  unsubscribeSalt: string;
  createdAt: Date;
  confirmedAt: Date | null;
  confirmSentAt: Date | null;
};

const COLUMNS = [
  'id',
  'email',
  'status',
  'source',
  'unsubscribe_salt as unsubscribeSalt',
  'created_at as createdAt',
  'confirmed_at as confirmedAt',
  'confirm_sent_at as confirmSentAt',
];

/** Subscribers (newsletter_subscribers) and the suppression list (newsletter_suppressions). */
export function createSubscribersRepository(db: Knex) {
  const subscribers = (q: Db = db) => q('newsletter_subscribers');
  return {
    isSuppressed: async (hash: string, q: Db = db): Promise<boolean> =>
      Boolean(await q('newsletter_suppressions').where({ email_hash: hash }).first('email_hash')),
    suppress: (trx: Db, hash: string) =>
      trx('newsletter_suppressions').insert({ email_hash: hash }).onConflict('email_hash').ignore(),
    suppressedCount: async (): Promise<number> =>
      Number((await db('newsletter_suppressions').count({ n: '*' }).first())?.n ?? 0),

    /** The address's row, locked for the sign-up's transaction (inserted pending when new). */
    async lockOrCreate(
      trx: Knex.Transaction,
      row: { email: string; emailKey: string; source: string; salt: string },
    ): Promise<{ subscriber: SubscriberRow; created: boolean }> {
      const inserted = await subscribers(trx)
        .insert({ email: row.email, email_key: row.emailKey, source: row.source, unsubscribe_salt: row.salt })
        .onConflict('email_key')
        .ignore()
        .returning('id');
      const subscriber: SubscriberRow = await subscribers(trx)
        .where({ email_key: row.emailKey })
        .forUpdate()
        .first(COLUMNS);
      return { subscriber, created: inserted.length > 0 };
    },
    /** A new confirmation token's hash, as its e-mail is written. */
    setConfirmToken: (trx: Db, id: number, hash: string) =>
      subscribers(trx).where({ id }).update({ confirm_token_hash: hash, confirm_sent_at: trx.fn.now() }),
    /** Confirms the address whose link this is; its row, or undefined for no such link. */
    async confirm(hash: string): Promise<SubscriberRow | undefined> {
      await subscribers()
        .where({ confirm_token_hash: hash, status: 'pending' })
        .update({ status: 'confirmed', confirmed_at: db.fn.now() });
      return subscribers().where({ confirm_token_hash: hash }).first(COLUMNS);
    },
    findById: (id: number, q: Db = db): Promise<SubscriberRow | undefined> =>
      subscribers(q).where({ id }).first(COLUMNS),
    /** Gone: its deliveries not yet sent are never sent (their subscriber_id is set null). */
    remove: (trx: Db, id: number) => subscribers(trx).where({ id }).delete(),
    /** Unconfirmed sign-ups older than `days`. */
    deletePendingOlderThan: (days: number) =>
      subscribers()
        .where({ status: 'pending' })
        .andWhere('created_at', '<', db.raw('now() - make_interval(days => ?)', [days]))
        .delete(),

    async page(page: number, pageSize: number): Promise<{ rows: SubscriberRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        subscribers()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .select(COLUMNS),
        subscribers().count({ n: '*' }).first(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async counts(): Promise<{ confirmed: number; pending: number }> {
      const rows: { status: string; n: string }[] = await subscribers()
        .groupBy('status')
        .select('status', db.raw('count(*) as n'));
      const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { confirmed: of('confirmed'), pending: of('pending') };
    },
    /** Every subscriber, oldest first, for the export. */
    all: (): Promise<SubscriberRow[]> => subscribers().orderBy('id').select(COLUMNS),
  };
}
export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>;
