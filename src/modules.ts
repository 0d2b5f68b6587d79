// The composition root: builds every module in dependency order and collects what each one
// plugs into the HTTP app. Modules reach each other only through what is passed here.
import type { AppContext } from './platform/context';
import type { HttpModule } from './platform/module';
import { createDomainEventBus } from './domain-events';
import { createAdminAuthModule } from './modules/admin-auth';
import { createMediaModule } from './modules/media';
import { createCatalogModule } from './modules/catalog';
import { createContentModule } from './modules/content';
import { createContactModule } from './modules/contact';
import { createCartModule } from './modules/cart';
import { createOrdersModule } from './modules/orders';
import { createPaymentsModule } from './modules/payments';
import { createStorefrontModule } from './modules/storefront';

export function createModules(ctx: AppContext) {
  // one event bus per process: modules publish on it and subscribe to it in their index.ts
  const events = createDomainEventBus(ctx);
  const adminAuth = createAdminAuthModule(ctx);
  const media = createMediaModule(ctx, { events });
  const catalog = createCatalogModule(ctx, { media, events });
  const content = createContentModule(ctx, { media, catalog, events });
  const contact = createContactModule(ctx, { events });
  const cart = createCartModule(ctx, { catalog, events });
  const payments = createPaymentsModule(ctx, { events });
  const orders = createOrdersModule(ctx, { cart, content, payments, events });
  const storefront = createStorefrontModule({ catalog, content, orders });
  events.check();

  const http: HttpModule[] = [media, catalog, content, contact, cart, orders, payments];
  return {
    /** publish/subscribe; deliver (job 'events/deliver'); relayPending() for the periodic re-drive */
    events,
    adminAuth,
    media,
    catalog,
    content,
    contact,
    cart,
    orders,
    payments,
    storefront,
    publicRoutes: () => http.flatMap((m) => (m.publicRoutes ? [m.publicRoutes()] : [])),
    adminRoutes: () => http.flatMap((m) => (m.adminRoutes ? [m.adminRoutes()] : [])),
    rootRoutes: () => http.flatMap((m) => (m.rootRoutes ? [m.rootRoutes()] : [])),
  };
}
export type Modules = ReturnType<typeof createModules>;
