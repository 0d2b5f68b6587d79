// The composition root: builds every module in dependency order and collects what each one
// plugs into the HTTP app. Modules reach each other only through what is passed here.
import type { AppContext } from './platform/context';
import type { HttpModule } from './platform/module';
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
  const adminAuth = createAdminAuthModule(ctx);
  const media = createMediaModule(ctx);
  const catalog = createCatalogModule(ctx, { media });
  const content = createContentModule(ctx, { media, catalog });
  const contact = createContactModule(ctx);
  const cart = createCartModule(ctx, { catalog });
  const orders = createOrdersModule(ctx, { cart, catalog, content });
  const payments = createPaymentsModule(ctx, { orders });
  const storefront = createStorefrontModule({ catalog, content });

  const http: HttpModule[] = [media, catalog, content, contact, cart, orders, payments];
  return {
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
