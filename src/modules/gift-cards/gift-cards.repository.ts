import type { Knex } from 'knex';
import { CARD_COLUMNS, type Db, type GiftCardRow, type Tx } from './gift-card-ledger.repository';

/**
 * The gift-cards module's SQL beside the ledger and the offer (`gift-card-offer.repository.ts`): a
 * card's delivery (due, claimed once, its recipient changed before it is sent).
 */
export function createGiftCardsRepository(db: Knex) {
  const cards = (q: Db = db) => q('gift_cards').select(CARD_COLUMNS);
  return {
    /** The cards bought by these order lines. */
    cardsOfLines: (lineIds: readonly number[], q: Db = db): Promise<GiftCardRow[]> =>
      lineIds.length ? cards(q).whereIn('order_line_id', lineIds) : Promise.resolve([]),
    /** Cards whose time has come and that no e-mail has gone out for yet (a lost job, a killed worker). */
    async dueIds(limit = 200): Promise<number[]> {
      const rows = await db('gift_cards')
        .whereNull('sent_at')
        .whereNull('voided_at')
        .whereNotNull('recipient_email')
        .where('send_at', '<=', db.fn.now())
        .orderBy('send_at')
        .limit(limit)
        .select('id');
      return rows.map((r: { id: number }) => r.id);
    },
    /**
     * The claim of the one send: sent_at set where it is not, in the e-mail's transaction; false
     * when another run claimed it first (its row lock makes the second wait, then see it set).
     */
    async claimSend(trx: Tx, id: number): Promise<boolean> {
      const n = await trx('gift_cards')
        .where({ id })
        .whereNull('sent_at')
        .whereNull('voided_at')
        .update({ sent_at: trx.fn.now() });
      return n === 1;
    },
    /** A resend (the owner's): sent again now, whatever was sent before; false for a voided or unknown card. */
    async markResent(trx: Tx, id: number): Promise<boolean> {
      const n = await trx('gift_cards')
        .where({ id })
        .whereNull('voided_at')
        .update({ sent_at: trx.fn.now() });
      return n === 1;
    },
    /** The recipient's e-mail changed while the card is unsent; false once it has been sent. */
    async setRecipientEmail(id: number, email: string): Promise<boolean> {
      const n = await db('gift_cards').where({ id }).whereNull('sent_at').update({ recipient_email: email });
      return n === 1;
    },
  };
}
export type GiftCardsRepository = ReturnType<typeof createGiftCardsRepository>;
