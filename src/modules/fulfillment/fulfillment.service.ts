import type { AppContext } from '../../platform/context';
import type {
  LabConnectionTest,
  LabProductInput,
  LabSettingsInput,
  PhotoDetail,
  PrintOption,
} from '../../contract';
import type { LabSecrets } from './lab-secrets';
import type { FulfillmentRepository } from './fulfillment.repository';
import { createLabSettings } from './lab-settings.service';
import type { LabRegistry } from './lab-providers';
import { createLabProducts } from './lab-products.service';
import { createOfferRule } from './offer-rule';
import { createLabOrders } from './lab-orders.service';
import type { LabOrdersDeps, ShopOrders } from './lab-order-deps';
import { createLabWebhook } from './lab-webhook';
import { createLabFiles, type LabFilesDeps } from './lab-files';

export type FulfillmentDeps = {
  repo: FulfillmentRepository;
  secrets: LabSecrets;
  /** The labs this app works with (lab-providers.ts, and any its maker added). */
  labs: LabRegistry;
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
 * settings, one per lab (lab-settings.service.ts), the labs' products and which print options
 * each makes (lab-products.service.ts), the resolution guard (offer-rule.ts), the lab orders'
 * lifecycle (lab-orders.service.ts, with lab-order-send.ts and lab-order-sync.ts), the labs' webhook (lab-webhook.ts) and the signed print files
 * (lab-files.ts). The labs themselves are reached through the registry (lab-providers.ts); a
 * path's lab is checked there (404 for one not registered).
 */
export function createFulfillmentService(ctx: AppContext, deps: FulfillmentDeps) {
  const { repo, secrets } = deps;
  const settings = createLabSettings(ctx, {
    repo,
    secrets,
    labs: deps.labs,
    forgetCatalog: (provider) => products.forgetCatalog(provider),
  });
  const products = createLabProducts({ repo, settings, catalog: deps.catalog });
  const offerRule = createOfferRule(ctx, { repo, catalog: deps.catalog, media: deps.media });
  const files = createLabFiles(ctx, {
    secrets,
    repo,
    orders: deps.orders,
    catalog: deps.catalog,
    media: deps.media,
  });
  const labOrders = createLabOrders(ctx, { ...deps, settings, printFile: files.printFile });
  return {
    settings: () => settings.setup(),
    labStatus: () => settings.status(),
    saveSettings: (provider: string, input: LabSettingsInput) => settings.saveSettings(provider, input),
    testConnection: (provider: string, input: LabConnectionTest) => settings.testConnection(provider, input),
    catalog: (provider: string) => products.catalog(provider),
    options: (provider: string, productId: string) => products.options(provider, productId),
    products: products.products,
    mapProduct: (printOptionId: number, input: LabProductInput) => products.mapProduct(printOptionId, input),
    unmapProduct: products.unmapProduct,
    hiddenOptions: offerRule.hiddenOptions,
    printSizes: offerRule.printSizes,
    orderPaid: labOrders.orderPaid,
    send: labOrders.send,
    sync: labOrders.sync,
    sweep: labOrders.sweep,
    labOrders: labOrders.labOrders,
    sendNow: labOrders.sendNow,
    hold: labOrders.hold,
    reviewList: labOrders.reviewList,
    webhook: createLabWebhook(ctx, { repo, labs: deps.labs, enqueueSync: deps.enqueueSync }),
    file: files.file,
    /** The file a line is printed from (its crop) and its signed address for the lab. */
    printFile: files.printFile,
    printFileBytes: files.print,
    lineFile: files.lineFile,
  };
}
export type FulfillmentService = ReturnType<typeof createFulfillmentService>;
