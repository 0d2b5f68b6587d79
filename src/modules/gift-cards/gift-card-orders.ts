import type { Knex } from 'knex';
import type { Logger } from '../../platform/logger';
import type { LedgerRepository } from './gift-card-ledger.repository';
import type { SpendRepository } from './gift-card-spend.repository';

/** A card an order spent, as a refund sees it (cents). */
export type CardRoom = { giftCardId: number; last4: string; paidCents: number; leftCents: number };

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
     * What each card the order spent may still take back (what it paid less what was returned to
     * it), in card id order: the order a refund's part fills them in.
     */
    async refundRoom(q: Knex, orderId: number): Promise<CardRoom[]> {
      const rooms: CardRoom[] = [];
      for (const f of await spends.ofOrder(q, orderId)) {
        if (f.spentCents <= 0) continue;
        const card = await ledger.findById(f.giftCardId, q);
        rooms.push({
          giftCardId: f.giftCardId,
          last4: card?.last4 ?? '',
          paidCents: f.spentCents,
          leftCents: f.spentCents - f.refundedCents,
        });
      }
      return rooms;
    },

    /**
     * A refund's gift card part: a `refunded` entry per card (naming the refund), each card up to
     * its room, in card id order; written once per refund.
     */
    async refund(trx: Knex.Transaction, orderId: number, cents: number, refundId: number): Promise<void> {
      if (cents <= 0 || (await spends.refundRecorded(trx, refundId))) return;
      let left = cents;
      for (const room of await this.refundRoom(trx, orderId)) {
        const take = Math.min(Math.max(0, room.leftCents), left);
        if (take <= 0) continue;
        await ledger.lockCard(trx, room.giftCardId);
        await ledger.addEntry(trx, {
          giftCardId: room.giftCardId,
          kind: 'refunded',
          amountCents: take,
          orderId,
          refundId,
        });
        left -= take;
      }
      if (left > 0)
        logger.error({ orderId, refundId, cents, left }, 'refund: gift cards took back less than their part');
    },
  };
}
export type GiftCardOrders = ReturnType<typeof createGiftCardOrders>;
