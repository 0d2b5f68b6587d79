import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type CampaignRow = {
  id: number;
  subject: string;
  html: string;
  status: 'draft' | 'sending' | 'sent';
  ratePerHour: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  total: number;
  sent: number;
};

export type ClaimedDelivery = { deliveryId: number; subscriberId: number; email: string; salt: string };

const HOUR = "interval '1 hour'";

/** Campaigns (newsletter_campaigns) and their deliveries (newsletter_deliveries), one per subscriber. */
export function createCampaignsRepository(db: Knex) {
  // sent, and still to send to a subscriber who is still there
  const progress = (q: Db) =>
    q('newsletter_campaigns as c').select(
      'c.id',
      'c.subject',
      'c.html',
      'c.status',
      'c.rate_per_hour as ratePerHour',
      'c.created_at as createdAt',
      'c.started_at as startedAt',
      'c.finished_at as finishedAt',
      q.raw(
        `(select count(*) from newsletter_deliveries d where d.campaign_id = c.id
            and (d.sent_at is not null or d.subscriber_id is not null))::int as total`,
      ),
      q.raw(
        '(select count(*) from newsletter_deliveries d where d.campaign_id = c.id and d.sent_at is not null)::int as sent',
      ),
    );
  return {
    list: (): Promise<CampaignRow[]> => progress(db).orderBy('c.id', 'desc').limit(100),
    find: (id: number, q: Db = db): Promise<CampaignRow | undefined> => progress(q).where('c.id', id).first(),
    async create(input: { subject: string; html: string }): Promise<number> {
      const [row] = await db('newsletter_campaigns').insert(input).returning('id');
      return row.id;
    },
    /** A draft's new text; false once it is being sent. */
    async update(id: number, input: { subject: string; html: string }): Promise<boolean> {
      const n = await db('newsletter_campaigns')
        .where({ id, status: 'draft' })
        .update({ ...input, updated_at: db.fn.now() });
      return n === 1;
    },
    /** Deletes a draft (it has no deliveries yet); false once it is being sent. */
    async removeDraft(id: number): Promise<boolean> {
      return (await db('newsletter_campaigns').where({ id, status: 'draft' }).delete()) === 1;
    },
    lockStatus: async (trx: Knex.Transaction, id: number): Promise<string | undefined> =>
      (await trx('newsletter_campaigns').where({ id }).forUpdate().first('status'))?.status,
    /** Sending starts: one delivery per confirmed subscriber now; their number. */
    async start(trx: Knex.Transaction, id: number, ratePerHour: number): Promise<number> {
      await trx('newsletter_campaigns')
        .where({ id })
        .update({ status: 'sending', rate_per_hour: ratePerHour, started_at: trx.fn.now() });
      const result = await trx.raw(
        `insert into newsletter_deliveries (campaign_id, subscriber_id)
         select ?, id from newsletter_subscribers where status = 'confirmed' order by id`,
        [id],
      );
      return result.rowCount ?? 0;
    },
    /** How many went out in the last hour, and when the oldest of them did. */
    async lastHour(trx: Db, id: number): Promise<{ count: number; oldest: Date | null }> {
      const row = await trx('newsletter_deliveries')
        .where({ campaign_id: id })
        .andWhere('sent_at', '>', trx.raw(`now() - ${HOUR}`))
        .first(trx.raw('count(*)::int as count'), trx.raw('min(sent_at) as oldest'));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    /** Up to `limit` deliveries still to send, claimed (sent_at set) in the caller's transaction. */
    async claim(trx: Knex.Transaction, id: number, limit: number): Promise<ClaimedDelivery[]> {
      const rows: ClaimedDelivery[] = await trx('newsletter_deliveries as d')
        .join('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
        .where({ 'd.campaign_id': id, 's.status': 'confirmed' })
        .whereNull('d.sent_at')
        .orderBy('d.id')
        .limit(limit)
        .forUpdate('d')
        .skipLocked()
        .select('d.id as deliveryId', 's.id as subscriberId', 's.email', 's.unsubscribe_salt as salt');
      if (rows.length)
        await trx('newsletter_deliveries')
          .whereIn(
            'id',
            rows.map((r) => r.deliveryId),
          )
          .update({ sent_at: trx.fn.now() });
      return rows;
    },
    /** Deliveries still to send to a subscriber who is still there. */
    async remaining(q: Db, id: number): Promise<number> {
      const row = await q('newsletter_deliveries')
        .where({ campaign_id: id })
        .whereNull('sent_at')
        .whereNotNull('subscriber_id')
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
    finish: (trx: Db, id: number) =>
      trx('newsletter_campaigns').where({ id }).update({ status: 'sent', finished_at: trx.fn.now() }),
    sendingIds: async (): Promise<number[]> =>
      (await db('newsletter_campaigns').where({ status: 'sending' }).select('id')).map(
        (r: { id: number }) => r.id,
      ),
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
