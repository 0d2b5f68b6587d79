import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { OrdersModule } from '../orders';
import { createGiftCardCodes } from './gift-card-codes';
import { createLedgerRepository } from './gift-card-ledger.repository';
import { createGiftCardsAdminRepository } from './gift-cards-admin.repository';
import { createGiftCardsAdminRoutes } from './gift-cards-admin.routes';
import { createGiftCardsAdminService } from './gift-cards-admin.service';

export { giftCardsAdminEndpoints } from './gift-cards-admin.routes';

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
  // the owner's side: settings, the list, a card's ledger, adjust, void, resend, issue by hand
  const admin = createGiftCardsAdminService({
    ledger,
    codes,
    repo: createGiftCardsAdminRepository(ctx.db),
    photos: () => deps.catalog.service.adminListPhotos(),
    // the send job's handler e-mails the card (a resend: again, whether or not it was sent)
    queueSend: (giftCardId, resend) =>
      resend
        ? ctx.queues.enqueueOnce(
            'gift-cards',
            'send-card',
            { giftCardId, resend },
            `gift-card-resend-${giftCardId}`,
          )
        : ctx.queues.enqueueOnce('gift-cards', 'send-card', { giftCardId }, `gift-card-send-${giftCardId}`),
  });
  const module = {
    codes,
    ledger,
    /**
     * Orders' report figure (src/modules.ts): what she owes on purchased cards, in the tax report
     * and the orders CSV; null before any card was sold.
     */
    outstandingFigure: {
      label: 'Gift cards outstanding (owed on cards sold)',
      cents: (asOf: Date) => admin.outstandingAt(asOf),
    },
    endpoints: () => [...createGiftCardsAdminRoutes(admin)],
  };
  return module satisfies HttpModule;
}
export type GiftCardsModule = ReturnType<typeof createGiftCardsModule>;
