import type { Knex } from 'knex';
import { orderMessages } from '../../contract';
import { conflict } from '../../platform/http/app-error';
import type { RuleLine } from './promotion-rules';
import type { PromotionsService } from './promotions.service';

/**
 * The order at checkout as the code hold reads it: what orders' checkout holds are given
 * (`CheckoutHold` in orders/checkout-holds.ts; promotions knows nothing of orders, so the shape is
 * written out here).
 */
export type CodeHoldOrder = {
  orderId: number;
  email: string;
  /** The buyer's inputs by plug-in name: promotions reads its own, `{ code }` (null: none entered). */
  extras: Readonly<Record<string, unknown>>;
  /** The session's other unpaid attempts, their rows locked: their use of the code is hers. */
  ownOrderIds: readonly number[];
  priced: { ruleLines: readonly RuleLine[]; money: { discountCents: number } };
};

/** The code in promotions' own checkout input (`{ code }`), or null. */
const codeOf = (input: unknown): string | null => {
  const code = (input as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
};

/**
 * A promotion code's use, held in the order's transaction under the code's lock: if another
 * checkout took the last use meanwhile, or the discount is no longer the one priced, the order is
 * not written at all. A use an earlier unpaid attempt of this session held moves to this order
 * (one use per buyer, not two); no code gives back what a retried order held. Given back when the
 * order is canceled unpaid by the `promotions.release` subscriber of order.payment-canceled.
 */
export function createCodeHold(service: Pick<PromotionsService, 'holdForOrder'>) {
  return {
    releasedBy: 'promotions.release',
    async take(trx: Knex.Transaction, order: CodeHoldOrder): Promise<void> {
      const held = await service.holdForOrder(
        trx,
        { orderId: order.orderId, email: order.email, ownOrderIds: order.ownOrderIds },
        codeOf(order.extras.promotions),
        order.priced.ruleLines,
      );
      const heldCents = held ? held.discount.goodsCents + held.discount.shippingCents : 0;
      if (heldCents !== order.priced.money.discountCents) throw conflict(orderMessages.priceChanged);
    },
  };
}
