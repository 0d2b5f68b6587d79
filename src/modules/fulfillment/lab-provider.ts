import type { z } from 'zod';
import type { Config } from '../../config';
import type {
  LabCatalogueProduct,
  LabChoice,
  LabOptionGroup,
  LabProviderId,
  LabSettingField,
} from '../../contract';

/**
 * A print lab reached by API: what the fulfillment module needs of one, in no lab's words.
 * Money in integer cents, sizes in inches. A lab is one entry of `labProviders`
 * (lab-providers.ts): its definition (`LabProviderDefinition`: its settings and product reference,
 * each checked by its own zod schema, and how to connect) builds the connected `LabProvider` the
 * services call. Lumaprints is `lumaprints/` (lumaprints.lab.ts), as the payment providers are;
 * a new lab is its own folder and one line in lab-providers.ts.
 */

export type { LabCatalogueProduct, LabChoice, LabOptionGroup };
/** The lab's catalogue as the admin browses it: its groups (papers, canvas...) and their products. */
export type LabCatalogueGroup = { id: string; name: string; products: LabCatalogueProduct[] };
/** The lab's product and option ids, as the admin chose them in its catalogue. */
export type LabProductChoice = { id: string; optionIds: string[] };

/** Which product of the lab's a print option is: opaque here, checked by the lab's own schema. */
export type LabProductRef = Record<string, unknown>;

/** One print: the lab's product at a size in inches. */
export type LabProductSpec = { ref: LabProductRef; widthIn: number; heightIn: number };

export type LabRecipient = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
};

export type LabOrderItem = LabProductSpec & {
  /** Our line item's id: the lab echoes it. */
  externalItemId: string;
  quantity: number;
  /** Where the lab fetches the file the line is printed from (signed, expiring). */
  imageUrl: string;
};

export type NewLabOrder = {
  /** Our order id: one lab order per shop order and lab. */
  externalId: string;
  /**
   * Unique to this order in this shop's database, for a lab that keeps idempotency keys (Prodigi
   * keeps them per account forever): a recreated database's order "42" is not the old one.
   */
  idempotencyKey: string;
  shippingMethod: string;
  productionTime: string;
  recipient: LabRecipient;
  items: LabOrderItem[];
  /** Where the lab calls us back about this order, for a lab that takes it per order (Prodigi). */
  callbackUrl?: string;
};

export type LabShipment = { carrier: string | null; trackingNumber: string | null; shippedAt: string | null };
export type LabOrderState = {
  orderNumber: string;
  externalId: string | null;
  /** The lab's own words ("Awaiting Fulfillment", "Shipped"). */
  status: string;
  shipments: LabShipment[];
  /** What the lab charges us for shipping this order, in cents, when its answer says. */
  shippingCents: number | null;
};

/**
 * Why a call failed: 'refused' (the lab said no to this request: an address or image it will not
 * take, bad credentials; retrying the same will not help), 'unavailable' (down, throttled,
 * timed out: retried with backoff). `message` is the lab's own text when it gave one; `about`
 * what of ours it refused, when its answer says (the owner's words name it).
 */
export class LabError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly status: number | null = null,
    readonly about: LabRefusalSubject | null = null,
    /** How long the lab asked us to wait (its `Retry-After`), in ms, when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}
/** What a refusal was about: the buyer's address, the print file, or the product or size asked for. */
export type LabRefusalSubject = 'address' | 'file' | 'product';

/** A lab connected with the owner's credentials and settings: what the services call. */
export type LabProvider = {
  id: LabProviderId;
  /**
   * Whether the lab keeps `NewLabOrder.idempotencyKey` (the same key again gives back the same
   * order): a create whose answer was lost can then be sent again at once, not only after the
   * look-up could show it.
   */
  keepsIdempotencyKeys: boolean;
  /**
   * Checks the credentials (a refusal is a LabError): the choices they reach for each of the
   * lab's setting fields (Lumaprints' stores), and what to add to "Connected to {lab} ({mode})"
   * (null: a full stop).
   */
  checkConnection(): Promise<{ choices: Record<string, LabChoice[]>; note: string | null }>;
  catalogue(): Promise<LabCatalogueGroup[]>;
  productOptions(productId: string): Promise<LabOptionGroup[]>;
  /** The lab's price for one print of this product, in cents. */
  productCost(spec: LabProductSpec): Promise<number>;
  /**
   * The shipping for these items to this address, in cents: at the shop's shipping method when
   * given (what an order sent costs; a lab that charges by its order's answer may ignore it), else
   * the cheapest.
   */
  shippingCost(
    items: (LabProductSpec & { quantity: number })[],
    to: LabRecipient,
    shippingMethod?: string,
  ): Promise<number>;
  /** Whether the lab takes this image for this product (its own check); the lab's message if not. */
  checkImage(spec: LabProductSpec, imageUrl: string): Promise<{ ok: boolean; message: string }>;
  createOrder(order: NewLabOrder): Promise<{ orderNumber: string }>;
  /**
   * The lab order made for our order id, if any (the lab keeps no idempotency key: we look
   * first). Only orders made since `since` (our order's creation) are looked through.
   */
  findByExternalId(externalId: string, since: Date): Promise<{ orderNumber: string } | null>;
  /** The order as the lab has it now, with its shipments. */
  order(orderNumber: string): Promise<LabOrderState>;
  /** Registers our shipping webhook with the lab (a URL it already has is fine). */
  registerWebhook(url: string): Promise<void>;
};

/** The key and (for a lab that uses one) the secret; '' for a lab without a secret. */
export type LabCredentials = { apiKey: string; apiSecret: string; baseUrl: string };

/**
 * One lab, as the registry holds it. `S` is its own settings object (a store id...), `R` its
 * product reference; both are stored as the lab's own objects (jsonb) and parsed by its schemas.
 */
export type LabProviderDefinition<S extends Record<string, unknown>, R extends LabProductRef> = {
  id: LabProviderId;
  /** Its name and what it is, in a sentence, as the owner reads them. */
  name: string;
  description: string;
  /** Whether the lab asks for a secret beside the API key (Lumaprints does, Prodigi does not). */
  usesSecret: boolean;
  /** Its own settings the owner chooses among the connection test's choices (Lumaprints' store). */
  settingFields: LabSettingField[];
  /** What a 404 of the lab's may be about, in words ('the store, product or order'). */
  lookupSubjects: string;
  /** The shipping methods and production times the lab offers, in words (the first is the default). */
  shippingMethods: LabChoice[];
  productionTimes: LabChoice[];
  /** Its settings, its field messages the owner's words (a refused value names its field). */
  settingsSchema: z.ZodType<S>;
  /** Its settings before the owner saves any. */
  defaultSettings: S;
  productRefSchema: z.ZodType<R>;
  /** The API's address: production, its sandbox, or a local double from the config. */
  baseUrl(sandbox: boolean, config: Config): string;
  connect(credentials: LabCredentials, settings: S): LabProvider;
  /** A setting the lab cannot work without, missing: the field and its message. */
  missingSetting(settings: S): { field: string; message: string } | null;
  /** The admin's choice in its catalogue as the lab's product reference (checked by `productRefSchema`). */
  productRef(choice: LabProductChoice): unknown;
  productChoice(ref: R): LabProductChoice;
  /**
   * The lab's order number a shipping callback names (its body is only a prompt: the order is
   * read again from the lab's API); null when it names none (the lab checking the address).
   */
  orderNumberOfCallback(body: unknown): string | null;
};
