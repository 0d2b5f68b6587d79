import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { enqueueEmail } from '../../platform/outbox';
import { runAgainAt } from '../../platform/queue';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule, DeleteGuard } from '../catalog';
import type { MediaModule } from '../media';
import type { OrdersModule } from '../orders';
import { createLabSecrets } from './lab-secrets';
import { createLabDemo } from './lab-demo';
import { createFulfillmentRepository } from './fulfillment.repository';
import { createFulfillmentRoutes } from './fulfillment.routes';
import { createFulfillmentService } from './fulfillment.service';
import { createLabRegistry, type AnyLabProvider } from './lab-providers';

export type { FulfillmentService } from './fulfillment.service';
export { fulfillmentEndpoints } from './fulfillment.routes';
export { createLumaprintsClient, type LumaprintsClient } from './lumaprints/lumaprints.client';
export { LabError, type LabProvider, type LabProviderDefinition } from './lab-provider';
export { labProviders, type AnyLabProvider } from './lab-providers';
/** Prodigi's families as the shop curates them: its demo double makes the same sizes. */
export { PRODIGI_FAMILIES } from './prodigi/prodigi-catalogue';
export type { OfferRule } from './offer-rule';

/**
 * Prints made by labs (`labProviders`: Lumaprints, Prodigi, and any `extraLabs` its maker adds,
 * a test's own lab): which print options each lab makes,
 * and each paid order's lines for a lab sent to it once after the owner's review or hold, then
 * marked shipped from the lab's webhook or by polling. Writes lab_settings, lab_products and
 * lab_orders. Subscribes to order.paid.
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
  options: { extraLabs?: AnyLabProvider[] } = {},
) {
  const repo = createFulfillmentRepository(ctx.db);
  const secrets = createLabSecrets(ctx.config.sessionSecret);
  const labs = createLabRegistry(options.extraLabs);
  const service = createFulfillmentService(ctx, {
    repo,
    secrets,
    labs,
    orders: deps.orders.service,
    catalog: deps.catalog.service,
    media: deps.media,
    // one job id per lab order, whoever asks: a hold's delayed job, 'Send now' presses and the
    // sweeper all meet in it (the lease in the row is the guarantee; this keeps the queue to one)
    enqueueSend: ({ orderId, provider }, delayMs) =>
      ctx.queues.enqueueOnce(
        'fulfillment',
        'send-lab-order',
        { orderId, provider },
        `lab-send-${orderId}-${provider}`,
        delayMs,
      ),
    enqueueSync: ({ orderId, provider }) =>
      ctx.queues.enqueue(
        'fulfillment',
        'sync-lab-order',
        { orderId, provider },
        { jobId: `lab-sync-${orderId}-${provider}-${Date.now()}` },
      ),
    enqueueEmail: (emailId) => enqueueEmail(ctx.queues, emailId),
  });
  deps.events.subscribe('order.paid', 'fulfillment.hold-lab-order', ({ orderId }, { trx, afterCommit }) =>
    service.orderPaid(orderId, trx, afterCommit),
  );
  deps.jobs.handle('fulfillment', 'send-lab-order', async (key, job) => {
    const { retryAt, ...result } = await service.send(key);
    // the lab did not answer: this same job (its id kept) tries again then
    if (retryAt) return runAgainAt(job, retryAt.getTime());
    return result;
  });
  deps.jobs.handle('fulfillment', 'sync-lab-order', async (key) => service.sync(key));
  /** A deleted print option takes the lab's product row for it along (catalog's delete guard). */
  const labProductsGuard: DeleteGuard = {
    async deleting(entry, trx) {
      if (entry.kind === 'print-option') await repo.deleteProduct(entry.id, trx);
    },
  };
  const module = {
    /** service.hiddenOptions is the resolution guard, catalog's offer rule (src/modules.ts). */
    service,
    labProductsGuard,
    /** LAB_DEMO: the labs set up with the demo doubles' keys (src/demo/labs/demo-labs.ts). */
    labDemo: createLabDemo(ctx, { repo, secrets, labs }),
    /**
     * What the labs charge for these shop orders (the owner's numbers): the orders whose every
     * lab order sent has its prints' quoted price, their ids, and the prints plus lab shipping.
     */
    async labCosts(orderIds: number[]): Promise<{ costCents: number; orders: number; orderIds: number[] }> {
      const rows = await repo.labCosts(orderIds);
      return {
        costCents: rows.reduce((s, r) => s + r.costCents, 0),
        orders: rows.length,
        orderIds: rows.map((r) => r.orderId),
      };
    },
    endpoints: () => createFulfillmentRoutes(service),
  };
  return module satisfies HttpModule;
}
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
