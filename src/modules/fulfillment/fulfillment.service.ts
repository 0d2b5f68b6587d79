import type { AppContext } from '../../platform/context';
import type { PhotoDetail, PrintOption } from '../../contract';
import type { LabSecrets } from './lab-secrets';
import type { FulfillmentRepository } from './fulfillment.repository';
import { createLabSettings } from './lab-settings.service';
import { createLabProducts } from './lab-products.service';
import { createOfferRule } from './offer-rule';
import { createLabOrders, type LabOrdersDeps, type ShopOrders } from './lab-orders.service';
import { createLabWebhook } from './lab-webhook';
import { createLabFiles, type LabFilesDeps } from './lab-files';

export type FulfillmentDeps = {
  repo: FulfillmentRepository;
  secrets: LabSecrets;
  orders: ShopOrders;
  catalog: LabFilesDeps['catalog'] & {
    listPrintOptions(): Promise<PrintOption[]>;
    getPhoto(id: number, audience: 'admin'): Promise<PhotoDetail>;
  };
  media: LabFilesDeps['media'];
  enqueueSend: LabOrdersDeps['enqueueSend'];
  enqueueSync: LabOrdersDeps['enqueueSync'];
  enqueueEmail: LabOrdersDeps['enqueueEmail'];
};

/**
 * The fulfillment module's one service, put together from its parts by role: the owner's lab
 * settings (lab-settings.service.ts), the lab's products and which print options it makes
 * (lab-products.service.ts), the resolution guard (offer-rule.ts), the lab order's lifecycle
 * (lab-orders.service.ts), the lab's webhook (lab-webhook.ts) and the signed originals
 * (lab-files.ts). The lab itself is reached through `labProviders` (lab-providers.ts).
 */
export function createFulfillmentService(ctx: AppContext, deps: FulfillmentDeps) {
  const { repo, secrets } = deps;
  const settings = createLabSettings(ctx, { repo, secrets, forgetCatalog: () => products.forgetCatalog() });
  const products = createLabProducts({ repo, settings, catalog: deps.catalog });
  const offerRule = createOfferRule(ctx, { repo, catalog: deps.catalog, media: deps.media });
  const files = createLabFiles(ctx, {
    secrets,
    repo,
    orders: deps.orders,
    catalog: deps.catalog,
    media: deps.media,
  });
  const labOrders = createLabOrders(ctx, { ...deps, settings, fileUrl: (id) => files.fileUrl(id) });
  return {
    settings: () => settings.settings(),
    saveSettings: settings.saveSettings,
    testConnection: () => settings.testConnection(),
    catalog: () => products.catalog(),
    options: products.options,
    products: products.products,
    mapProduct: products.mapProduct,
    unmapProduct: products.unmapProduct,
    hiddenOptions: offerRule.hiddenOptions,
    printSizes: offerRule.printSizes,
    orderPaid: labOrders.orderPaid,
    send: labOrders.send,
    sync: labOrders.sync,
    sweep: labOrders.sweep,
    labOrder: labOrders.labOrder,
    sendNow: labOrders.sendNow,
    webhook: createLabWebhook(ctx, { repo, enqueueSync: deps.enqueueSync }),
    file: files.file,
    /** The file a line is printed from (its crop) and its signed address for the lab. */
    printFile: files.printFile,
    printFileBytes: files.print,
    lineFile: files.lineFile,
  };
}
export type FulfillmentService = ReturnType<typeof createFulfillmentService>;
