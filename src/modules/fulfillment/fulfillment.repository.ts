import type { Knex } from 'knex';
import { snakeCaseMappers } from 'objection';
import type { Db } from '../../platform/db';
import type { LabOrderStatus, LabProviderId } from '../../contract';
import type { LabProductRef } from './lab-provider';

/**
 * A lab's own settings and product reference are objects only the lab reads (its schemas in
 * `labProviders`), kept whole as jsonb (`provider_settings`, `product_ref`).
 */

export type LabSettingsRow = {
  provider: LabProviderId;
  enabled: boolean;
  sandbox: boolean;
  apiKeyEncrypted: string | null;
  apiSecretEncrypted: string | null;
  /** The lab's own settings (a store id...), parsed by its settings schema. */
  providerSettings: Record<string, unknown>;
  shippingMethod: string;
  productionTime: string;
  holdMinutes: number;
  reviewBeforeSending: boolean;
  minMarginPercent: number;
  webhookSecret: string;
};

export type LabProductRow = {
  printOptionId: number;
  provider: LabProviderId;
  /** The lab's own product reference, parsed by its product schema. */
  ref: LabProductRef;
  productName: string;
  widthIn: number;
  heightIn: number;
  costCents: number | null;
  shippingCents: number | null;
  requiredDpi: number | null;
};

/** One lab's order for a shop order: the key is (orderId, provider). */
export type LabOrderKey = { orderId: number; provider: LabProviderId };

export type LabOrderRow = LabOrderKey & {
  status: LabOrderStatus;
  sendAfter: Date;
  labOrderNumber: string | null;
  attempts: number;
  /** In the owner's words; `labText` the lab's own. */
  lastError: string | null;
  labText: string | null;
  errorNotifiedAt: Date | null;
  /** A run holds the row until then (a lease): nobody else sends it meanwhile. */
  claimedUntil: Date | null;
  /** While the lab does not answer: the next try, the first failure, how many in a row. */
  nextAttemptAt: Date | null;
  firstFailedAt: Date | null;
  failures: number;
  outageNotifiedAt: Date | null;
  labShippingCents: number | null;
  /** The lab's quoted price of the prints when sent (null: a line's price unknown). */
  labItemsCents: number | null;
  carrier: string | null;
  trackingNumber: string | null;
  sentAt: Date | null;
  shippedAt: Date | null;
  checkedAt: Date | null;
  createdAt: Date;
};

/** A row's columns under their camelCase names: objection's own mapper, as the models have it. */
const { parse: camelRow } = snakeCaseMappers();
const settingsOf = (r: Record<string, unknown>): LabSettingsRow => {
  const row = camelRow(r) as LabSettingsRow;
  return { ...row, providerSettings: row.providerSettings ?? {} };
};
const productOf = (r: Record<string, unknown>): LabProductRow => ({
  printOptionId: r.print_option_id as number,
  provider: r.provider as LabProviderId,
  ref: r.product_ref as LabProductRef,
  productName: r.product_name as string,
  widthIn: Number(r.width_in),
  heightIn: Number(r.height_in),
  costCents: r.cost_cents as number | null,
  shippingCents: r.shipping_cents as number | null,
  requiredDpi: r.required_dpi as number | null,
});
const labOrderOf = (r: Record<string, unknown>): LabOrderRow => camelRow(r) as LabOrderRow;
const keyOf = (r: Record<string, unknown>): LabOrderKey => ({
  orderId: r.order_id as number,
  provider: r.provider as LabProviderId,
});
const where = (k: LabOrderKey) => ({ order_id: k.orderId, provider: k.provider });
/**
 * A lab order a run may take now: nobody holds it (no lease, or one run out), and it is due
 * ('held' past its hold, or 'sending' at its next try).
 */
const dueAndFree = (db: Db) => (q: Knex.QueryBuilder) =>
  q
    .where((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<', db.fn.now()))
    .andWhere((w) =>
      w
        .where((h) => h.where({ status: 'held' }).andWhere('send_after', '<=', db.fn.now()))
        .orWhere((s) =>
          s
            .where({ status: 'sending' })
            .andWhere((n) => n.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', db.fn.now())),
        ),
    );

/** lab_settings (one row per lab), lab_products and lab_orders (one per shop order and lab). */
export function createFulfillmentRepository(db: Db) {
  return {
    transaction: <T>(fn: (trx: Knex.Transaction) => Promise<T>) => db.transaction(fn),

    async settings(provider: LabProviderId): Promise<LabSettingsRow | null> {
      const row = await db('lab_settings').where({ provider }).first();
      return row ? settingsOf(row) : null;
    },

    /** Every lab's settings (the lab webhook's old address names none). */
    async allSettings(): Promise<LabSettingsRow[]> {
      return (await db('lab_settings').orderBy('provider')).map(settingsOf);
    },

    async saveSettings(s: LabSettingsRow): Promise<void> {
      const row = {
        provider: s.provider,
        enabled: s.enabled,
        sandbox: s.sandbox,
        api_key_encrypted: s.apiKeyEncrypted,
        api_secret_encrypted: s.apiSecretEncrypted,
        provider_settings: JSON.stringify(s.providerSettings),
        shipping_method: s.shippingMethod,
        production_time: s.productionTime,
        hold_minutes: s.holdMinutes,
        review_before_sending: s.reviewBeforeSending,
        min_margin_percent: s.minMarginPercent,
        webhook_secret: s.webhookSecret,
      };
      await db('lab_settings')
        .insert(row)
        .onConflict('provider')
        .merge({ ...row, updated_at: db.fn.now() });
    },

    async products(): Promise<LabProductRow[]> {
      return (await db('lab_products').orderBy('print_option_id')).map(productOf);
    },

    async productsFor(printOptionIds: number[]): Promise<Map<number, LabProductRow>> {
      const rows = printOptionIds.length
        ? await db('lab_products').whereIn('print_option_id', printOptionIds)
        : [];
      return new Map(rows.map((r) => [r.print_option_id as number, productOf(r)]));
    },

    async saveProduct(p: LabProductRow): Promise<void> {
      const row = {
        print_option_id: p.printOptionId,
        provider: p.provider,
        product_ref: JSON.stringify(p.ref),
        product_name: p.productName,
        width_in: p.widthIn,
        height_in: p.heightIn,
        cost_cents: p.costCents,
        shipping_cents: p.shippingCents,
        required_dpi: p.requiredDpi,
      };
      await db('lab_products')
        .insert(row)
        .onConflict('print_option_id')
        .merge({ ...row, updated_at: db.fn.now() });
    },

    deleteProduct: (printOptionId: number, q: Knex = db) =>
      q('lab_products').where({ print_option_id: printOptionId }).delete(),

    async labOrder(key: LabOrderKey, q: Knex = db): Promise<LabOrderRow | null> {
      const row = await q('lab_orders').where(where(key)).first();
      return row ? labOrderOf(row) : null;
    },

    /** A shop order's lab orders, one per lab. */
    async labOrdersOf(orderId: number): Promise<LabOrderRow[]> {
      return (await db('lab_orders').where({ order_id: orderId }).orderBy('provider')).map(labOrderOf);
    },

    async byLabNumber(orderNumber: string, provider?: LabProviderId): Promise<LabOrderRow | null> {
      const q = db('lab_orders').where({ lab_order_number: orderNumber });
      if (provider) q.andWhere({ provider });
      const row = await q.first();
      return row ? labOrderOf(row) : null;
    },

    /** A paid order's lab order, waiting for review or held until `sendAfter` (once: again changes nothing). */
    async hold(q: Knex, key: LabOrderKey, status: 'held' | 'review', sendAfter: Date): Promise<boolean> {
      const rows = await q('lab_orders')
        .insert({ ...where(key), status, send_after: sendAfter })
        .onConflict(['order_id', 'provider'])
        .ignore()
        .returning('order_id');
      return rows.length > 0;
    },

    /**
     * The lease: the row becomes 'sending', held by this run until `leaseMs` from now, when it is
     * due ('held' past its hold, or 'sending' at its next try) and nobody holds it. Postgres
     * serialises the update, so of runs at once one gets the row; the others get null.
     */
    async claim(key: LabOrderKey, leaseMs: number): Promise<LabOrderRow | null> {
      const rows = await db('lab_orders')
        .where(where(key))
        .andWhere(dueAndFree(db))
        .update({
          status: 'sending',
          claimed_until: db.raw('now() + make_interval(secs => ?)', [leaseMs / 1000]),
          attempts: db.raw('attempts + 1'),
          updated_at: db.fn.now(),
        })
        .returning('*');
      return rows[0] ? labOrderOf(rows[0]) : null;
    },

    /**
     * Renews this run's lease (its heartbeat, and just before the lab is asked to make the order):
     * false when the row is no longer this run's (its lease ran out and another run claimed it:
     * `attempts` moved on) or the run let it go (a late heartbeat takes nothing back).
     */
    async renew(key: LabOrderKey, attempts: number, leaseMs: number): Promise<boolean> {
      const n = await db('lab_orders')
        .where(where(key))
        .andWhere({ attempts, status: 'sending' })
        .whereNotNull('claimed_until')
        .update({
          claimed_until: db.raw('now() + make_interval(secs => ?)', [leaseMs / 1000]),
          updated_at: db.fn.now(),
        });
      return n > 0;
    },

    async update(q: Knex, key: LabOrderKey, patch: Partial<Record<string, unknown>>): Promise<void> {
      await q('lab_orders')
        .where(where(key))
        .update({ ...patch, updated_at: q.fn.now() });
    },

    /**
     * The owner sends now: those of the order's lab orders waiting (review, on hold, held) or
     * failed start again, due now; one waiting out the lab's outage is tried now. Answers the
     * labs that will go.
     */
    async releaseNow(orderId: number): Promise<LabProviderId[]> {
      return db.transaction(async (trx) => {
        const waiting = await trx('lab_orders')
          .where({ order_id: orderId })
          .whereIn('status', ['review', 'on_hold', 'held', 'failed'])
          .update({
            status: 'held',
            send_after: trx.fn.now(),
            next_attempt_at: null,
            first_failed_at: null,
            failures: 0,
            outage_notified_at: null,
            error_notified_at: null,
            updated_at: trx.fn.now(),
          })
          .returning('provider');
        const retrying = await trx('lab_orders')
          .where({ order_id: orderId, status: 'sending' })
          .andWhere((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<', trx.fn.now()))
          .update({ next_attempt_at: trx.fn.now(), updated_at: trx.fn.now() })
          .returning('provider');
        return [...waiting, ...retrying].map((r) => r.provider as LabProviderId);
      });
    },

    /** The owner holds an order: its lab orders waiting for review (or the hold) wait for her. */
    async holdForOwner(orderId: number): Promise<number> {
      const rows = await db('lab_orders')
        .where({ order_id: orderId })
        .whereIn('status', ['review', 'held'])
        .update({ status: 'on_hold', updated_at: db.fn.now() })
        .returning('provider');
      return rows.length;
    },

    /** Orders with a lab order waiting for the owner ('review', 'on_hold'), oldest first. */
    async toReview(): Promise<number[]> {
      const rows = await db('lab_orders')
        .whereIn('status', ['review', 'on_hold'])
        .groupBy('order_id')
        .orderByRaw('min(created_at)')
        .limit(200)
        .select('order_id');
      return rows.map((r) => r.order_id as number);
    },

    /**
     * For the sweeper: held orders whose hold is over, orders waiting out an outage whose next try
     * is due, and runs cut off (their lease over).
     */
    async due(): Promise<LabOrderKey[]> {
      const rows = await db('lab_orders')
        .where(dueAndFree(db))
        .orderBy('send_after')
        .limit(100)
        .select('order_id', 'provider');
      return rows.map(keyOf);
    },

    /**
     * What the labs charge for each of these shop orders, of the orders whose every lab order sent
     * (sent or shipped) has its prints' price known: the prints plus the lab's shipping.
     */
    async labCosts(orderIds: number[]): Promise<{ orderId: number; costCents: number }[]> {
      if (!orderIds.length) return [];
      const rows = await db('lab_orders')
        .whereIn('order_id', orderIds)
        .whereIn('status', ['sent', 'shipped'])
        .groupBy('order_id')
        .havingRaw('count(*) = count(lab_items_cents)')
        .select('order_id', db.raw('sum(lab_items_cents + coalesce(lab_shipping_cents, 0))::int as cost'));
      return rows.map((r) => ({ orderId: r.order_id as number, costCents: r.cost as number }));
    },

    /** Orders at the lab not shipped yet and not checked for an hour: polled in case a webhook was lost. */
    async toPoll(): Promise<LabOrderKey[]> {
      const rows = await db('lab_orders')
        .where({ status: 'sent' })
        .andWhere((w) =>
          w.whereNull('checked_at').orWhere('checked_at', '<', db.raw("now() - interval '1 hour'")),
        )
        .orderBy('sent_at')
        .limit(50)
        .select('order_id', 'provider');
      return rows.map(keyOf);
    },
  };
}
export type FulfillmentRepository = ReturnType<typeof createFulfillmentRepository>;

/** The error of writing a lab order number another lab order of the same lab already has. */
export function isLabOrderNumberTaken(err: unknown): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    nativeError?: { code?: string; constraint?: string };
  };
  const pg = e?.nativeError ?? e;
  return pg?.code === '23505' && (pg.constraint ?? '').includes('lab_order_number');
}
