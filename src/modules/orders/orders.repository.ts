import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { Db } from '../../platform/db';
import { Order, OrderLineItem } from './order.model';
import type { FulfillmentStatus, OrderListQuery } from '../../contract';

export type NewOrder = Pick<
  Order,
  'customerName' | 'customerEmail' | 'shippingAddress' | 'subtotalCents' | 'shippingCents' | 'totalCents'
> & { cartId: string | null; statusToken: string };
export type NewLineItem = Pick<
  OrderLineItem,
  'photoId' | 'itemOptionId' | 'quantity' | 'priceCents' | 'shippingCents' | 'title' | 'size' | 'format'
>;

export type Tx = Knex.Transaction;
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

    /**
     * The order and its line items in one transaction: both exist, or neither. `inTx` runs in that
     * transaction too (publishing order.placed).
     */
    async insertOrder(
      order: NewOrder,
      lines: NewLineItem[],
      inTx: (trx: Tx, orderId: number) => Promise<unknown>,
    ): Promise<number> {
      return db.transaction(async (trx) => {
        const { id } = await Order.query(trx).insertGraph({ ...order, lineItems: lines });
        await inTx(trx, id);
        return id;
      });
    },

    findWithLines: (id: number, q: Knex = db) => withLines(Order.query(q).findById(id)),

    findByToken: (token: string) => withLines(Order.query(db).findOne({ status_token: token })),

    async lineItemsFor(orderIds: number[]): Promise<OrderLineItem[]> {
      if (!orderIds.length) return [];
      return OrderLineItem.query(db).whereIn('order_id', orderIds).orderBy('id');
    },

    async list(query: OrderListQuery & { limit?: number }): Promise<Order[]> {
      const sql = Order.query(db);
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

    async lockById(trx: Tx, id: number): Promise<Order | undefined> {
      return Order.query(trx).findById(id).forUpdate();
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
