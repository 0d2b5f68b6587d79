import { z } from 'zod';
import { wholeNumber } from '../../../platform/http/input-rules';
import { LabError, type LabProductSpec, type LabProvider, type LabProviderDefinition } from '../lab-provider';
import { PRODUCTION_TIMES, productionChoices, SHIPPING_METHODS, shippingChoices } from '../lab-choices';
import { createLumaprintsClient } from './lumaprints.client';
import {
  LUMAPRINTS_PRODUCTION_URL,
  LUMAPRINTS_SANDBOX_URL,
  type LumaprintsProductSpec,
} from './lumaprints-mapping';

const STORE_MESSAGE = 'Choose the Lumaprints store to send orders to.';

/** Lumaprints' settings: the store orders go to (chosen from the stores the credentials reach). */
export const lumaprintsSettingsSchema = z.object({
  storeId: wholeNumber(STORE_MESSAGE, 1, 2_147_483_647).nullable().default(null),
});
export type LumaprintsSettings = z.infer<typeof lumaprintsSettingsSchema>;

/** Lumaprints' product: a subcategory (paper, canvas, metal...) with its option ids (a frame...). */
export const lumaprintsProductRefSchema = z.object({
  subcategoryId: z.number().int().positive(),
  optionIds: z.array(z.number().int().positive()),
});
export type LumaprintsProductRef = z.infer<typeof lumaprintsProductRefSchema>;

const specOf = (spec: LabProductSpec): LumaprintsProductSpec => {
  const ref = lumaprintsProductRefSchema.parse(spec.ref);
  return {
    subcategoryId: ref.subcategoryId,
    widthIn: spec.widthIn,
    heightIn: spec.heightIn,
    optionIds: ref.optionIds,
  };
};

/** The lab seam over Lumaprints' client: the store id bound in, product references read. */
export const lumaprintsLab: LabProviderDefinition<LumaprintsSettings, LumaprintsProductRef> = {
  id: 'lumaprints',
  name: 'Lumaprints',
  description:
    'A US fine-art lab: archival papers, canvas, metal and framed prints. Paid orders for the prints it makes go to the lab, and come back with tracking.',
  usesSecret: true,
  settingFields: [
    {
      key: 'storeId',
      label: 'Store',
      help: 'Orders go to this store.',
      saved: 'Orders go to store #{value}.',
      choose: 'the store orders go to',
      list: 'your stores',
    },
  ],
  lookupSubjects: 'the store, product or order',
  // every one the shop has words for (Lumaprints has more: pickup, freight, international)
  shippingMethods: shippingChoices(SHIPPING_METHODS),
  productionTimes: productionChoices(PRODUCTION_TIMES),
  settingsSchema: lumaprintsSettingsSchema,
  defaultSettings: { storeId: null },
  productRefSchema: lumaprintsProductRefSchema,
  baseUrl: (sandbox, config) =>
    config.LUMAPRINTS_API_BASE ?? (sandbox ? LUMAPRINTS_SANDBOX_URL : LUMAPRINTS_PRODUCTION_URL),

  connect(credentials, settings): LabProvider {
    const client = createLumaprintsClient(credentials);
    /** Calls that need the store: refused, with the owner's message, until one is chosen. */
    const store = () => {
      if (!settings.storeId) throw new LabError('refused', STORE_MESSAGE);
      return settings.storeId;
    };
    return {
      id: 'lumaprints',
      // it keeps none: a lost create's order is found by the look-up, which shows it minutes late
      keepsIdempotencyKeys: false,
      async checkConnection() {
        const stores = await client.stores();
        const count = stores.length === 1 ? 'one store' : `${stores.length} stores`;
        return {
          choices: {
            storeId: stores.map((s) => ({
              id: s.storeId,
              name: s.storeName ? `${s.storeName} (#${s.storeId})` : `Store #${s.storeId}`,
            })),
          },
          note: stores.length
            ? `: ${count}. Choose the store orders go to.`
            : ', but the account has no store yet: make one at Lumaprints first.',
        };
      },
      // its categories are the groups, their subcategories the products
      async catalogue() {
        const groups = [];
        for (const c of await client.categories()) {
          const products = (await client.subcategories(c.id)).map(({ subcategoryId, ...p }) => ({
            ...p,
            id: String(subcategoryId),
          }));
          groups.push({ id: String(c.id), name: c.name, products });
        }
        return groups;
      },
      productOptions: async (productId) =>
        (await client.options(Number(productId))).map((g) => ({
          group: g.group,
          options: g.options.map((o) => ({ id: String(o.optionId), name: o.name })),
        })),
      productCost: (spec) => client.productCost(specOf(spec)),
      shippingCost: (items, to) =>
        client.shippingCost(
          items.map((i) => ({ ...specOf(i), quantity: i.quantity })),
          to,
        ),
      checkImage: (spec, imageUrl) => client.checkImage(specOf(spec), imageUrl),
      createOrder: (order) =>
        client.createOrder({
          ...order,
          storeId: store(),
          items: order.items.map((i) => ({
            ...specOf(i),
            externalItemId: i.externalItemId,
            quantity: i.quantity,
            imageUrl: i.imageUrl,
          })),
        }),
      findByExternalId: (externalId, since) => client.findByExternalId(store(), externalId, since),
      order: (orderNumber) => client.order(orderNumber),
      registerWebhook: (url) => client.registerWebhook(store(), url),
    };
  },

  missingSetting: (s) => (s.storeId ? null : { field: 'storeId', message: STORE_MESSAGE }),
  productRef: (choice) => ({ subcategoryId: Number(choice.id), optionIds: choice.optionIds.map(Number) }),
  productChoice: (ref) => ({ id: String(ref.subcategoryId), optionIds: ref.optionIds.map(String) }),
  // {orderNumber, externalId, shipments}: a number or a string; an empty body checks the address
  orderNumberOfCallback(body) {
    const raw = (body as { orderNumber?: unknown } | null)?.orderNumber;
    return typeof raw === 'number' || typeof raw === 'string' ? String(raw).slice(0, 100) || null : null;
  },
};
