import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { Db } from '../../platform/db';
import { Order, OrderLineItem } from './order.model';
import type { FulfillmentStatus, OrderListQuery, PaymentStatus } from '../../contract';

export type NewOrder = Pick<
  Order,
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'shippingAddress'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressCity'
  | 'addressState'
  | 'addressZip'
  | 'addressNeedsReview'
  | 'subtotalCents'
  | 'shippingCents'
  | 'totalCents'
  | 'promotionCode'
  | 'promotionSummary'
  | 'discountCents'
  | 'taxCents'
  | 'taxableCents'
  | 'taxState'
  | 'taxRate'
  | 'taxProvider'
  | 'taxCalculationId'
  | 'licenseeName'
  | 'licenseeKind'
> & { cartId: string | null; statusToken: string };
export type NewLineItem = Pick<
  OrderLineItem,
  | 'kind'
  | 'photoId'
  | 'printOptionId'
  | 'licenceId'
  | 'downloadSizeId'
  | 'taxable'
  | 'giftCard'
  | 'quantity'
  | 'priceCents'
  | 'shippingCents'
  | 'title'
  | 'size'
  | 'format'
>;

export type Tx = Knex.Transaction;
/** Runs in the order's transaction once its row is written: the checkout holds (checkout-holds.ts). */
export type AfterWrite = (trx: Tx, orderId: number, lines: WrittenLine[]) => Promise<unknown>;
const nothing: AfterWrite = async () => undefined;
/**
 * An order's print line as written, with its id: what a checkout hold takes for (an edition's
 * numbers). A hold is told only the prints: a licence line holds nothing (issue 46).
 */
export type WrittenLine = { id: number; photoId: number; printOptionId: number; quantity: number };
const writtenLines = (lines: OrderLineItem[]): WrittenLine[] =>
  lines.flatMap((l) =>
    l.kind === 'print' && l.printOptionId !== null
      ? [{ id: l.id, photoId: l.photoId, printOptionId: l.printOptionId, quantity: l.quantity }]
      : [],
  );

/** Payment statuses of an attempt nobody has paid: a retry may reuse it. */
const RETRYABLE: PaymentStatus[] = ['pending', 'failed'];
/** Payment statuses of an attempt nobody has paid: hidden from the admin list unless asked for. */
const UNPAID: PaymentStatus[] = ['pending', 'failed', 'canceled'];
export type OrderWithLines = { order: Order; lines: OrderLineItem[] };

/** Runs the query for one order with its line items (in the order they were bought). */
async function withLines(query: QueryBuilder<Order, Order | undefined>): Promise<OrderWithLines | undefined> {
  const order = await query.withGraphFetched('lineItems').modifyGraph('lineItems', (b) => b.orderBy('id'));
  return order && { order, lines: order.lineItems ?? [] };
}

export function createOrdersRepository(db: Db) {
  return {
    transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** The order and its line items in one transaction (with `afterWrite`): all of it, or nothing. */
    async insertOrder(order: NewOrder, lines: NewLineItem[], afterWrite = nothing): Promise<number> {
      return db.transaction(async (trx) => {
        const { id, lineItems } = await Order.query(trx).insertGraph({ ...order, lineItems: lines });
        await afterWrite(trx, id, writtenLines(lineItems ?? []));
        return id;
      });
    },

    /**
     * The newest of these orders placed from this cart that nobody has paid yet (payment pending
     * or failed, not settling) and that is younger than `maxHours`: a retry of the same purchase.
     */
    async findRetryable(ids: number[], cartId: string, maxHours: number): Promise<number | null> {
      if (!ids.length) return null;
      const row = await db('orders')
        .whereIn('id', ids)
        .where({ cart_id: cartId })
        .whereIn('status', RETRYABLE)
        .where('created_at', '>', db.raw('now() - make_interval(hours => ?)', [maxHours]))
        .orderBy('id', 'desc')
        .first('id');
      return row?.id ?? null;
    },

    /**
     * Those of these orders nobody has paid (payment pending or failed, not settling): a visitor
     * session's own attempts, whose hold of a promotion code is the buyer's.
     */
    async unpaidAmong(ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      return db('orders').whereIn('id', ids).whereIn('status', RETRYABLE).orderBy('id').pluck('id');
    },

    /** The same, inside a transaction, their rows locked: none can be paid until it ends. */
    async lockUnpaidAmong(trx: Tx, ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows: { id: number }[] = await trx('orders')
        .whereIn('id', ids)
        .whereIn('status', RETRYABLE)
        .orderBy('id')
        .forUpdate()
        .select('id');
      return rows.map((r) => r.id);
    },

    /**
     * Gives an unpaid order the buyer's new details, lines and totals, in one transaction; false
     * (and nothing changed) when its payment moved on meanwhile (paid, settling or canceled).
     */
    async replaceUnpaid(
      id: number,
      order: Omit<NewOrder, 'cartId' | 'statusToken'>,
      lines: NewLineItem[],
      afterWrite = nothing,
    ): Promise<boolean> {
      return db.transaction(async (trx) => {
        const locked = await Order.query(trx).findById(id).whereIn('status', RETRYABLE).forUpdate();
        if (!locked) return false;
        await OrderLineItem.query(trx).delete().where({ order_id: id });
        const written = await OrderLineItem.query(trx).insert(
          lines.map((line) => ({ ...line, orderId: id })),
        );
        await Order.query(trx)
          .findById(id)
          .patch({ ...order, updatedAt: trx.fn.now() });
        await afterWrite(trx, id, writtenLines(written));
        return true;
      });
    },

    findById: (id: number) => Order.query(db).findById(id),

    /** The order's tenders as a whole, and their sum on the order (checkout-tenders.ts). */
    async replaceTenders(
      trx: Tx,
      orderId: number,
      rows: readonly { tender: string; reference: string | null; amountCents: number }[],
    ): Promise<void> {
      await trx('order_tenders').where({ order_id: orderId }).delete();
      if (rows.length)
        await trx('order_tenders').insert(
          rows.map((r) => ({
            order_id: orderId,
            tender: r.tender,
            reference: r.reference,
            amount_cents: r.amountCents,
          })),
        );
      const tendersCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
      await Order.query(trx).findById(orderId).patch({ tendersCents });
    },

    /** Whether any order's line names this photo or print option (kept for its history). */
    async linesName(entry: { kind: 'photo' | 'print-option'; id: number }, q: Knex = db): Promise<boolean> {
      const column = entry.kind === 'photo' ? 'photo_id' : 'print_option_id';
      return !!(await q('order_line_items').where(column, entry.id).first('id'));
    },

    findWithLines: (id: number, q: Knex = db) => withLines(Order.query(q).findById(id)),

    findByToken: (token: string) => withLines(Order.query(db).findOne({ status_token: token })),

    /**
     * A gift card line's recipient e-mail changed before the card is sent (issue 47): the line's
     * jsonb, only on a gift card line of this order. Rows changed (0: no such line).
     */
    async setGiftCardRecipient(orderId: number, lineId: number, email: string): Promise<number> {
      return OrderLineItem.query(db)
        .where({ id: lineId, order_id: orderId, kind: 'gift_card' })
        .patch({
          giftCard: db.raw(`gift_card || jsonb_build_object('recipientEmail', ?::text)`, [email]),
        } as never);
    },

    /** The order a line belongs to, or null. */
    async orderIdOfLine(lineId: number): Promise<number | null> {
      const row = await OrderLineItem.query(db).findById(lineId).select('order_id');
      return row?.orderId ?? null;
    },

    async lineItemsFor(orderIds: number[]): Promise<OrderLineItem[]> {
      if (!orderIds.length) return [];
      return OrderLineItem.query(db).whereIn('order_id', orderIds).orderBy('id');
    },

    async list(query: OrderListQuery & { limit?: number }): Promise<Order[]> {
      const sql = Order.query(db);
      if (query.payment === 'unpaid') sql.whereIn('status', UNPAID);
      else if (query.payment !== 'all') sql.whereNotIn('status', UNPAID);
      if (query.fulfillmentStatus) sql.where('fulfillment_status', query.fulfillmentStatus);
      if (query.disputed) sql.whereNotNull('dispute_status');
      if (query.q) {
        const term = query.q.replace(/^#/, '');
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        sql.where((w) => {
          w.whereILike('customer_name', like).orWhereILike('customer_email', like);
          if (/^\d{1,9}$/.test(term)) w.orWhere('id', Number(term));
        });
      }
      return sql
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(query.limit ?? 1000);
    },

    /**
     * Sets the fulfillment status and the shipping details; `notify` also records that the buyer
     * is being told about this tracking number (so the same one is never mailed twice).
     */
    async setFulfillment(
      trx: Tx,
      id: number,
      f: {
        status: FulfillmentStatus;
        carrier: string | null;
        trackingNumber: string | null;
        notify: boolean;
      },
    ): Promise<Order | undefined> {
      const [row] = await Order.query(trx)
        .where({ id })
        .patch({
          fulfillmentStatus: f.status,
          shippingCarrier: f.carrier,
          trackingNumber: f.trackingNumber,
          ...(f.notify ? { shippedNotifiedAt: trx.fn.now(), shippedNotifiedTracking: f.trackingNumber } : {}),
          updatedAt: trx.fn.now(),
        })
        .returning('*');
      return row;
    },

    /**
     * Records a shipment of the order (one per tracking number: the same one again changes
     * nothing); true when it is new.
     */
    async addShipment(
      trx: Tx,
      orderId: number,
      s: { carrier: string | null; trackingNumber: string },
    ): Promise<boolean> {
      const rows = await trx('order_shipments')
        .insert({ order_id: orderId, carrier: s.carrier, tracking_number: s.trackingNumber })
        .onConflict(['order_id', 'tracking_number'])
        .ignore()
        .returning('id');
      return rows.length > 0;
    },

    /** The order's shipments, oldest first. */
    async shipmentsOf(orderId: number): Promise<{ carrier: string | null; trackingNumber: string }[]> {
      const rows = await db('order_shipments').where({ order_id: orderId }).orderBy('id');
      return rows.map((r) => ({
        carrier: r.carrier as string | null,
        trackingNumber: r.tracking_number as string,
      }));
    },

    async lockById(trx: Tx, id: number): Promise<Order | undefined> {
      return Order.query(trx).findById(id).forUpdate();
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
