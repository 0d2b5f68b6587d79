import type { AppContext } from '../../platform/context';
import type { Carrier } from '../../contract';
import type { LabOrderKey } from './fulfillment.repository';
import type { LabOrdersDeps } from './lab-order-deps';

/** The lab's carrier name as one of ours (the shipping e-mail links its tracking page). */
export function carrierOf(name: string | null): Carrier {
  const n = (name ?? '').toLowerCase();
  if (n.includes('usps') || n.includes('postal')) return 'USPS';
  if (n.includes('ups')) return 'UPS';
  if (n.includes('fedex')) return 'FedEx';
  if (n.includes('dhl')) return 'DHL';
  return 'other';
}

/** The sync of one lab order: its state read back from the lab, the shop order marked shipped. */
export function createLabOrderSync(ctx: AppContext, deps: LabOrdersDeps) {
  const { repo, settings } = deps;
  const { logger } = ctx;

  /**
   * Reads a lab order back from its lab (a webhook's prompt, or polling) and believes only that:
   * a shipment with a tracking number marks the shop order shipped, which mails the buyer once
   * per tracking number (an order made by two labs ships twice, each told). The lab's shipping
   * charge is taken from its answer when it gives one.
   */
  return async function sync(key: LabOrderKey): Promise<{ outcome: 'done' | 'skipped'; detail?: string }> {
    const row = await repo.labOrder(key);
    if (!row?.labOrderNumber || row.status === 'shipped')
      return { outcome: 'skipped', detail: 'nothing to check' };
    const client = settings.connect(await settings.row(key.provider));
    const state = await client.order(row.labOrderNumber);
    const shipped = [...state.shipments].reverse().find((x) => x.trackingNumber);
    await repo.transaction((trx) =>
      repo.update(trx, key, {
        checked_at: trx.fn.now(),
        ...(state.shippingCents === null ? {} : { lab_shipping_cents: state.shippingCents }),
      }),
    );
    if (!shipped) return { outcome: 'skipped', detail: `lab says ${state.status}, no tracking yet` };
    const carrier = carrierOf(shipped.carrier);
    const trackingNumber = shipped.trackingNumber!.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 100);
    await deps.orders.setFulfillmentStatus(key.orderId, 'shipped', { carrier, trackingNumber });
    await repo.transaction((trx) =>
      repo.update(trx, key, {
        status: 'shipped',
        shipped_at: trx.fn.now(),
        carrier,
        tracking_number: trackingNumber,
      }),
    );
    logger.info({ ...key, labOrderNumber: row.labOrderNumber }, 'lab order shipped');
    return { outcome: 'done', detail: `shipped ${trackingNumber}` };
  };
}
