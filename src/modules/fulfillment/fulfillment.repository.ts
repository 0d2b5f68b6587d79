import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { LabOrderStatus, LabProviderId } from '../../contract';
import type { LabProductRef } from './lab-provider';

/**
 * A lab's own settings and product reference are objects only the lab reads (its schemas in
 * `labProviders`). They are kept in the columns the first lab needed (`store_id`; `subcategory_id`
 * and `option_ids`), read into and written from those objects here and nowhere else: a lab that
 * needs other fields adds a jsonb column beside them.
 */
const settingsColumns = (s: Record<string, unknown>) => ({ store_id: (s.storeId as number | null) ?? null });
const refColumns = (ref: LabProductRef) => ({
  subcategory_id: ref.subcategoryId as number,
  option_ids: ref.optionIds as number[],
});

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

export type LabOrderRow = {
  orderId: number;
  provider: LabProviderId;
  status: LabOrderStatus;
  sendAfter: Date;
  labOrderNumber: string | null;
  attempts: number;
  lastError: string | null;
  errorNotifiedAt: Date | null;
  sentAt: Date | null;
  shippedAt: Date | null;
  checkedAt: Date | null;
};

const settingsOf = (r: Record<string, unknown>): LabSettingsRow => ({
  provider: r.provider as LabProviderId,
  enabled: r.enabled as boolean,
  sandbox: r.sandbox as boolean,
  apiKeyEncrypted: r.api_key_encrypted as string | null,
  apiSecretEncrypted: r.api_secret_encrypted as string | null,
  providerSettings: { storeId: r.store_id as number | null },
  shippingMethod: r.shipping_method as string,
  productionTime: r.production_time as string,
  holdMinutes: r.hold_minutes as number,
  minMarginPercent: r.min_margin_percent as number,
  webhookSecret: r.webhook_secret as string,
});
const productOf = (r: Record<string, unknown>): LabProductRow => ({
  printOptionId: r.print_option_id as number,
  provider: r.provider as LabProviderId,
  ref: { subcategoryId: r.subcategory_id as number, optionIds: r.option_ids as number[] },
  productName: r.product_name as string,
  widthIn: Number(r.width_in),
  heightIn: Number(r.height_in),
  costCents: r.cost_cents as number | null,
  shippingCents: r.shipping_cents as number | null,
  requiredDpi: r.required_dpi as number | null,
});
const labOrderOf = (r: Record<string, unknown>): LabOrderRow => ({
  orderId: r.order_id as number,
  provider: r.provider as LabProviderId,
  status: r.status as LabOrderStatus,
  sendAfter: r.send_after as Date,
  labOrderNumber: r.lab_order_number as string | null,
  attempts: r.attempts as number,
  lastError: r.last_error as string | null,
  errorNotifiedAt: r.error_notified_at as Date | null,
  sentAt: r.sent_at as Date | null,
  shippedAt: r.shipped_at as Date | null,
  checkedAt: r.checked_at as Date | null,
});

/** lab_settings (one row per lab), lab_products and lab_orders. */
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
        ...settingsColumns(s.providerSettings),
        shipping_method: s.shippingMethod,
        production_time: s.productionTime,
        hold_minutes: s.holdMinutes,
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
        ...refColumns(p.ref),
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

    async labOrder(orderId: number, q: Knex = db): Promise<LabOrderRow | null> {
      const row = await q('lab_orders').where({ order_id: orderId }).first();
      return row ? labOrderOf(row) : null;
    },

    async lockLabOrder(trx: Knex.Transaction, orderId: number): Promise<LabOrderRow | null> {
      const row = await trx('lab_orders').where({ order_id: orderId }).forUpdate().first();
      return row ? labOrderOf(row) : null;
    },

    async byLabNumber(orderNumber: string): Promise<LabOrderRow | null> {
      const row = await db('lab_orders').where({ lab_order_number: orderNumber }).first();
      return row ? labOrderOf(row) : null;
    },

    /** A paid order's lab order, held until `sendAfter` (once: a second call changes nothing). */
    async hold(q: Knex, orderId: number, provider: LabProviderId, sendAfter: Date): Promise<boolean> {
      const rows = await q('lab_orders')
        .insert({ order_id: orderId, provider, status: 'held', send_after: sendAfter })
        .onConflict('order_id')
        .ignore()
        .returning('order_id');
      return rows.length > 0;
    },

    async update(q: Knex, orderId: number, patch: Partial<Record<string, unknown>>): Promise<void> {
      await q('lab_orders')
        .where({ order_id: orderId })
        .update({ ...patch, updated_at: q.fn.now() });
    },

    /** Held orders whose hold is over, and orders left 'sending' by a crash: for the sweeper. */
    async dueIds(): Promise<number[]> {
      const rows = await db('lab_orders')
        .where((w) =>
          w
            .where({ status: 'held' })
            .andWhere('send_after', '<=', db.fn.now())
            .orWhere((s) =>
              s
                .where({ status: 'sending' })
                .andWhere('updated_at', '<', db.raw("now() - interval '5 minutes'")),
            ),
        )
        .orderBy('send_after')
        .limit(100)
        .pluck('order_id');
      return rows;
    },

    /** Orders at the lab not shipped yet and not checked for an hour: polled in case a webhook was lost. */
    async toPoll(): Promise<number[]> {
      return db('lab_orders')
        .where({ status: 'sent' })
        .andWhere((w) =>
          w.whereNull('checked_at').orWhere('checked_at', '<', db.raw("now() - interval '1 hour'")),
        )
        .orderBy('sent_at')
        .limit(50)
        .pluck('order_id');
    },
  };
}
export type FulfillmentRepository = ReturnType<typeof createFulfillmentRepository>;
