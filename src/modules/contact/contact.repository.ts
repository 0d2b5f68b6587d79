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

    /** The outbox row, in the caller's transaction; null when that dedupe key was written before. */
    writeEmail: (tx: Tx, mail: OutboundEmail): Promise<number | null> => writeEmail(tx, mail),
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
