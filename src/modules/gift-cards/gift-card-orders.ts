import type { Knex } from 'knex';
import type { Logger } from '../../platform/logger';
import type { LedgerRepository } from './gift-card-ledger.repository';
import type { SpendRepository } from './gift-card-spend.repository';

/**
 * What an order's payment does to the cards it holds, each change an entry written in the
 * payment's transaction with the card's row locked (cards in id order): paid, its holds become
 * spends; ended unpaid, they are released; refunded, the cards' part goes back to them.
 */
export function createGiftCardOrders(deps: {
  ledger: LedgerRepository;
  spends: SpendRepository;
  logger: Logger;
}) {
  const { ledger, spends, logger } = deps;

  return {
    /**
     * order.paid: each open hold is released and spent. A payment that came after its holds were
     * released (the order was canceled, then paid late) spends the last hold again from what is
     * left on the card, and says so when the card no longer has it.
     */
    async spend(trx: Knex.Transaction, orderId: number): Promise<void> {
      for (const f of await spends.ofOrder(trx, orderId)) {
        await ledger.lockCard(trx, f.giftCardId);
        if (f.openCents > 0) {
          await ledger.addEntry(trx, {
            giftCardId: f.giftCardId,
            kind: 'released',
            amountCents: f.openCents,
            orderId,
          });
          await ledger.addEntry(trx, {
            giftCardId: f.giftCardId,
            kind: 'spent',
            amountCents: -f.openCents,
            orderId,
          });
        } else if (f.spentCents === 0 && f.lastHeldCents > 0) {
          const cents = Math.min(f.lastHeldCents, Math.max(0, await ledger.balanceOf(f.giftCardId, trx)));
          if (cents > 0)
            await ledger.addEntry(trx, {
              giftCardId: f.giftCardId,
              kind: 'spent',
              amountCents: -cents,
              orderId,
            });
          if (cents < f.lastHeldCents)
            logger.error(
              { orderId, giftCardId: f.giftCardId, heldCents: f.lastHeldCents, spentCents: cents },
              'late payment: the gift card no longer has what the order held',
            );
        }
      }
    },

    /** order.payment-canceled: what the unpaid order still holds goes back to each card. */
    async release(trx: Knex.Transaction, orderId: number): Promise<void> {
      for (const f of await spends.ofOrder(trx, orderId)) {
        if (f.openCents <= 0) continue;
        await ledger.lockCard(trx, f.giftCardId);
        await ledger.addEntry(trx, {
          giftCardId: f.giftCardId,
          kind: 'released',
          amountCents: f.openCents,
          orderId,
        });
      }
    },

    /**
     * What of `cents` (a refund's gift card part) goes back to each card: in card order, each up to
     * what it paid less what was already returned to it. Answers the cards' parts (last 4 too).
     */
    async splitRefund(
      q: Knex,
      orderId: number,
      cents: number,
    ): Promise<{ giftCardId: number; last4: string; cents: number }[]> {
      const parts: { giftCardId: number; last4: string; cents: number }[] = [];
      let left = cents;
      for (const f of await spends.ofOrder(q, orderId)) {
        const room = f.spentCents - f.refundedCents;
        if (left <= 0 || room <= 0) continue;
        const take = Math.min(room, left);
        left -= take;
        const card = await ledger.findById(f.giftCardId, q);
        parts.push({ giftCardId: f.giftCardId, last4: card?.last4 ?? '', cents: take });
      }
      return parts;
    },

    /** A refund's gift card part: a `refunded` entry per card (with the refund's id), once per refund. */
    async refund(trx: Knex.Transaction, orderId: number, cents: number, refundId: number): Promise<void> {
      if (cents <= 0) return;
      if (await spends.refundRecorded(trx, refundId)) return;
      const parts = await this.splitRefund(trx, orderId, cents);
      for (const p of [...parts].sort((a, b) => a.giftCardId - b.giftCardId)) {
        await ledger.lockCard(trx, p.giftCardId);
        await ledger.addEntry(trx, {
          giftCardId: p.giftCardId,
          kind: 'refunded',
          amountCents: p.cents,
          orderId,
          refundId,
        });
      }
      const given = parts.reduce((s, p) => s + p.cents, 0);
      if (given < cents)
        logger.error(
          { orderId, refundId, cents, given },
          'refund: gift cards took back less than their part',
        );
    },
  };
}
export type GiftCardOrders = ReturnType<typeof createGiftCardOrders>;
