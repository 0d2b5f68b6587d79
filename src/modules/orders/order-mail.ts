import type { AppContext } from '../../platform/context';
import type { DeliveryContext } from '../../platform/events';
import { toCents } from '../../platform/money';
import { enqueueEmail, writeEmail, type OutboundEmail } from '../../platform/outbox';
import {
  confirmationEmail,
  disputeEmail,
  ownerNoticeEmail,
  refundEmail,
  shippedEmail,
  type ShippingNotice,
} from './order-emails';
import type { LineDetailsRegistry, LineMailNote } from './line-details';
import type { OrdersRepository, OrderWithLines, Tx } from './orders.repository';
import type { RefundsService } from './payments/refunds.service';
import { isPaid } from './orders.service';

type Deps = {
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  refunds: Pick<RefundsService, 'findRefund' | 'tendersPartOf'>;
  /** Other modules' notes under the paid e-mail's lines ("Edition print 7/25", its certificate). */
  lineDetails: Pick<LineDetailsRegistry, 'mailNotes'>;
};

/**
 * The order e-mails, each a reaction to an order event: written to the e-mail outbox in the
 * delivery's transaction (once each, by their dedupe keys) and queued after the commit; the
 * sweeper queues any the queueing misses.
 */
export function createOrderMail(ctx: AppContext, repo: OrdersRepository, deps: Deps) {
  const { config, queues } = ctx;
  const site = () => ({
    siteName: config.SITE_NAME,
    publicUrl: config.publicUrl,
    ownerEmail: config.OWNER_EMAIL,
  });

  async function send(
    orderId: number,
    { trx, afterCommit }: DeliveryContext,
    make: (o: OrderWithLines) => Promise<OutboundEmail[]> | OutboundEmail[],
  ) {
    const found = await repo.findWithLines(orderId, trx);
    if (!found) throw new Error(`order ${orderId} not found for its e-mail`);
    for (const mail of await make(found)) {
      const id = await writeEmail(trx, mail);
      if (id !== null) afterCommit(() => enqueueEmail(queues, id));
    }
  }

  /** The notes the owner's copy shows: not the buyer's own (a download link). */
  const ownersNotes = (notes: Map<number, LineMailNote[]>) =>
    new Map([...notes].map(([lineId, list]) => [lineId, list.filter((n) => !n.buyerOnly)]));

  return {
    /** On order.paid: the customer's confirmation and, when OWNER_EMAIL is set, the owner's notice. */
    paid: (orderId: number, d: DeliveryContext) =>
      send(orderId, d, async ({ order, lines }) => {
        const notice = await deps.content.activeShippingNotice();
        const notes = await deps.lineDetails.mailNotes(order, d.trx as Tx);
        const owner = config.OWNER_EMAIL;
        return [
          confirmationEmail(order, lines, notice, site(), notes),
          ...(owner
            ? [ownerNoticeEmail(order, lines, { ...site(), ownerEmail: owner }, ownersNotes(notes))]
            : []),
        ];
      }),

    /**
     * On order.shipped: 'Your order has shipped' for this shipment (the event's tracking, else the
     * order's), once per tracking number; never to a buyer who has not paid.
     */
    shipped: (
      orderId: number,
      shipment: { carrier?: string | null; trackingNumber?: string | null },
      d: DeliveryContext,
    ) =>
      send(orderId, d, ({ order, lines }) => {
        const named = shipment.trackingNumber !== undefined;
        const which = named
          ? { carrier: shipment.carrier ?? null, trackingNumber: shipment.trackingNumber ?? null }
          : { carrier: order.shippingCarrier, trackingNumber: order.trackingNumber };
        return isPaid(order.status) ? [shippedEmail(order, lines, site(), which)] : [];
      }),

    /** On order.refunded: the buyer's refund notice, once per refund. */
    refunded: (orderId: number, refundId: number, d: DeliveryContext) =>
      send(orderId, d, async ({ order, lines }) => {
        const refund = await deps.refunds.findRefund(refundId);
        if (!refund) throw new Error(`refund ${refundId} not found`);
        const amountCents = toCents(refund.amount);
        const tendersCents = await deps.refunds.tendersPartOf(refund.id);
        return [
          refundEmail(
            order,
            lines,
            { id: refund.id, amountCents, tendersCents, reason: refund.reason },
            site(),
          ),
        ];
      }),

    /** On order.disputed: the owner is told at once (when OWNER_EMAIL is set). */
    async disputed(orderId: number, disputeId: string, d: DeliveryContext) {
      const owner = config.OWNER_EMAIL;
      if (!owner) return;
      await send(orderId, d, ({ order, lines }) => [
        disputeEmail(order, lines, disputeId, { ...site(), ownerEmail: owner }),
      ]);
    },
  };
}
