import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { writeEmail, type OutboundEmail } from '../../platform/outbox';

export type Tx = Knex.Transaction;

export function createContactRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async insertMessage(
      msg: { name: string; email: string; message: string; ip: string | null },
      tx: Tx | Db = db,
    ): Promise<number> {
      const [row] = await tx('contact_messages')
        .insert({ name: msg.name, email: msg.email, message: msg.message, ip: msg.ip?.slice(0, 64) ?? null })
        .returning('id');
      return row.id;
    },

    async findMessage(
      id: number,
      tx: Tx | Db = db,
    ): Promise<{ name: string; email: string; message: string } | undefined> {
      return tx('contact_messages').where({ id }).first('name', 'email', 'message');
    },

    /** The outbox row, in the caller's transaction; null when that dedupe key was written before. */
    writeEmail: (tx: Tx, mail: OutboundEmail): Promise<number | null> => writeEmail(tx, mail),
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
