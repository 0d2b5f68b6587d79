import type { Knex } from 'knex';
import type { GiftCardRow, Tx } from './gift-card-ledger.repository';

const LIST_COLUMNS = {
  id: 'c.id',
  last4: 'c.last4',
  kind: 'c.kind',
  initialCents: 'c.initial_cents',
  expiresAt: 'c.expires_at',
  recipientName: 'c.recipient_name',
  recipientEmail: 'c.recipient_email',
  sendAt: 'c.send_at',
  sentAt: 'c.sent_at',
  orderLineId: 'c.order_line_id',
  voidedAt: 'c.voided_at',
  createdAt: 'c.created_at',
} as const;
export type ListedCard = Pick<GiftCardRow, keyof typeof LIST_COLUMNS> & { balanceCents: number };

export type SettingsRow = { enabled: boolean; amountsCents: number[]; photoIds: number[] };

/**
 * The owner's side of gift cards in SQL: the settings row and the offered photos, the list's page
 * (with each card's balance in the same query), and the card columns she changes (its recipient,
 * its void). The ledger's entries are written through the ledger repository.
 */
export function createGiftCardsAdminRepository(db: Knex) {
  return {
    async settings(q: Knex | Tx = db): Promise<SettingsRow> {
      const [row, photos] = await Promise.all([
        q('gift_card_settings').where({ id: 1 }).first('enabled', 'amounts_cents'),
        q('gift_card_photos').orderBy(['position', 'photo_id']).select('photo_id'),
      ]);
      return {
        enabled: Boolean(row?.enabled ?? true),
        amountsCents: ((row?.amounts_cents as number[] | undefined) ?? []).map(Number),
        photoIds: (photos as { photo_id: number }[]).map((p) => p.photo_id),
      };
    },

    /** Replaces the settings and the offered photos as a whole, in one transaction. */
    async saveSettings(s: SettingsRow): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('gift_card_settings')
          .insert({ id: 1, enabled: s.enabled, amounts_cents: s.amountsCents, updated_at: trx.fn.now() })
          .onConflict('id')
          .merge();
        await trx('gift_card_photos').delete();
        if (s.photoIds.length)
          await trx('gift_card_photos').insert(
            s.photoIds.map((photo_id, position) => ({ photo_id, position })),
          );
      });
    },

    /** A page of cards, newest first, each with its balance (the sum of its entries). */
    async page(offset: number, limit: number): Promise<{ cards: ListedCard[]; total: number }> {
      const [cards, count] = await Promise.all([
        db('gift_cards as c')
          .leftJoin('gift_card_entries as e', 'e.gift_card_id', 'c.id')
          .groupBy('c.id')
          .orderBy('c.id', 'desc')
          .offset(offset)
          .limit(limit)
          .select(LIST_COLUMNS)
          .select(db.raw('coalesce(sum(e.amount_cents), 0)::int as "balanceCents"')),
        db('gift_cards').count({ n: '*' }).first(),
      ]);
      return { cards: cards as ListedCard[], total: Number(count?.n ?? 0) };
    },

    /** Her change of the recipient (before the card is sent), in the card's locked transaction. */
    async setRecipient(
      trx: Tx,
      id: number,
      recipient: { recipientEmail: string; recipientName?: string | null },
    ): Promise<void> {
      await trx('gift_cards')
        .where({ id })
        .update({
          recipient_email: recipient.recipientEmail,
          ...(recipient.recipientName !== undefined ? { recipient_name: recipient.recipientName } : {}),
        });
    },

    /** Whether a purchased card existed before `asOf` (what she owes is worth a line once one did). */
    async anyPurchasedBefore(asOf: Date): Promise<boolean> {
      return Boolean(
        await db('gift_cards').where({ kind: 'purchased' }).where('created_at', '<', asOf).first('id'),
      );
    },

    async markVoided(trx: Tx, id: number): Promise<void> {
      await trx('gift_cards').where({ id }).update({ voided_at: trx.fn.now() });
    },
  };
}
export type GiftCardsAdminRepository = ReturnType<typeof createGiftCardsAdminRepository>;
