import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CatalogModule } from '../catalog';
import type { FulfillmentModule } from '../fulfillment';
import type { MediaModule } from '../media';
import type { LineDetails, OrdersModule } from '../orders';
import type { LineDetailsView, LineEdition } from '../../contract';
import { toDollars } from '../../platform/money';
import { createEditionsRepository } from './editions.repository';
import { createCertificateRoutes, createEditionsRoutes } from './editions.routes';
import { createEditionsService, type EditionLine } from './editions.service';

export type { EditionsService } from './editions.service';
export { editionsEndpoints } from './editions.routes';

/**
 * Limited editions (issue 36): editions of a photo or of one of its sizes, the numbers orders take
 * (held at checkout: `numberHold`, a checkout hold of orders; sold once paid; released when the
 * order is canceled unpaid; revoked when refunded), certificates (made by the
 * `editions/make-certificate` job) and the verify page's facts. Writes editions, edition_numbers,
 * certificates and edition_settings.
 */
export function createEditionsModule(
  ctx: AppContext,
  deps: {
    catalog: CatalogModule;
    media: MediaModule;
    orders: OrdersModule;
    /** Which lines a print lab makes (the prints to sign when they arrive). */
    fulfillment: FulfillmentModule;
    events: DomainEventBus;
    jobs: AppJobRegistry;
  },
) {
  const { catalog, media, orders, events } = deps;
  const service = createEditionsService(ctx, createEditionsRepository(ctx.db), {
    // the narrow read (orders.linesOf): the order's detail asks line details, editions' own
    async order(orderId) {
      const o = await orders.linesOf(orderId);
      return (
        o && {
          status: o.status,
          paidAt: o.paidAt ? new Date(o.paidAt).toISOString() : null,
          customerEmail: o.customerEmail,
          net: toDollars(o.netCents),
          lines: o.lines,
        }
      );
    },
    refundInFull: (orderId, amount, note, idempotencyKey) =>
      orders.payments.refund(orderId, { amount, reason: 'other', note, idempotencyKey }),
    photoTitle: async (photoId) => (await catalog.service.findPhotoDetail(photoId))?.title ?? null,
    photoJpeg: async (photoId) => media.smallJpeg(await catalog.service.imageAsset(photoId, 'image')),
    optionOnPhoto: async (photoId, optionId) => !!(await catalog.service.findPrintOption(photoId, optionId)),
    photoExists: async (photoId) => !!(await catalog.service.findPhotoDetail(photoId)),
    orderIdByToken: (token) => orders.service.idByToken(token),
    labLineIds: async (orderId) =>
      new Set(
        (await deps.fulfillment.service.labOrders(orderId)).labs.flatMap((lab) =>
          lab.lines.map((l) => l.lineId),
        ),
      ),
    enqueueCertificate: (numberId) =>
      ctx.queues.enqueue(
        'editions',
        'make-certificate',
        { editionNumberId: numberId },
        { jobId: `certificate-${numberId}` },
      ),
  });
  deps.jobs.handle('editions', 'make-certificate', ({ editionNumberId }) =>
    service.makeCertificate(editionNumberId),
  );

  // In the publisher's transaction: a number changes with the payment, never apart from it.
  events.subscribe(
    'order.payment-canceled',
    'editions.release',
    async ({ orderId }, d) => void (await service.release(d.trx, orderId, d)),
    { inTransaction: true },
  );
  events.subscribe('order.paid', 'editions.sell', ({ orderId }, d) => service.paid(orderId, d), {
    inTransaction: true,
  });
  // after the commit, its own delivery (retried): a call to the payment provider
  events.subscribe('order.paid', 'editions.refund-oversold', ({ orderId }) =>
    service.refundOversold(orderId),
  );
  events.subscribe('order.refunded', 'editions.revoke', ({ orderId }, d) =>
    service.refunded(d.trx, orderId, d),
  );

  const module = {
    service,
    /** The verify page's facts for a certificate id (no buyer data), or null: the web renderer's. */
    verifyView: service.verifyView,
    /** Catalog's offer info (src/modules.ts): each photo read's `edition`s; sold-out sizes refused. */
    offerInfo: { public: service.publicEditions, admin: service.adminOffer },
    /**
     * Orders' line details (src/modules.ts): each line's prints, shown as the line JSON's `edition`
     * (null on a line without one), and the paid e-mail's notes.
     */
    lineDetails: {
      of: (orderIds: number[]) => service.lineEditions(orderIds),
      view: (edition: LineEdition | undefined): Pick<LineDetailsView, 'edition'> => ({
        edition: edition ?? null,
      }),
      mailNotes: service.mailNotes,
    } satisfies LineDetails<LineEdition>,
    numberHoldName: 'editions.number',
    /** An edition's numbers held at checkout: a checkout hold of orders (added in src/modules.ts). */
    numberHold: {
      releasedBy: 'editions.release',
      take: (
        trx: Parameters<typeof service.hold>[0],
        order: {
          orderId: number;
          lines: readonly EditionLine[];
          ownOrderIds: readonly number[];
          afterCommit(fn: () => Promise<unknown>): void;
        },
      ) => service.hold(trx, order),
    },
    endpoints: () => createEditionsRoutes(service),
    rootRoutes: () => createCertificateRoutes(service),
  };
  return module satisfies HttpModule;
}
export type EditionsModule = ReturnType<typeof createEditionsModule>;
