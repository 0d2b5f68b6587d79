import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { MediaModule } from '../media';
import type { OrdersModule } from '../orders';
import { createGiftCardCodes } from './gift-card-codes';
import { createGiftCardDelivery } from './gift-card-delivery';
import { createGiftCardDeliveryRoutes } from './gift-card-delivery.routes';
import { createGiftCardIssue } from './gift-card-issue';
import { createGiftCardLineDetails } from './gift-card-line-details';
import { createLedgerRepository } from './gift-card-ledger.repository';
import { createGiftCardOrders } from './gift-card-orders';
import { createSpendRepository } from './gift-card-spend.repository';
import { createGiftCardTender } from './gift-card-tender';
import { createGiftCardsRepository } from './gift-cards.repository';

export { giftCardDeliveryEndpoints } from './gift-card-delivery.routes';
import { createOfferRepository } from './gift-card-offer.repository';
import { createGiftCardPublicService } from './gift-card-balance';
import { createGiftCardsPublicRoutes, giftCardsPublicEndpoints } from './gift-cards-public.routes';

export { giftCardsPublicEndpoints };
export { createGiftCardCodes, formatCode, newGiftCardCode } from './gift-card-codes';
export { createLedgerRepository } from './gift-card-ledger.repository';
export { BALANCE_ANSWER_MS } from './gift-card-balance';

/**
 * What she offers of gift cards, read by the cart before this module is built (the cart comes
 * before orders, which this module needs): her switch and the photos a card may show.
 */
export function createGiftCardOffers(ctx: AppContext) {
  const offers = createOfferRepository(ctx.db);
  return {
    enabled: async () => (await offers.settings()).enabled,
    offeredPhotoIds: () => offers.photoIds(),
  };
}
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
  deps: {
    catalog: CatalogModule;
    media: MediaModule;
    orders: OrdersModule;
    events: DomainEventBus;
    jobs: AppJobRegistry;
  },
) {
  const { catalog, media, orders, events, jobs } = deps;
  const codes = createGiftCardCodes(ctx.config.sessionSecret);
  const ledger = createLedgerRepository(ctx.db);
  const repo = createGiftCardsRepository(ctx.db);
  const spends = createSpendRepository();
  const orderCards = createGiftCardOrders({ ledger, spends, logger: ctx.logger });
  // ---- spent: a tender at checkout; in the payment's transaction a card's hold becomes a spend
  // (or goes back) with the payment, never apart from it (gift-card-tender.ts, gift-card-orders.ts) ----
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

  // ---- bought: issued when paid, e-mailed once at its time (gift-card-issue.ts, gift-card-delivery.ts) ----
  const delivery = createGiftCardDelivery(ctx, {
    repo,
    ledger,
    codes,
    order: (orderId) => orders.linesOf(orderId),
    orderIdOfLine: (lineId) => orders.orderIdOfLine(lineId),
    orderIdByToken: (token) => orders.service.idByToken(token),
    setLineRecipient: (orderId, lineId, email) => orders.setGiftCardRecipient(orderId, lineId, email),
    photoImagePath: async (photoId) => (await catalog.service.findPhotoDetail(photoId))?.imageUrl ?? null,
    photoJpeg: async (photoId) => media.smallJpeg(await catalog.service.imageAsset(photoId, 'image')),
  });
  const issue = createGiftCardIssue({
    repo,
    ledger,
    codes,
    order: (orderId) => orders.linesOf(orderId),
    queueSend: delivery.queueSend,
  });
  events.subscribe('order.paid', 'gift-cards.issue', ({ orderId }, d) => issue(orderId, d), {
    inTransaction: true,
  });
  jobs.handle('gift-cards', 'send-card', ({ giftCardId, resend }, job) =>
    delivery.send(giftCardId, resend ?? false, String(job.id)),
  );

  // the "Gift card" page's offer and the balance check (gift-card-balance.ts)
  const publicService = createGiftCardPublicService({
    offers: createOfferRepository(ctx.db),
    ledger,
    codes,
    catalog,
    timeZone: ctx.config.SHOP_TIME_ZONE,
  });

  // the owner's side: settings, the list, a card's ledger, adjust, void, resend, issue by hand
  const admin = createGiftCardsAdminService({
    ledger,
    codes,
    repo: createGiftCardsAdminRepository(ctx.db),
    photos: () => catalog.service.adminListPhotos(),
    // the send job's handler e-mails the card (a resend: again, whether or not it was sent)
    queueSend: async (giftCardId, resend) => {
      if (resend) await delivery.queueResend(giftCardId);
      else await delivery.queueSend(giftCardId, new Date());
    },
  });

  const module = {
    codes,
    ledger,
    publicService,
    /**
     * Orders' report figure (src/modules.ts): what she owes on purchased cards, in the tax report
     * and the orders CSV; null before any card was sold.
     */
    outstandingFigure: {
      label: 'Gift cards outstanding (owed on cards sold)',
      cents: (asOf: Date) => admin.outstandingAt(asOf),
    },
    /** Orders' tender (src/modules.ts): the codes a buyer enters pay part of the order. */
    tender: createGiftCardTender({ codes, ledger, spends, refunds: orderCards }),
    /** What an order did to its cards (spend, release, a refund's part). */
    orderCards,
    /** Orders' line details (src/modules.ts): each gift card line's `giftCard`, the paid e-mail's note. */
    lineDetails: createGiftCardLineDetails({
      repo,
      timeZone: ctx.config.SHOP_TIME_ZONE,
      lineItems: (orderIds) => orders.giftCardLinesOf(orderIds),
      order: (orderId) => orders.linesOf(orderId),
    }),
    /** The maintenance sweep: cards due and unsent are queued (workers/maintenance.worker.ts). */
    sweep: () => delivery.sweep(),
    /** The owner's "send again": the card e-mailed again to its recipient's current address. */
    resend: (giftCardId: number) => delivery.queueResend(giftCardId),
    endpoints: () => [
      ...createGiftCardDeliveryRoutes(ctx, delivery),
      ...createGiftCardsPublicRoutes(ctx, publicService),
      ...createGiftCardsAdminRoutes(admin),
    ],
  };
  return module satisfies HttpModule;
}
export type GiftCardsModule = ReturnType<typeof createGiftCardsModule>;
