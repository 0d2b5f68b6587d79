// The application's domain events: each name with the one declaration of its payload. A module
// publishes only these (the bus refuses any other name) and subscribes in its own index.ts.
import { z } from 'zod';
import type { AppContext } from './platform/context';
import { createEventBus, type EventBus } from './platform/events';

const id = z.number().int().positive();

export const domainEvents = {
  /** The provider confirmed the payment: the order moved to paid, once. */
  'order.paid': z.object({ orderId: id, cartId: z.string().nullable() }),
  /**
   * The payment intent was canceled at the provider (also when an unpaid order is abandoned):
   * every way an unpaid order ends meets here, so a promotion code's use is released here.
   */
  'order.payment-canceled': z.object({ orderId: id }),
  /**
   * The order shipped with new tracking details (the owner, or a lab's shipment): the buyer is
   * told of this shipment (events queued before issue 39 name none: the order's own is told).
   */
  'order.shipped': z.object({
    orderId: id,
    carrier: z.string().nullable().optional(),
    trackingNumber: z.string().nullable().optional(),
  }),
  /** A refund of the order succeeded at the provider (made here or in its dashboard). */
  // revokeLineIds: the licence lines the owner chose to revoke (a full refund revokes all; issue 46)
  'order.refunded': z.object({ orderId: id, refundId: id, revokeLineIds: z.array(id).default([]) }),
  /** The buyer disputed the charge (first seen; later updates only change the record). */
  'order.disputed': z.object({ orderId: id, disputeId: z.string() }),
  /** A photo's original (and custom thumbnail) were stored: variants are due. */
  'photo.uploaded': z.object({ photoId: id, assetIds: z.array(id) }),
  /** A site image (logo, headshot) was stored: variants are due. */
  'site-image.uploaded': z.object({ assetId: id, kind: z.string() }),
  /**
   * What an image's files carry (rights settings, a photo's title or notice, the watermark) changed:
   * those assets' variants are made again with it, in the background ('all': every image).
   */
  'rights.changed': z.object({ assetIds: z.union([z.array(id), z.literal('all')]) }),
  /** A visitor's contact message was stored. */
  'contact.received': z.object({ messageId: id }),
};
export type DomainEvents = typeof domainEvents;
export type DomainEventBus = EventBus<DomainEvents>;

export const createDomainEventBus = (ctx: AppContext): DomainEventBus =>
  createEventBus({ db: ctx.db, queues: ctx.queues, logger: ctx.logger }, domainEvents);
