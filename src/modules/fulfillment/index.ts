import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { enqueueEmail } from '../../platform/outbox';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { MediaModule } from '../media';
import type { OrdersModule } from '../orders';
import { createLabSecrets } from './lab-secrets';
import { createFulfillmentRepository } from './fulfillment.repository';
import { createFulfillmentRoutes } from './fulfillment.routes';
import { createFulfillmentService } from './fulfillment.service';

export type { FulfillmentService } from './fulfillment.service';
export { fulfillmentEndpoints } from './fulfillment.routes';
export { createLumaprintsClient, type LumaprintsClient } from './lumaprints/lumaprints.client';
export { LabError, type LabProvider } from './lab-provider';
export { labProviders } from './lab-providers';
export type { OfferRule } from './offer-rule';

/**
 * Prints made by a lab (one of `labProviders`: Lumaprints today): which print options the lab makes, and each paid order's lab
 * lines sent to it once after the owner's hold, then marked shipped from the lab's webhook or by
 * polling. Writes lab_settings, lab_products and lab_orders. Subscribes to order.paid.
 */
export function createFulfillmentModule(
  ctx: AppContext,
  deps: {
    catalog: CatalogModule;
    media: MediaModule;
    orders: OrdersModule;
    events: DomainEventBus;
    jobs: AppJobRegistry;
  },
) {
  const service = createFulfillmentService(ctx, {
    repo: createFulfillmentRepository(ctx.db),
    secrets: createLabSecrets(ctx.config.sessionSecret),
    orders: deps.orders.service,
    catalog: deps.catalog.service,
    media: deps.media,
    enqueueSend: (orderId, delayMs, jobId) =>
      ctx.queues.enqueue('fulfillment', 'send-lab-order', { orderId }, { jobId, delay: delayMs }),
    enqueueSync: (orderId) =>
      ctx.queues.enqueue(
        'fulfillment',
        'sync-lab-order',
        { orderId },
        { jobId: `lab-sync-${orderId}-${Date.now()}` },
      ),
    enqueueEmail: (emailId) => enqueueEmail(ctx.queues, emailId),
  });
  // the resolution guard: a lab-made size the original is too small for is not offered
  deps.catalog.service.setOfferCheck((photoId, optionIds) => service.hiddenOptions(photoId, optionIds));
  deps.events.subscribe('order.paid', 'fulfillment.hold-lab-order', ({ orderId }, { trx, afterCommit }) =>
    service.orderPaid(orderId, trx, afterCommit),
  );
  deps.jobs.handle('fulfillment', 'send-lab-order', ({ orderId }) => service.send(orderId));
  deps.jobs.handle('fulfillment', 'sync-lab-order', async ({ orderId }) => service.sync(orderId));
  const module = { service, endpoints: () => createFulfillmentRoutes(service) };
  return module satisfies HttpModule;
}
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
