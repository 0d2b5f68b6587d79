import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { OrdersModule } from '../orders';
import { createGiftCardCodes } from './gift-card-codes';
import { createLedgerRepository } from './gift-card-ledger.repository';
import { createOfferRepository } from './gift-card-offer.repository';
import { createGiftCardPublicService } from './gift-card-balance';
import { createGiftCardsPublicRoutes, giftCardsPublicEndpoints } from './gift-cards-public.routes';

export { giftCardsPublicEndpoints };
export { createGiftCardCodes, formatCode, newGiftCardCode } from './gift-card-codes';
export { createLedgerRepository } from './gift-card-ledger.repository';
export { BALANCE_ANSWER_MS } from './gift-card-balance';

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
  const codes = createGiftCardCodes(ctx.config.sessionSecret);
  const ledger = createLedgerRepository(ctx.db);
  // the "Gift card" page's offer and the balance check (gift-card-balance.ts)
  const publicService = createGiftCardPublicService({
    offers: createOfferRepository(ctx.db),
    ledger,
    codes,
    catalog: deps.catalog,
    timeZone: ctx.config.SHOP_TIME_ZONE,
  });
  const module = {
    codes,
    ledger,
    publicService,
    endpoints: () => [...createGiftCardsPublicRoutes(ctx, publicService)],
  };
  return module satisfies HttpModule;
}
export type GiftCardsModule = ReturnType<typeof createGiftCardsModule>;
