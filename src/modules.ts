// The composition root: builds every module in dependency order and collects what each one
// plugs into the HTTP app. Modules reach each other only through what is passed here.
import type { AppContext } from './platform/context';
import type { HttpModule } from './platform/module';
import { createDomainEventBus } from './domain-events';
import { createAppJobRegistry } from './jobs';
import { createAdminAuthModule } from './modules/admin-auth';
import { createMediaModule } from './modules/media';
import { createCatalogModule } from './modules/catalog';
import { createContentModule } from './modules/content';
import { createContactModule } from './modules/contact';
import { cartEndpoints, createCartModule } from './modules/cart';
import { createOrdersModule, createStripeClient } from './modules/orders';
import { createPromotionsModule } from './modules/promotions';
import { createTaxModule } from './modules/tax';
import { createFulfillmentModule, type AnyLabProvider } from './modules/fulfillment';
import { createSetupModule } from './modules/setup';
import { createNumbersModule } from './modules/numbers';
import { createStorefrontModule } from './modules/storefront';
import { createEditionsModule } from './modules/editions';
import { createFieldUploadsModule } from './modules/field-uploads';
import { createRightsModule } from './modules/rights';
import { createLicenceOffers, createLicencesModule } from './modules/licences';
import { createGiftCardOffers, createGiftCardsModule } from './modules/gift-cards';
import { createVisitsModule } from './modules/visits';
import { createCartRemindersModule } from './modules/cart-reminders';
import { createNewsletterModule } from './modules/newsletter';

/** What a maker of the modules may add: print labs beside the built-in ones (a test's own lab). */
export type ModuleOptions = { extraLabs?: AnyLabProvider[] };

export function createModules(ctx: AppContext, options: ModuleOptions = {}) {
  // one event bus per process: modules publish on it and subscribe to it in their index.ts
  const events = createDomainEventBus(ctx);
  // one job registry too: the bus and the modules register the handlers of the jobs they own
  const jobs = createAppJobRegistry();
  events.handleJobs(jobs);
  const adminAuth = createAdminAuthModule(ctx);
  const media = createMediaModule(ctx, { events, jobs });
  const catalog = createCatalogModule(ctx, { media, events });
  const content = createContentModule(ctx, { media, events, catalog });
  const rights = createRightsModule(ctx, { catalog, events });
  // Stamp source: what every image variant carries of her rights (asked when variants are made).
  media.useStampSource('rights.file-rights', rights.stampSource);
  const contact = createContactModule(ctx, { events });
  const cart = createCartModule(ctx, {
    catalog,
    licenceOffers: createLicenceOffers(ctx),
    giftCardOffers: createGiftCardOffers(ctx),
    events,
  });
  const promotions = createPromotionsModule(ctx, { events });
  // Stripe Tax rides on the Stripe account that takes the payments
  const tax = createTaxModule(ctx, {
    stripe: ctx.config.paymentsProvider === 'stripe' ? createStripeClient(ctx.config) : null,
  });
  const orders = createOrdersModule(ctx, { cart, content, promotions, tax, events, jobs });
  const fulfillment = createFulfillmentModule(
    ctx,
    { catalog, media, orders, events, jobs },
    { extraLabs: options.extraLabs },
  );
  const limitedEditions = createEditionsModule(ctx, { catalog, media, orders, fulfillment, events, jobs });
  const licences = createLicencesModule(ctx, { catalog, media, orders, events, rights, jobs });
  const giftCards = createGiftCardsModule(ctx, { catalog, media, orders, events, jobs });
  const cartReminders = createCartRemindersModule(ctx, { cart, events, jobs });
  const newsletter = createNewsletterModule(ctx, { jobs });
  const setup = createSetupModule(ctx, { adminAuth, contact, content, tax, orders, fulfillment });
  const fieldUploads = createFieldUploadsModule(ctx, { catalog });
  // private visit counts; a successful add to cart (any of the cart's add endpoints) is a funnel step
  const visits = createVisitsModule(ctx, {
    cartAdds: [cartEndpoints.addToCart, cartEndpoints.addLicenceToCart, cartEndpoints.addGiftCardToCart],
  });
  const numbers = createNumbersModule(ctx, {
    orders,
    visits,
    cartReminders,
    giftCardsOutstanding: giftCards.outstandingFigure,
    labCosts: fulfillment.labCosts,
  });
  const storefront = createStorefrontModule({
    catalog,
    content,
    orders,
    certificates: limitedEditions,
    licences,
    giftCards: giftCards.publicService,
  });

  // ---- extension points, all wired here (a name used twice throws, like a doubled subscriber) ----
  // Offer rules: which of a photo's sizes buyers are not offered; every rule is asked.
  catalog.addOfferRule('fulfillment.resolution-guard', (photoId, optionIds) =>
    fulfillment.service.hiddenOptions(photoId, optionIds),
  );
  // Offer infos: facts shown on every photo read (the photo's and each size's edition).
  catalog.addOfferInfo('editions.edition-offer', limitedEditions.offerInfo);
  // (and the photo's downloads and licences on its public JSON)
  catalog.addOfferInfo('licences.photo-licensing', licences.offerInfo);
  // Checkout holds: taken in the order's transaction, each released on order.payment-canceled.
  orders.addCheckoutHold('promotions.code-use', promotions.codeHold);
  // 'editions.number' (named by its module: the name reads as its table's)
  orders.addCheckoutHold(limitedEditions.numberHoldName, limitedEditions.numberHold);
  // Tenders: what pays part of an order besides the card, each released on order.payment-canceled.
  orders.addTender('gift-cards.card', giftCards.tender);
  // Line details: facts on each order line (an edition print's number and certificate).
  orders.addLineDetails('editions.line-edition', limitedEditions.lineDetails);
  // a licence line's grant, certificate, check page and download link (issue 46)
  orders.addLineDetails('licences.line-licence', licences.lineDetails);
  orders.addLineDetails('gift-cards.line-gift-card', giftCards.lineDetails);
  // Report figures: amounts below the tax report and the orders CSV (what she owes on gift cards).
  orders.addReportFigure('gift-cards.outstanding', giftCards.outstandingFigure);
  // Delete guards: a photo or print option the owner deletes; kept (archived) when one says so.
  catalog.addDeleteGuard('orders.order-lines', orders.orderLinesGuard);
  catalog.addDeleteGuard('fulfillment.lab-products', fulfillment.labProductsGuard);
  // Asset audiences: a draft's or scheduled photo's files are the owner's alone until it is public.
  media.addAssetAudience('catalog.unpublished-photos', {
    kinds: ['photo', 'thumbnail'],
    isPublic: catalog.service.isAssetPublic,
  });
  // Robots sections: lines before robots.txt's own group (the AI crawlers she asks to stay away).
  catalog.addRobotsSection('rights.ai-crawlers', rights.robotsSection);
  events.check();

  // The modules that serve HTTP, in the order their routes are mounted.
  const httpModules = {
    adminAuth,
    media,
    catalog,
    content,
    rights,
    contact,
    cart,
    promotions,
    tax,
    orders,
    fulfillment,
    editions: limitedEditions,
    licences,
    giftCards,
    cartReminders,
    newsletter,
    setup,
    fieldUploads,
    numbers,
  };
  const http: HttpModule[] = Object.values(httpModules);
  return {
    /** publish/subscribe; deliver (job 'events/deliver'); relayPending() for the periodic re-drive */
    events,
    /** every job's handler, for the worker process (which adds the mail job's: it has the mailer) */
    jobs,
    ...httpModules,
    storefront,
    /** page views and visitors, counted without cookies (the middleware src/app.ts runs) */
    visits,
    /** every module's declared endpoints with their handlers (src/endpoints.ts lists the same) */
    endpoints: () => http.flatMap((m) => m.endpoints?.() ?? []),
    rootRoutes: () => http.flatMap((m) => (m.rootRoutes ? [m.rootRoutes()] : [])),
  };
}
export type Modules = ReturnType<typeof createModules>;
