import type { Carrier, FulfillmentStatus, LabProviderId } from '../../contract';
import type { PrintInches } from '../../shared/print-crop';
import type { LabOrderSource } from '../orders';
import type { LabSettings } from './lab-settings.service';
import type { FulfillmentRepository, LabOrderKey, LabProductRow } from './fulfillment.repository';

// What the lab orders' parts (lab-orders.service.ts, lab-order-send.ts, lab-order-sync.ts) share.

/** What the lab orders need of the orders module: an order's lines and address, marking it shipped. */
export type ShopOrders = {
  forLab(id: number): Promise<LabOrderSource | null>;
  setFulfillmentStatus(
    id: number,
    status: FulfillmentStatus,
    shipping: { carrier?: Carrier | null; trackingNumber?: string | null },
  ): Promise<unknown>;
};

export type LabOrdersDeps = {
  repo: FulfillmentRepository;
  settings: LabSettings;
  /** The file a line is printed from, and the print's sides turned to it (lab-files.ts). */
  printFile(
    line: { photoId: number; printOptionId: number },
    inches: PrintInches,
  ): Promise<{ url: string; widthIn: number; heightIn: number }>;
  orders: ShopOrders;
  /** The send job of one lab order: one job id per (order, lab), however often asked. */
  enqueueSend(key: LabOrderKey, delayMs: number): Promise<unknown>;
  enqueueSync(key: LabOrderKey): Promise<unknown>;
  enqueueEmail(emailId: number): Promise<unknown>;
};

/** One of an order's lines and the lab product it is made as. */
export type LabLine = { line: LabOrderSource['lines'][number]; product: LabProductRow };

/** The order's lines each lab makes (a print option is made by one lab), by lab. */
export async function labLinesOf(
  repo: FulfillmentRepository,
  source: LabOrderSource,
): Promise<Map<LabProviderId, LabLine[]>> {
  const products = await repo.productsFor([...new Set(source.lines.map((l) => l.printOptionId))]);
  const byLab = new Map<LabProviderId, LabLine[]>();
  for (const line of source.lines) {
    const product = products.get(line.printOptionId);
    if (product) byLab.set(product.provider, [...(byLab.get(product.provider) ?? []), { line, product }]);
  }
  return byLab;
}
