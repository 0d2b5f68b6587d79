import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { FulfillmentStatus, OrderListQuery, PaymentStatus } from '../../contract';

export type OrderRow = {
  id: number;
  customerName: string;
  customerEmail: string;
  shippingAddress: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  status: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  paymentProvider: string | null;
  paymentIntentId: string | null;
  paymentSecretHash: string | null;
  cartId: string | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  shippedNotifiedAt: Date | null;
  shippedNotifiedTracking: string | null;
  refundedCents: number;
  disputeStatus: string | null;
  disputeReason: string | null;
  disputeDueBy: Date | null;
  disputeAmountCents: number | null;
  statusToken: string | null;
};

export type LineItemRow = {
  id: number;
  orderId: number;
  photoId: number;
  itemOptionId: number;
  quantity: number;
  priceCents: number;
  shippingCents: number;
  title: string;
  size: string;
  format: string;
};

export type NewOrder = Pick<
  OrderRow,
  'customerName' | 'customerEmail' | 'shippingAddress' | 'subtotalCents' | 'shippingCents' | 'totalCents'
> & { cartId: string | null; statusToken: string };
export type NewLineItem = Omit<LineItemRow, 'id' | 'orderId'>;

const orderColumns = {
  id: 'id',
  customerName: 'customer_name',
  customerEmail: 'customer_email',
  shippingAddress: 'shipping_address',
  subtotalCents: 'subtotal_cents',
  shippingCents: 'shipping_cents',
  totalCents: 'total_cents',
  status: 'status',
  fulfillmentStatus: 'fulfillment_status',
  paymentProvider: 'payment_provider',
  paymentIntentId: 'payment_intent_id',
  paymentSecretHash: 'payment_secret_hash',
  cartId: 'cart_id',
  paidAt: 'paid_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  shippingCarrier: 'shipping_carrier',
  trackingNumber: 'tracking_number',
  shippedNotifiedAt: 'shipped_notified_at',
  shippedNotifiedTracking: 'shipped_notified_tracking',
  refundedCents: 'refunded_cents',
  disputeStatus: 'dispute_status',
  disputeReason: 'dispute_reason',
  disputeDueBy: 'dispute_due_by',
  disputeAmountCents: 'dispute_amount_cents',
  statusToken: 'status_token',
};
const returningOrder = Object.entries(orderColumns).map(([as, col]) => `${col} as ${as}`);

const lineColumns = {
  id: 'id',
  orderId: 'order_id',
  photoId: 'photo_id',
  itemOptionId: 'item_option_id',
  quantity: 'quantity',
  priceCents: 'price_cents',
  shippingCents: 'shipping_cents',
  title: 'title',
  size: 'size',
  format: 'format',
};

export type Tx = Knex.Transaction;

export function createOrdersRepository(db: Db) {
  return {
    db,
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
        const [{ id }] = await trx('orders')
          .insert({
            customer_name: order.customerName,
            customer_email: order.customerEmail,
            shipping_address: order.shippingAddress,
            subtotal_cents: order.subtotalCents,
            shipping_cents: order.shippingCents,
            total_cents: order.totalCents,
            cart_id: order.cartId,
            status_token: order.statusToken,
          })
          .returning('id');
        await trx('order_line_items').insert(
          lines.map((l) => ({
            order_id: id,
            photo_id: l.photoId,
            item_option_id: l.itemOptionId,
            quantity: l.quantity,
            price_cents: l.priceCents,
            shipping_cents: l.shippingCents,
            title: l.title,
            size: l.size,
            format: l.format,
          })),
        );
        await inTx(trx, id);
        return id as number;
      });
    },

    async findById(id: number, q: Knex = db): Promise<OrderRow | undefined> {
      return q('orders').where({ id }).first(orderColumns);
    },

    async findByToken(token: string): Promise<OrderRow | undefined> {
      return db('orders').where({ status_token: token }).first(orderColumns);
    },

    async lineItems(orderId: number, q: Knex = db): Promise<LineItemRow[]> {
      return q('order_line_items').where({ order_id: orderId }).select(lineColumns).orderBy('id');
    },

    async lineItemsFor(orderIds: number[]): Promise<LineItemRow[]> {
      if (!orderIds.length) return [];
      return db('order_line_items').whereIn('order_id', orderIds).select(lineColumns).orderBy('id');
    },

    async list(query: OrderListQuery & { limit?: number }): Promise<OrderRow[]> {
      const sql = db('orders').select(orderColumns);
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
    ): Promise<OrderRow | undefined> {
      const [row] = await trx('orders')
        .where({ id })
        .update({
          fulfillment_status: f.status,
          shipping_carrier: f.carrier,
          tracking_number: f.trackingNumber,
          ...(f.notify
            ? { shipped_notified_at: trx.fn.now(), shipped_notified_tracking: f.trackingNumber }
            : {}),
          updated_at: trx.fn.now(),
        })
        .returning(returningOrder);
      return row;
    },

    async lockById(trx: Tx, id: number): Promise<OrderRow | undefined> {
      return trx('orders').where({ id }).forUpdate().first(orderColumns);
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
