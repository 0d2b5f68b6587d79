import { z } from 'zod';
import { labMessages, labProductionTimes, labShippingMethods } from '../../../contract';
import { LabError, type LabProductSpec, type LabProvider, type LabProviderDefinition } from '../lab-provider';
import { createLumaprintsClient } from './lumaprints.client';
import {
  LUMAPRINTS_PRODUCTION_URL,
  LUMAPRINTS_SANDBOX_URL,
  type LumaprintsProductSpec,
} from './lumaprints-mapping';

/** Lumaprints' settings: the store orders go to (chosen from the stores the credentials reach). */
export const lumaprintsSettingsSchema = z.object({ storeId: z.number().int().positive().nullable() });
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
  usesSecret: true,
  usesStores: true,
  shippingMethods: labShippingMethods,
  productionTimes: labProductionTimes,
  settingsSchema: lumaprintsSettingsSchema,
  defaultSettings: { storeId: null },
  productRefSchema: lumaprintsProductRefSchema,
  baseUrl: (sandbox, config) =>
    config.LUMAPRINTS_API_BASE ?? (sandbox ? LUMAPRINTS_SANDBOX_URL : LUMAPRINTS_PRODUCTION_URL),

  connect(credentials, settings): LabProvider {
    const client = createLumaprintsClient(credentials);
    /** Calls that need the store: refused, with the owner's message, until one is chosen. */
    const store = () => {
      if (!settings.storeId) throw new LabError('refused', labMessages.storeId);
      return settings.storeId;
    };
    return {
      id: 'lumaprints',
      // it keeps none: a lost create's order is found by the look-up, which shows it minutes late
      keepsIdempotencyKeys: false,
      stores: () => client.stores(),
      categories: () => client.categories(),
      subcategories: (categoryId) => client.subcategories(categoryId),
      options: (productId) => client.options(productId),
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

  settingsFromWire: (input, before) => ({
    storeId: input.storeId === undefined ? before.storeId : input.storeId,
  }),
  settingsToWire: (s) => ({ storeId: s.storeId }),
  missingSetting: (s) => (s.storeId ? null : { field: 'storeId', message: labMessages.storeId }),
  productRefFromWire: (input) => ({ subcategoryId: input.subcategoryId, optionIds: input.optionIds }),
  productRefToWire: (ref) => ({ subcategoryId: ref.subcategoryId, optionIds: ref.optionIds }),
  // {orderNumber, externalId, shipments}: a number or a string; an empty body checks the address
  orderNumberOfCallback(body) {
    const raw = (body as { orderNumber?: unknown } | null)?.orderNumber;
    return typeof raw === 'number' || typeof raw === 'string' ? String(raw).slice(0, 100) || null : null;
  },
};
