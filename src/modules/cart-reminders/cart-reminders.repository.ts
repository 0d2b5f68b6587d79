import type { Knex } from 'knex';
import { REMINDER_DEFAULT_HOURS } from '../../contract';

type Tx = Knex | Knex.Transaction;

/** A line as e-mailed, put back by the restore link (prints and licences; a gift card is not). */
export type RestorableLine =
  | { kind: 'print'; photoId: number; printOptionId: number; quantity: number }
  | { kind: 'licence'; photoId: number; licenceId: number; sizeId: number };

export type ReminderRow = {
  id: number;
  cartId: string | null;
  email: string | null;
  sendAt: Date;
  sentAt: Date | null;
  paidAt: Date | null;
  lines: RestorableLine[] | null;
};

const COLUMNS = {
  id: 'id',
  cartId: 'cart_id',
  email: 'email',
  sendAt: 'send_at',
  sentAt: 'sent_at',
  paidAt: 'paid_at',
  lines: 'lines',
};

/** The cart-reminders module's SQL: its settings, the reminders and the addresses that said stop. */
export function createCartRemindersRepository(db: Knex) {
  const reminders = (q: Tx = db) => q('cart_reminders');
  return {
    /** Her settings (no row until she saves: on, 24 hours). */
    async settings(): Promise<{ enabled: boolean; delayHours: number }> {
      const row = await db('cart_reminder_settings').where({ id: 1 }).first('enabled', 'delay_hours');
      return { enabled: row?.enabled ?? true, delayHours: row?.delay_hours ?? REMINDER_DEFAULT_HOURS };
    },

    async saveSettings(s: { enabled: boolean; delayHours: number }): Promise<void> {
      await db('cart_reminder_settings')
        .insert({ id: 1, enabled: s.enabled, delay_hours: s.delayHours })
        .onConflict('id')
        .merge({ enabled: s.enabled, delay_hours: s.delayHours, updated_at: db.fn.now() });
    },

    /** Turned off: reminders not yet sent are dropped with their addresses (their consent was for it). */
    async dropUnsent(): Promise<number> {
      return reminders().whereNull('sent_at').whereNull('paid_at').delete();
    },

    async counts(): Promise<{ waiting: number; sent: number; recovered: number }> {
      const row = await reminders()
        .first(
          db.raw('count(*) filter (where sent_at is null and paid_at is null)::int as waiting'),
          db.raw('count(sent_at)::int as sent'),
          db.raw('count(recovered_at)::int as recovered'),
        )
        .then((r) => r as { waiting: number; sent: number; recovered: number });
      return { waiting: row.waiting, sent: row.sent, recovered: row.recovered };
    },

    /** Recovered carts between two instants ([from, to)). */
    async recoveredBetween(from: Date, to: Date): Promise<number> {
      const row = (await reminders()
        .where('recovered_at', '>=', from)
        .andWhere('recovered_at', '<', to)
        .count<{ n: string }[]>({ n: '*' })
        .first()) ?? { n: '0' };
      return Number(row.n);
    },

    /** The cart's open reminder (not yet paid), sent or not. */
    async openOf(cartId: string): Promise<ReminderRow | null> {
      const row = await reminders().where({ cart_id: cartId }).whereNull('paid_at').first(COLUMNS);
      return (row as ReminderRow | undefined) ?? null;
    },

    async findById(id: number): Promise<ReminderRow | null> {
      const row = await reminders().where({ id }).first(COLUMNS);
      return (row as ReminderRow | undefined) ?? null;
    },

    /** Consent given: a new reminder due at `sendAt`, or the open one's address changed (its time kept). */
    async consent(cartId: string, email: string, sendAt: Date): Promise<ReminderRow> {
      const [row] = await db
        .raw(
          `INSERT INTO cart_reminders (cart_id, email, send_at) VALUES (?, ?, ?)
         ON CONFLICT (cart_id) WHERE paid_at IS NULL
         DO UPDATE SET email = CASE WHEN cart_reminders.sent_at IS NULL THEN excluded.email END
         RETURNING id, send_at AS "sendAt", sent_at AS "sentAt"`,
          [cartId, email, sendAt],
        )
        .then((r: { rows: ReminderRow[] }) => r.rows);
      return row!;
    },

    /** Consent withdrawn: the unsent reminder goes, with its address. */
    async withdraw(cartId: string): Promise<void> {
      await reminders().where({ cart_id: cartId }).whereNull('paid_at').whereNull('sent_at').delete();
    },

    /** A reminder with nothing left to remind of (its cart emptied or gone, or the address stopped). */
    async drop(id: number): Promise<void> {
      await reminders().where({ id }).whereNull('sent_at').delete();
    },

    async isStopped(emailHash: string): Promise<boolean> {
      return !!(await db('cart_reminder_stops').where({ email_hash: emailHash }).first('email_hash'));
    },

    /**
     * The send's claim, inside the transaction that writes its e-mail: only an unsent, unpaid
     * reminder is claimed (its address erased, its hash, token hash and lines kept).
     */
    async claim(
      trx: Knex.Transaction,
      id: number,
      sent: { emailHash: string; tokenHash: string; lines: RestorableLine[] },
    ): Promise<boolean> {
      const n = await reminders(trx)
        .where({ id })
        .whereNull('sent_at')
        .whereNull('paid_at')
        .update({
          sent_at: trx.fn.now(),
          email: null,
          email_hash: sent.emailHash,
          token_hash: sent.tokenHash,
          lines: JSON.stringify(sent.lines),
        });
      return n === 1;
    },

    /** Due, unsent, unpaid reminders of carts still there (the sweep's). */
    async dueIds(now: Date): Promise<number[]> {
      const rows = await reminders()
        .whereNull('sent_at')
        .whereNull('paid_at')
        .whereNotNull('cart_id')
        .andWhere('send_at', '<=', now)
        .orderBy('id')
        .limit(500)
        .select('id');
      return rows.map((r: { id: number }) => r.id);
    },

    async byToken(
      tokenHash: string,
    ): Promise<{ id: number; lines: RestorableLine[]; emailHash: string } | null> {
      const row = await reminders()
        .where({ token_hash: tokenHash })
        .first('id', 'lines', 'email_hash as emailHash');
      return (row as { id: number; lines: RestorableLine[]; emailHash: string } | undefined) ?? null;
    },

    async markRestored(id: number, cartId: string): Promise<void> {
      await reminders().where({ id }).update({ restored_at: db.fn.now(), restored_cart_id: cartId });
    },

    /** "Stop": the address is never reminded again. */
    async stop(emailHash: string): Promise<void> {
      await db('cart_reminder_stops').insert({ email_hash: emailHash }).onConflict('email_hash').ignore();
    },

    /**
     * An order was paid from a cart (in the payment's transaction): its open reminder, or the one
     * whose link restored into it, is closed, its address erased; recovered when it was sent.
     */
    async orderPaid(trx: Knex.Transaction, cartId: string, orderId: number): Promise<void> {
      await reminders(trx)
        .whereNull('paid_at')
        .andWhere((q) => q.where({ cart_id: cartId }).orWhere({ restored_cart_id: cartId }))
        .update({
          paid_at: trx.fn.now(),
          order_id: orderId,
          email: null,
          recovered_at: trx.raw('CASE WHEN sent_at IS NOT NULL THEN now() END'),
        });
    },
  };
}
export type CartRemindersRepository = ReturnType<typeof createCartRemindersRepository>;
