import sharp from 'sharp';
import { z } from 'zod';
import { LabError, type LabProductSpec, type LabProvider, type LabProviderDefinition } from '../lab-provider';
import { productionChoices, shippingChoices } from '../lab-choices';
import {
  attributesFor,
  familyOf,
  optionGroupsOf,
  PRODIGI_CATEGORIES,
  PRODIGI_FAMILIES,
  productOf,
  skuFor,
} from './prodigi-catalogue';
import { createProdigiClient } from './prodigi.client';
import {
  callbackOrderId,
  measureImage,
  PRODIGI_LIVE_URL,
  PRODIGI_SANDBOX_URL,
  prodigiProductionTimes,
  prodigiShippingMethods,
  shippingMethodFor,
  type ProdigiItem,
} from './prodigi-mapping';

/** Prodigi has no settings of its own beside the key: no stores, no secret. */
export const prodigiSettingsSchema = z.object({});
export type ProdigiSettings = z.infer<typeof prodigiSettingsSchema>;

/** A Prodigi product: one of our curated families (prodigi-catalogue.ts) and its attribute choices. */
export const prodigiProductRefSchema = z.object({
  familyId: z.number().int().positive(),
  optionIds: z.array(z.number().int().positive()),
});
export type ProdigiProductRef = z.infer<typeof prodigiProductRefSchema>;

/**
 * The fewest pixels per inch our own image check takes (Prodigi recommends 300 and prints from
 * less; 150 is the shop's LAB_MIN_PPI default, what the resolution guard offers sizes at).
 */
const MIN_PPI = 150;

/** The SKU and attributes of a print: refused, with the owner's words, when Prodigi has no such product. */
function itemOf(spec: LabProductSpec): Omit<ProdigiItem, 'copies'> {
  const ref = prodigiProductRefSchema.parse(spec.ref);
  const family = familyOf(ref.familyId);
  if (!family) throw new LabError('refused', `Prodigi product ${ref.familyId} is not one the shop offers.`);
  const sku = skuFor(family, spec.widthIn, spec.heightIn);
  if (!sku)
    throw new LabError(
      'refused',
      `Prodigi does not make ${family.name} at ${spec.widthIn} x ${spec.heightIn} in; its sizes are ${family.sizes
        .map(([s, l]) => `${s}x${l}`)
        .join(', ')}.`,
    );
  const attributes = attributesFor(family, ref.optionIds);
  if (typeof attributes === 'string') throw new LabError('refused', attributes);
  return { sku, attributes };
}

/** The image's pixel size, read from its address as the lab would fetch it. */
async function pixelsAt(imageUrl: string): Promise<{ width: number; height: number } | string> {
  let res: Response;
  try {
    res = await fetch(imageUrl, { signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new LabError('unavailable', `The image could not be fetched (${(err as Error).name}).`);
  }
  if (res.status !== 200) return `The image's address answered HTTP ${res.status}.`;
  try {
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') return 'Prodigi takes JPEG and PNG images only.';
    return { width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    return 'The image could not be read.';
  }
}

/**
 * The lab seam over Prodigi's client. Prodigi has no settings of its own (the connection check
 * checks the key), no catalogue tree (ours, curated), takes a callback address with each order
 * (registering a webhook is nothing), and has no image check (we measure the file).
 */
export const prodigiLab: LabProviderDefinition<ProdigiSettings, ProdigiProductRef> = {
  id: 'prodigi',
  name: 'Prodigi',
  description:
    'A fine-art print lab with studios in the US, the UK and Europe: giclée papers, canvas and framed prints, made near the buyer. Paid orders for the prints it makes go to the lab, and come back with tracking.',
  settingFields: [],
  lookupSubjects: 'the product or order',
  settingsSchema: prodigiSettingsSchema,
  defaultSettings: {},
  productRefSchema: prodigiProductRefSchema,
  baseUrl: (sandbox, config) => config.PRODIGI_API_BASE ?? (sandbox ? PRODIGI_SANDBOX_URL : PRODIGI_LIVE_URL),
  shippingMethods: shippingChoices(prodigiShippingMethods),
  productionTimes: productionChoices(prodigiProductionTimes),
  usesSecret: false,
  orderNumberOfCallback: callbackOrderId,

  // the key only: the seam's apiSecret is Lumaprints' and is not used
  connect(credentials): LabProvider {
    const client = createProdigiClient({ apiKey: credentials.apiKey, baseUrl: credentials.baseUrl });
    return {
      id: 'prodigi',
      keepsIdempotencyKeys: true,
      async checkConnection() {
        await client.checkKey();
        return { choices: {}, note: null };
      },
      // each family's smallest SKU looked up: a family Prodigi does not know (or no longer makes)
      // is not offered, and a wrong key says so here
      async catalogue() {
        const groups = [];
        for (const category of PRODIGI_CATEGORIES) {
          const families = PRODIGI_FAMILIES.filter((f) => f.categoryId === category.id);
          const known = await Promise.all(
            families.map((f) => client.product(skuFor(f, f.sizes[0]![0], f.sizes[0]![1])!)),
          );
          const products = families.filter((_, i) => known[i] !== null).map(productOf);
          groups.push({ id: String(category.id), name: category.name, products });
        }
        return groups;
      },
      productOptions: async (productId) => {
        const family = familyOf(Number(productId));
        if (!family)
          throw new LabError('refused', `Prodigi product ${productId} is not one the shop offers.`);
        return optionGroupsOf(family);
      },
      productCost: async (spec) => client.unitCost(itemOf(spec)),
      // Prodigi quotes by country only: the address beyond it does not change the price; its
      // charges come by invoice, so an order's is its quote at the method sent
      shippingCost: async (items, _to, method) =>
        client.shippingCost(
          items.map((i) => ({ ...itemOf(i), copies: i.quantity })),
          method === undefined ? undefined : shippingMethodFor(method),
        ),
      async checkImage(spec, imageUrl) {
        itemOf(spec); // a size Prodigi does not make is its refusal
        const px = await pixelsAt(imageUrl);
        if (typeof px === 'string') return { ok: false, message: px };
        return measureImage(px, spec.widthIn, spec.heightIn, MIN_PPI);
      },
      async createOrder(order) {
        const { orderId } = await client.createOrder({
          merchantReference: order.externalId,
          idempotencyKey: order.idempotencyKey,
          shippingMethod: shippingMethodFor(order.shippingMethod),
          recipient: order.recipient,
          callbackUrl: order.callbackUrl,
          items: order.items.map((i) => ({
            ...itemOf(i),
            copies: i.quantity,
            merchantReference: i.externalItemId,
            imageUrl: i.imageUrl,
          })),
        });
        return { orderNumber: orderId };
      },
      // bounded by the order's creation: an older order under the same reference is not ours
      async findByExternalId(externalId, since) {
        const found = await client.findByMerchantReference(externalId, since);
        return found ? { orderNumber: found.orderId } : null;
      },
      order: (orderNumber) => client.order(orderNumber),
      // Prodigi takes the callback address with each order (NewLabOrder.callbackUrl)
      registerWebhook: async () => undefined,
    };
  },

  missingSetting: () => null,
  productRef: (choice) => ({ familyId: Number(choice.id), optionIds: choice.optionIds.map(Number) }),
  productChoice: (ref) => ({ id: String(ref.familyId), optionIds: ref.optionIds.map(String) }),
};
