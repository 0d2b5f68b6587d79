import { z } from 'zod';
import { wholeNumber } from '../platform/http/input-rules';

// The print lab: the owner's settings, which print options the lab makes, and an order's lab order.

/** The labs the shop can work with: the ids of fulfillment's `labProviders` registry. */
export const labProviderIds = ['lumaprints'] as const;
export type LabProviderId = (typeof labProviderIds)[number];

export const labShippingMethods = [
  'default',
  'ground',
  'ground_economy',
  '2_day',
  'overnight',
  'usps_ground_advantage',
  'usps_priority_mail',
] as const;
export const labProductionTimes = ['regular', 'nextday', 'sameday'] as const;
export const labOrderStatuses = ['held', 'sending', 'sent', 'shipped', 'failed', 'canceled'] as const;
export type LabOrderStatus = (typeof labOrderStatuses)[number];

export const labMessages = {
  notConfigured: 'Connect a print lab first: enter its API key, secret and store in Print Lab settings.',
  credentials: 'Enter both the API key and the API secret.',
  secretText: 'API keys are letters, digits and dashes, at most 200 characters.',
  storeId: 'Choose the Lumaprints store to send orders to.',
  shippingMethod: 'Choose a shipping method.',
  productionTime: 'Choose a production time.',
  hold: 'The hold must be a whole number of minutes from 0 to 10080 (a week).',
  margin: 'The margin warning must be a whole percentage from 0 to 100.',
  size: 'Width and height must be inches from 1 to 120, at most 2 decimals.',
  subcategory: 'Choose the lab product.',
  optionIds: 'Options must be the lab option ids.',
  optionNotFound: 'Print option not found.',
  noLabLines: 'None of the prints in this order are made by the print lab.',
  notPaid: 'Only a paid order goes to the print lab.',
  alreadySent: 'This order is already at the print lab.',
  unavailable: 'The print lab could not be reached. Please try again in a moment.',
} as const;

const secretText = z
  .string({ error: labMessages.secretText })
  .trim()
  .max(200, labMessages.secretText)
  .regex(/^[A-Za-z0-9_-]*$/, labMessages.secretText);

/** PUT /api/admin/lab: a blank (or absent) key or secret keeps the one stored. */
export const labSettingsInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  sandbox: z.boolean({ error: 'sandbox must be true or false' }),
  apiKey: secretText.optional(),
  apiSecret: secretText.optional(),
  storeId: wholeNumber(labMessages.storeId, 1, 2_147_483_647).nullable().optional(),
  shippingMethod: z.enum(labShippingMethods, { error: labMessages.shippingMethod }),
  productionTime: z.enum(labProductionTimes, { error: labMessages.productionTime }),
  holdMinutes: wholeNumber(labMessages.hold, 0, 10_080),
  minMarginPercent: wholeNumber(labMessages.margin, 0, 100),
});
export type LabSettingsInput = z.output<typeof labSettingsInputSchema>;

/** GET /api/admin/lab: never the key or secret themselves, only whether they are set. */
export const labSettingsViewSchema = z.object({
  provider: z.enum(labProviderIds),
  enabled: z.boolean(),
  sandbox: z.boolean(),
  apiKeySet: z.boolean(),
  apiSecretSet: z.boolean(),
  storeId: z.number().nullable(),
  shippingMethod: z.enum(labShippingMethods),
  productionTime: z.enum(labProductionTimes),
  holdMinutes: z.number(),
  minMarginPercent: z.number(),
});
export type LabSettingsView = z.infer<typeof labSettingsViewSchema>;

/** POST /api/admin/lab/test-connection: the stores the credentials reach. */
export const labConnectionSchema = z.object({
  ok: z.literal(true),
  stores: z.array(z.object({ storeId: z.number(), storeName: z.string() })),
});

/** GET /api/admin/lab/catalog: the lab's products (categories and their subcategories). */
export const labCatalogSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      subcategories: z.array(
        z.object({
          subcategoryId: z.number(),
          name: z.string(),
          minWidth: z.number(),
          maxWidth: z.number(),
          minHeight: z.number(),
          maxHeight: z.number(),
          requiredDpi: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type LabCatalog = z.infer<typeof labCatalogSchema>;

/** GET /api/admin/lab/catalog/subcategories/{id}/options */
export const labOptionGroupsSchema = z.object({
  groups: z.array(
    z.object({ group: z.string(), options: z.array(z.object({ optionId: z.number(), name: z.string() })) }),
  ),
});

const inches = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() ? Number(v) : v),
  z
    .number({ error: labMessages.size })
    .min(1, labMessages.size)
    .max(120, labMessages.size)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, labMessages.size),
);

/** PUT /api/admin/lab/products/{printOptionId}: the print option is made by the lab. */
export const labProductInputSchema = z.object({
  subcategoryId: wholeNumber(labMessages.subcategory, 1, 2_147_483_647),
  widthIn: inches,
  heightIn: inches,
  optionIds: z
    .array(wholeNumber(labMessages.optionIds, 1, 2_147_483_647))
    .max(20)
    .default([]),
});
export type LabProductInput = z.output<typeof labProductInputSchema>;

/** A print option the lab makes, with its cost and margin against our price (dollars). */
export const labProductViewSchema = z.object({
  printOptionId: z.number(),
  size: z.string(),
  format: z.string(),
  subcategoryId: z.number(),
  productName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  optionIds: z.array(z.number()),
  requiredDpi: z.number().nullable(),
  price: z.number(),
  shipping: z.number(),
  /** The lab's price for one print, and its shipping quote (to the shop's own state), null until quoted. */
  labCost: z.number().nullable(),
  labShipping: z.number().nullable(),
  /** price + shipping - lab cost - lab shipping, and as a percent of price + shipping. */
  margin: z.number().nullable(),
  marginPercent: z.number().nullable(),
  /** The margin is under the owner's threshold. */
  lowMargin: z.boolean(),
});
export type LabProductView = z.infer<typeof labProductViewSchema>;
export const labProductListSchema = z.object({ products: z.array(labProductViewSchema) });

/** An order's lab order, in the admin's order details. */
export const labOrderViewSchema = z.object({
  status: z.enum(labOrderStatuses),
  labOrderNumber: z.string().nullable(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number(),
  /** How many of the order's lines the lab makes (the rest the owner ships herself). */
  labLines: z.number(),
});
export type LabOrderView = z.infer<typeof labOrderViewSchema>;
export const orderLabSchema = z.object({ lab: labOrderViewSchema.nullable() });

/** GET /api/admin/photos/{id}/print-sizes: which sizes buyers are offered, and why not. */
export const printSizesSchema = z.object({
  width: z.number(),
  height: z.number(),
  /** The fewest pixels per inch a lab-made size needs (LAB_MIN_PPI; a lab product may ask more). */
  minPpi: z.number(),
  sizes: z.array(
    z.object({
      printOptionId: z.number(),
      size: z.string(),
      format: z.string(),
      madeBy: z.enum(['lab', 'you']),
      /** Shown to buyers: false for a lab-made size the photo has too few pixels for. */
      offered: z.boolean(),
      /** The pixels per inch the photo reaches at this size (null: the size is not in inches). */
      ppi: z.number().nullable(),
      /** Why it is hidden, or a warning for a size the owner ships herself. */
      note: z.string().nullable(),
    }),
  ),
});
export type PrintSizes = z.infer<typeof printSizesSchema>;
