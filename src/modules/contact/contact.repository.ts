import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { writeEmail, type OutboundEmail } from '../../platform/outbox';
import { ContactMessage } from './contact-message.model';

export type Tx = Knex.Transaction;

export function createContactRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async insertMessage(
      msg: Pick<ContactMessage, 'name' | 'email' | 'message' | 'ip'>,
      tx: Tx | Db = db,
    ): Promise<number> {
      const { id } = await ContactMessage.query(tx).insert({ ...msg, ip: msg.ip?.slice(0, 64) ?? null });
      return id;
    },

    async findMessage(id: number, tx: Tx | Db = db): Promise<ContactMessage | undefined> {
      return ContactMessage.query(tx).findById(id);
    },

    /** Newest first; `before` is an id already shown (the next page starts below it). */
    async listMessages(opts: { limit: number; before?: number }): Promise<ContactMessage[]> {
      const q = ContactMessage.query(db)
        .select('id', 'name', 'email', 'message', 'created_at', 'read_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(opts.limit);
      if (opts.before !== undefined) {
        const before = opts.before;
        // rows strictly after `before` in (created_at desc, id desc) order
        q.whereRaw('(created_at, id) < (select created_at, id from contact_messages where id = ?)', [before]);
      }
      return q;
    },

    async countMessages(): Promise<{ total: number; unread: number }> {
      const row = (await db('contact_messages')
        .select(
          db.raw('count(*)::int as total'),
          db.raw('count(*) filter (where read_at is null)::int as unread'),
        )
        .first()) as { total: number; unread: number };
      return row;
    },

    async countUnread(): Promise<number> {
      const row = (await db('contact_messages').whereNull('read_at').count({ n: '*' }).first()) as {
        n: string | number;
      };
      return Number(row.n);
    },

    /** Sets or clears read_at; a message read before keeps its first read time. Null when missing. */
    async setRead(id: number, read: boolean): Promise<ContactMessage | undefined> {
      const [row] = (await db('contact_messages')
        .where({ id })
        .update({ read_at: read ? db.raw('coalesce(read_at, now())') : null })
        .returning(['id', 'name', 'email', 'message', 'created_at', 'read_at'])) as Record<string, unknown>[];
      return row ? ContactMessage.fromDatabaseJson(row) : undefined;
    },

    /** The outbox row, in the caller's transaction; null when that dedupe key was written before. */
    writeEmail: (tx: Tx, mail: OutboundEmail): Promise<number | null> => writeEmail(tx, mail),
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
