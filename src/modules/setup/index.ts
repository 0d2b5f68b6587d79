import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { AdminAuthModule } from '../admin-auth';
import type { ContactModule } from '../contact';
import type { ContentModule } from '../content';
import type { FulfillmentModule } from '../fulfillment';
import type { OrdersModule } from '../orders';
import type { TaxModule } from '../tax';
import { createSetupRoutes } from './setup.routes';
import { createSetupService } from './setup.service';

export type { SetupService } from './setup.service';
export { setupEndpoints } from './setup.routes';

/**
 * The admin's set-up checklist (payments, e-mail, her name, tax, shipping notice, print lab, the admin
 * password, a recent backup): read from the modules that own each fact; owns no table.
 */
export function createSetupModule(
  ctx: AppContext,
  deps: {
    adminAuth: AdminAuthModule;
    contact: ContactModule;
    content: ContentModule;
    tax: TaxModule;
    orders: OrdersModule;
    fulfillment: FulfillmentModule;
  },
) {
  const service = createSetupService(ctx.config, {
    paymentsProvider: () => deps.orders.payments.providerName(),
    mailStatus: () => deps.contact.service.mailStatus(),
    taxConfigured: () => deps.tax.service.isConfigured(),
    activeShippingNotice: () => deps.content.service.activeShippingNotice(),
    labSettings: () => deps.fulfillment.service.labStatus(),
    withOneTimePassword: () => deps.adminAuth.service.withOneTimePassword(),
  });
  const module = { service, endpoints: () => createSetupRoutes(service) };
  return module satisfies HttpModule;
}
export type SetupModule = ReturnType<typeof createSetupModule>;
