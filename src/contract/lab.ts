import { z } from 'zod';
import { wholeNumber } from '../platform/http/input-rules';

// The print lab: the owner's settings, which print options the lab makes, and an order's lab order.

/**
 * A lab's id: one of fulfillment's registered labs (`labProviders`), checked there at run time
 * (a path naming another is a 404), so a new lab is its own folder and one registration line.
 */
export type LabProviderId = string;
const labId = z
  .string({ error: 'Choose the lab.' })
  .trim()
  .min(1, 'Choose the lab.')
  .max(20, 'Choose the lab.');

/** One of a lab's choices (a shipping method, a production time, a store) as the owner reads it. */
export const labChoiceSchema = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });
export type LabChoice = z.infer<typeof labChoiceSchema>;

/**
 * A lab order's states: 'review' waits for the owner's approval (the lab's review setting),
 * 'on_hold' the owner held it (sent when she approves), 'held' waits for the hold period, 'sending'
 * is being sent or retried while the lab is down (`nextAttemptAt`), then 'sent', 'shipped'; 'failed'
 * the lab refused it (or stayed down 24 hours), 'canceled' the shop order was.
 */
export const labOrderStatuses = [
  'review',
  'on_hold',
  'held',
  'sending',
  'sent',
  'shipped',
  'failed',
  'canceled',
] as const;
export type LabOrderStatus = (typeof labOrderStatuses)[number];

export const labMessages = {
  notConfigured: 'Connect a print lab first: enter its API key in Print Lab settings.',
  credentials: 'Enter both the API key and the API secret.',
  secretText: 'API keys are letters, digits and dashes, at most 200 characters.',
  shippingMethod: 'Choose a shipping method.',
  productionTime: 'Choose a production time.',
  hold: 'The hold must be a whole number of minutes from 0 to 10080 (a week).',
  margin: 'The margin warning must be a whole percentage from 0 to 100.',
  size: 'Width and height must be inches from 1 to 120, at most 2 decimals.',
  product: 'Choose the lab product.',
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

/** PUT /api/admin/lab/{provider}: a blank (or absent) key or secret keeps the one stored. */
export const labSettingsInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /** Paid orders wait in 'To review' until the owner approves them (else the hold, then sent). */
  reviewBeforeSending: z.boolean({ error: 'reviewBeforeSending must be true or false' }).default(false),
  sandbox: z.boolean({ error: 'sandbox must be true or false' }),
  apiKey: secretText.optional(),
  apiSecret: secretText.optional(),
  /**
   * The lab's own settings (Lumaprints' store...), checked by its own schema: a field left out
   * keeps the stored one; a refused one is a 400 naming it.
   */
  settings: z.record(z.string(), z.unknown(), { error: 'settings must be an object' }).optional(),
  /** One of the lab's own (its settings' `shippingMethods`, `productionTimes`). */
  shippingMethod: z.string({ error: labMessages.shippingMethod }).max(60, labMessages.shippingMethod),
  productionTime: z.string({ error: labMessages.productionTime }).max(60, labMessages.productionTime),
  holdMinutes: wholeNumber(labMessages.hold, 0, 10_080),
  minMarginPercent: wholeNumber(labMessages.margin, 0, 100),
});
export type LabSettingsInput = z.output<typeof labSettingsInputSchema>;

/**
 * A setting of the lab's own the owner chooses among what the lab answers a connection test
 * (Lumaprints' store): the form renders it from this, in no lab's words of its own.
 */
export const labSettingFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Under the field: what it is for ('Orders go to this store.'). */
  help: z.string(),
  /** Before a test has listed the choices, the saved one ('{value}' is its id). */
  saved: z.string(),
  /** What a test lets the owner choose ('the store orders go to') and lists ('your stores'). */
  choose: z.string(),
  list: z.string(),
});
export type LabSettingField = z.infer<typeof labSettingFieldSchema>;

/** One lab's settings: never the key or secret themselves, only whether they are set. */
export const labSettingsViewSchema = z.object({
  provider: z.string(),
  /** The lab's definition: its name ('Lumaprints') and what it is, in a sentence. */
  name: z.string(),
  description: z.string(),
  /** The lab is the built-in demo double (LAB_DEMO): no account, nothing printed or shipped. */
  demo: z.boolean(),
  enabled: z.boolean(),
  sandbox: z.boolean(),
  apiKeySet: z.boolean(),
  apiSecretSet: z.boolean(),
  /** Whether the lab asks for a secret beside the key (Prodigi: a key only). */
  usesSecret: z.boolean(),
  /** The lab's own settings, as saved, and the fields the owner chooses them in. */
  settings: z.record(z.string(), z.unknown()),
  settingFields: z.array(labSettingFieldSchema),
  shippingMethod: z.string(),
  /** The shipping methods this lab offers, in words. */
  shippingMethods: z.array(labChoiceSchema),
  productionTime: z.string(),
  productionTimes: z.array(labChoiceSchema),
  holdMinutes: z.number(),
  reviewBeforeSending: z.boolean(),
  minMarginPercent: z.number(),
});
export type LabSettingsView = z.infer<typeof labSettingsViewSchema>;

/** GET /api/admin/lab: every lab's settings, and whether the labs are the demo doubles. */
export const labSetupSchema = z.object({ demo: z.boolean(), labs: z.array(labSettingsViewSchema) });
export type LabSetup = z.infer<typeof labSetupSchema>;

/**
 * POST /api/admin/lab/{provider}/test-connection: what is typed, tested without saving it (a
 * blank key or secret tests the stored one).
 */
export const labConnectionTestSchema = z.object({
  sandbox: z.boolean({ error: 'sandbox must be true or false' }),
  apiKey: secretText.optional(),
  apiSecret: secretText.optional(),
});
export type LabConnectionTest = z.output<typeof labConnectionTestSchema>;

/** The answer, in words, and the choices the credentials reach for each of the lab's setting fields. */
export const labConnectionSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  choices: z.record(z.string(), z.array(labChoiceSchema)),
});

/** A product of a lab's catalogue (its id is the lab's own, as text). */
export const labCatalogueProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  minWidth: z.number(),
  maxWidth: z.number(),
  minHeight: z.number(),
  maxHeight: z.number(),
  /** The pixels per inch the lab asks for (null when it does not say). */
  requiredDpi: z.number().nullable(),
});
export type LabCatalogueProduct = z.infer<typeof labCatalogueProductSchema>;

/** GET /api/admin/lab/{provider}/catalog: the lab's products, in its groups (papers, canvas...). */
export const labCatalogSchema = z.object({
  groups: z.array(
    z.object({ id: z.string(), name: z.string(), products: z.array(labCatalogueProductSchema) }),
  ),
});
export type LabCatalog = z.infer<typeof labCatalogSchema>;

/** GET /api/admin/lab/{provider}/catalog/products/{id}/options: one choice per group (a frame...). */
export const labOptionGroupsSchema = z.object({
  groups: z.array(
    z.object({ group: z.string(), options: z.array(z.object({ id: z.string(), name: z.string() })) }),
  ),
});
export type LabOptionGroup = z.infer<typeof labOptionGroupsSchema>['groups'][number];

const inches = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() ? Number(v) : v),
  z
    .number({ error: labMessages.size })
    .min(1, labMessages.size)
    .max(120, labMessages.size)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, labMessages.size),
);

/** PUT /api/admin/lab/products/{printOptionId}: the print option is made by this lab. */
export const labProductInputSchema = z.object({
  provider: labId,
  /** The lab's product and option ids (its catalogue's), read into its own reference by its schema. */
  productId: z
    .string({ error: labMessages.product })
    .trim()
    .min(1, labMessages.product)
    .max(100, labMessages.product),
  widthIn: inches,
  heightIn: inches,
  optionIds: z
    .array(
      z
        .string({ error: labMessages.optionIds })
        .trim()
        .min(1, labMessages.optionIds)
        .max(100, labMessages.optionIds),
      {
        error: labMessages.optionIds,
      },
    )
    .max(20, labMessages.optionIds)
    .default([]),
});
export type LabProductInput = z.output<typeof labProductInputSchema>;

/** A print option the lab makes, with its cost and margin against our price (dollars). */
export const labProductViewSchema = z.object({
  printOptionId: z.number(),
  provider: z.string(),
  /** The lab's name ('Lumaprints'). */
  labName: z.string(),
  size: z.string(),
  format: z.string(),
  productId: z.string(),
  productName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  optionIds: z.array(z.string()),
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
  /** The lab product's size or paper is not the option's (the buyer is told the option's), in words. */
  mismatch: z.string().nullable(),
});
export type LabProductView = z.infer<typeof labProductViewSchema>;
export const labProductListSchema = z.object({ products: z.array(labProductViewSchema) });

/** A line of a lab order: what the lab makes, and the file it gets (the owner can download it). */
export const labOrderLineSchema = z.object({
  lineId: z.number(),
  photoTitle: z.string(),
  size: z.string(),
  format: z.string(),
  /** The lab's product (its paper or canvas). */
  productName: z.string(),
  /** The lab product's size or paper is not the line's (what the buyer ordered), in words. */
  mismatch: z.string().nullable(),
  quantity: z.number(),
  /** The print's sides as sent, turned to the crop's orientation. */
  widthIn: z.number(),
  heightIn: z.number(),
  /** The cropped file at full resolution (an admin download), and a small image of it. */
  printFileUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});

/** One lab's order for a shop order (an order with lines for two labs has two). */
export const labOrderViewSchema = z.object({
  provider: z.string(),
  name: z.string(),
  demo: z.boolean(),
  status: z.enum(labOrderStatuses),
  labOrderNumber: z.string().nullable(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** In the photographer's words; `labText` is the lab's own, shown beside it. */
  lastError: z.string().nullable(),
  labText: z.string().nullable(),
  attempts: z.number(),
  /** While the lab is down: when the next try is (retried for 24 hours). */
  nextAttemptAt: z.string().nullable(),
  /** The lab's shipping charge for this order, dollars (null until known). */
  labShipping: z.number().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  lines: z.array(labOrderLineSchema),
});
export type LabOrderView = z.infer<typeof labOrderViewSchema>;
/** GET /api/admin/orders/{id}/lab, and the send/hold answers. */
export const orderLabSchema = z.object({ labs: z.array(labOrderViewSchema) });

/** GET /api/admin/lab/review: paid orders waiting for the owner ('review' and 'on_hold'). */
export const labReviewListSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.number(),
      customerName: z.string(),
      paidAt: z.string().nullable(),
      labs: z.array(labOrderViewSchema),
    }),
  ),
});
export type LabReviewList = z.infer<typeof labReviewListSchema>;

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
