import type { OrderGiftCardView } from '../../contract';
import { formatShopTime } from '../../platform/shop-time';
import type { LineDetails, LineMailNote, OrderLines } from '../orders';
import type { GiftCardsRepository } from './gift-cards.repository';

/**
 * Orders' line details for gift card lines (src/modules.ts): the line's `giftCard` on every order
 * read (its recipient, when it is sent, the last 4 once issued), and the paid e-mail's note
 * "For Ann Lee (ann@example.com), sent Dec 24, 8:00 AM" (the shop's clock).
 */
export function createGiftCardLineDetails(deps: {
  repo: GiftCardsRepository;
  timeZone: string;
  lineItems(orderIds: number[]): Promise<OrderLines['giftCardLines']>;
  order(orderId: number): Promise<OrderLines | null>;
}): LineDetails<OrderGiftCardView> {
  /** Each gift card line's view: the card's facts once issued, else the line's choices. */
  async function views(lines: OrderLines['giftCardLines']): Promise<Map<number, OrderGiftCardView>> {
    const cards = new Map(
      (await deps.repo.cardsOfLines(lines.map((l) => l.id))).map((c) => [c.orderLineId, c]),
    );
    return new Map(
      lines.map((l) => {
        const card = cards.get(l.id);
        const view: OrderGiftCardView = card
          ? {
              lineId: l.id,
              recipientName: card.recipientName ?? l.giftCard.recipientName,
              recipientEmail: card.recipientEmail ?? l.giftCard.recipientEmail,
              sendAt: card.sendAt?.toISOString() ?? null,
              sentAt: card.sentAt?.toISOString() ?? null,
              last4: card.last4,
              canChangeRecipient: !card.sentAt && !card.voidedAt,
            }
          : {
              lineId: l.id,
              recipientName: l.giftCard.recipientName,
              recipientEmail: l.giftCard.recipientEmail,
              sendAt: l.giftCard.sendAt,
              sentAt: null,
              last4: null,
              canChangeRecipient: true,
            };
        return [l.id, view];
      }),
    );
  }
  return {
    of: async (orderIds) => views(await deps.lineItems(orderIds)),
    view: (giftCard) => ({ giftCard: giftCard ?? null }),
    async mailNotes(o) {
      const order = await deps.order(o.id);
      const notes = new Map<number, LineMailNote[]>();
      if (!order) return notes;
      for (const [lineId, v] of await views(order.giftCardLines)) {
        const when = formatShopTime(v.sendAt ? new Date(v.sendAt) : new Date(), deps.timeZone);
        notes.set(lineId, [{ text: `For ${v.recipientName} (${v.recipientEmail}), sent ${when}` }]);
      }
      return notes;
    },
  };
}
