import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { OrdersModule } from '../orders';
import { createGiftCardCodes } from './gift-card-codes';

export { formatCode, newGiftCardCode } from './gift-card-codes';
import { createLedgerRepository } from './gift-card-ledger.repository';
import { createGiftCardOrders } from './gift-card-orders';
import { createSpendRepository } from './gift-card-spend.repository';
import { createGiftCardTender } from './gift-card-tender';

/**
 * Gift cards (issue 47), modelled as money: bought in the cart for someone (a line of kind
 * 'gift_card'), issued when the order is paid and e-mailed at the buyer's chosen time, spent at
 * checkout as a tender (orders' `addTender`), checked on a balance page. Every change of a card is
 * an entry of its ledger (gift-card-ledger.repository.ts); the balance is their sum. Owns
 * gift_card_settings, gift_card_photos, gift_cards, gift_card_entries.
 */
export function createGiftCardsModule(
  ctx: AppContext,
  deps: { catalog: CatalogModule; orders: OrdersModule; events: DomainEventBus; jobs: AppJobRegistry },
) {
  const { events } = deps;
  const codes = createGiftCardCodes(ctx.config.sessionSecret);
  const ledger = createLedgerRepository(ctx.db);
  const spends = createSpendRepository();
  const orderCards = createGiftCardOrders({ ledger, spends, logger: ctx.logger });
  // In the payment's transaction: a card's hold becomes a spend (or goes back) with the payment,
  // never apart from it.
  events.subscribe(
    'order.paid',
    'gift-cards.spend',
    ({ orderId }, { trx }) => orderCards.spend(trx, orderId),
    {
      inTransaction: true,
    },
  );
  events.subscribe(
    'order.payment-canceled',
    'gift-cards.release',
    ({ orderId }, { trx }) => orderCards.release(trx, orderId),
    { inTransaction: true },
  );
  const module = {
    codes,
    ledger,
    /** Orders' tender (src/modules.ts): the codes a buyer enters pay part of the order. */
    tender: createGiftCardTender({ codes, ledger, spends, refunds: orderCards }),
    /** What an order did to its cards (spend, release, a refund's part). */
    orderCards,
    endpoints: () => [],
  };
  return module satisfies HttpModule;
}
export type GiftCardsModule = ReturnType<typeof createGiftCardsModule>;
