import type { DeliveryContext } from '../../platform/events';
import type { OrderLines } from '../orders';
import { newGiftCardCode, type GiftCardCodes } from './gift-card-codes';
import type { LedgerRepository } from './gift-card-ledger.repository';
import type { GiftCardsRepository } from './gift-cards.repository';

/**
 * order.paid (in the payment's transaction): each gift card line of the order becomes a card,
 * once (its line is unique on the card): a new code (kept as a keyed hash and encrypted), the
 * buyer's choices, and its `issued` entry; its send is queued after the commit for its time.
 */
export function createGiftCardIssue(deps: {
  repo: GiftCardsRepository;
  ledger: LedgerRepository;
  codes: GiftCardCodes;
  order(orderId: number): Promise<OrderLines | null>;
  queueSend(id: number, sendAt: Date): Promise<unknown>;
}) {
  return async function issue(orderId: number, d: DeliveryContext): Promise<number[]> {
    const order = await deps.order(orderId);
    if (!order?.giftCardLines.length) return [];
    const have = new Set(
      (
        await deps.repo.cardsOfLines(
          order.giftCardLines.map((l) => l.id),
          d.trx,
        )
      ).map((c) => c.orderLineId),
    );
    const issued: number[] = [];
    for (const line of order.giftCardLines) {
      if (have.has(line.id)) continue;
      const g = line.giftCard;
      const code = newGiftCardCode();
      // no time chosen: now (the job runs at once after the commit)
      const sendAt = g.sendAt ? new Date(g.sendAt) : new Date();
      const id = await deps.ledger.insertCard(d.trx, {
        codeHash: deps.codes.hash(code),
        codeEncrypted: deps.codes.encrypt(code),
        last4: code.slice(-4),
        kind: 'purchased',
        initialCents: line.priceCents,
        expiresAt: null,
        photoId: line.photoId,
        recipientName: g.recipientName,
        recipientEmail: g.recipientEmail,
        senderName: (g.senderName || order.customerName).slice(0, 100),
        message: g.message,
        sendAt,
        orderLineId: line.id,
      });
      await deps.ledger.addEntry(d.trx, { giftCardId: id, kind: 'issued', amountCents: line.priceCents });
      d.afterCommit(() => deps.queueSend(id, sendAt));
      issued.push(id);
    }
    return issued;
  };
}
