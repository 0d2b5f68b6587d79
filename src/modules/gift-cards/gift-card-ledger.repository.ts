import type { Knex } from 'knex';

export type Tx = Knex.Transaction;
export type Db = Knex | Knex.Transaction;

export const entryKinds = ['issued', 'held', 'released', 'spent', 'refunded', 'adjusted', 'voided'] as const;
export type EntryKind = (typeof entryKinds)[number];

export type GiftCardRow = {
  id: number;
  codeHash: string;
  codeEncrypted: string;
  last4: string;
  kind: 'purchased' | 'promotional';
  initialCents: number;
  expiresAt: Date | null;
  photoId: number | null;
  recipientName: string | null;
  recipientEmail: string | null;
  senderName: string | null;
  message: string | null;
  sendAt: Date | null;
  sentAt: Date | null;
  orderLineId: number | null;
  voidedAt: Date | null;
  createdAt: Date;
};
export type NewEntry = {
  giftCardId: number;
  kind: EntryKind;
  amountCents: number;
  orderId?: number | null;
  refundId?: number | null;
  reason?: string | null;
};
export type EntryRow = Required<NewEntry> & { id: number; createdAt: Date };

export const CARD_COLUMNS = {
  id: 'id',
  codeHash: 'code_hash',
  codeEncrypted: 'code_encrypted',
  last4: 'last4',
  kind: 'kind',
  initialCents: 'initial_cents',
  expiresAt: 'expires_at',
  photoId: 'photo_id',
  recipientName: 'recipient_name',
  recipientEmail: 'recipient_email',
  senderName: 'sender_name',
  message: 'message',
  sendAt: 'send_at',
  sentAt: 'sent_at',
  orderLineId: 'order_line_id',
  voidedAt: 'voided_at',
  createdAt: 'created_at',
} as const;
const ENTRY_COLUMNS = {
  id: 'id',
  giftCardId: 'gift_card_id',
  kind: 'kind',
  amountCents: 'amount_cents',
  orderId: 'order_id',
  refundId: 'refund_id',
  reason: 'reason',
  createdAt: 'created_at',
} as const;

/**
 * The cards and their ledger (the module's core SQL). A balance is always the sum of the card's
 * entries; a change of it is an entry written while the card's row is locked (`lockCard`), so two
 * checkouts spending one card take turns and the second sees what the first held.
 */
export function createLedgerRepository(db: Knex) {
  const cards = (q: Db = db) => q('gift_cards').select(CARD_COLUMNS);
  return {
    db,
    findByCodeHash: (codeHash: string, q: Db = db): Promise<GiftCardRow | undefined> =>
      cards(q).where({ code_hash: codeHash }).first(),
    findById: (id: number, q: Db = db): Promise<GiftCardRow | undefined> => cards(q).where({ id }).first(),
    /** The card's row locked until the transaction ends (every balance change holds it). */
    lockCard: (trx: Tx, id: number): Promise<GiftCardRow | undefined> =>
      cards(trx).where({ id }).forUpdate().first(),
    async insertCard(
      trx: Tx,
      card: Omit<GiftCardRow, 'id' | 'createdAt' | 'sentAt' | 'voidedAt'>,
    ): Promise<number> {
      const row = Object.fromEntries(
        Object.entries(card).map(([k, v]) => [CARD_COLUMNS[k as keyof typeof CARD_COLUMNS], v]),
      );
      const [inserted] = await trx('gift_cards').insert(row).returning('id');
      return (inserted as { id: number }).id;
    },
    async addEntry(trx: Tx, e: NewEntry): Promise<void> {
      await trx('gift_card_entries').insert({
        gift_card_id: e.giftCardId,
        kind: e.kind,
        amount_cents: e.amountCents,
        order_id: e.orderId ?? null,
        refund_id: e.refundId ?? null,
        reason: e.reason ?? null,
      });
    },
    /** The balance: the sum of the card's entries (holds included: what can be spent now). */
    async balanceOf(id: number, q: Db = db): Promise<number> {
      const row = await q('gift_card_entries').where({ gift_card_id: id }).sum({ s: 'amount_cents' }).first();
      return Number(row?.s ?? 0);
    },
    /** Many cards' balances at once (a card with no entry: 0). */
    async balances(ids: readonly number[], q: Db = db): Promise<Map<number, number>> {
      const rows = ids.length
        ? ((await q('gift_card_entries')
            .whereIn('gift_card_id', ids)
            .groupBy('gift_card_id')
            .select('gift_card_id')
            .sum({ s: 'amount_cents' })) as { gift_card_id: number; s: string }[])
        : [];
      const found = new Map(rows.map((r) => [r.gift_card_id, Number(r.s)]));
      return new Map(ids.map((id) => [id, found.get(id) ?? 0]));
    },
    entries: (id: number, q: Db = db): Promise<EntryRow[]> =>
      q('gift_card_entries').select(ENTRY_COLUMNS).where({ gift_card_id: id }).orderBy('id'),
    /** An order's entries of one kind per card (its holds, spends, refunds). */
    entriesOfOrder: (orderId: number, q: Db = db): Promise<EntryRow[]> =>
      q('gift_card_entries').select(ENTRY_COLUMNS).where({ order_id: orderId }).orderBy('id'),
    /**
     * What she owes on cards: every entry but holds and their releases (money still on cards,
     * whether or not an unpaid order holds part of it), voided cards' zeroed by their void entry;
     * promotional credit is not money owed and is left out. `asOf`: the entries written before it
     * (a past month's report).
     */
    async outstandingCents(q: Db = db, asOf?: Date): Promise<number> {
      const row = await q('gift_card_entries as e')
        .join('gift_cards as c', 'c.id', 'e.gift_card_id')
        .where('c.kind', 'purchased')
        .whereNotIn('e.kind', ['held', 'released'])
        .modify((b) => void (asOf && b.where('e.created_at', '<', asOf)))
        .sum({ s: 'e.amount_cents' })
        .first();
      return Number(row?.s ?? 0);
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
