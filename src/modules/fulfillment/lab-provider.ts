/**
 * A print lab reached by API: what the fulfillment module needs of one. Lumaprints implements it
 * (lumaprints.client.ts); a second lab (Prodigi, WHCC) implements the same, as the payment
 * providers do. Money in integer cents, sizes in inches.
 */

export type LabStore = { storeId: number; storeName: string };
export type LabCategory = { id: number; name: string };
export type LabSubcategory = {
  subcategoryId: number;
  name: string;
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  /** The pixels per inch the lab asks for (null when it does not say). */
  requiredDpi: number | null;
};
export type LabOptionGroup = { group: string; options: { optionId: number; name: string }[] };

export type LabProductSpec = {
  subcategoryId: number;
  widthIn: number;
  heightIn: number;
  optionIds: number[];
};

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
  /** Where the lab fetches the full-resolution original (signed, expiring). */
  imageUrl: string;
};

export type NewLabOrder = {
  /** Our order id: one lab order per shop order. */
  externalId: string;
  storeId: number;
  shippingMethod: string;
  productionTime: string;
  recipient: LabRecipient;
  items: LabOrderItem[];
};

export type LabShipment = { carrier: string | null; trackingNumber: string | null; shippedAt: string | null };
export type LabOrderState = {
  orderNumber: string;
  externalId: string | null;
  /** The lab's own words ("Awaiting Fulfillment", "Shipped"). */
  status: string;
  shipments: LabShipment[];
};

/**
 * Why a call failed: 'refused' (the lab said no to this request: an address or image it will not
 * take, bad credentials; retrying the same will not help), 'unavailable' (down, throttled,
 * timed out: retried with backoff). `message` is the lab's own text when it gave one.
 */
export class LabError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export type LabProvider = {
  name: 'lumaprints';
  stores(): Promise<LabStore[]>;
  categories(): Promise<LabCategory[]>;
  subcategories(categoryId: number): Promise<LabSubcategory[]>;
  options(subcategoryId: number): Promise<LabOptionGroup[]>;
  /** The lab's price for one print of this product, in cents. */
  productCost(spec: LabProductSpec): Promise<number>;
  /** The cheapest shipping for these items to this address, in cents. */
  shippingCost(items: (LabProductSpec & { quantity: number })[], to: LabRecipient): Promise<number>;
  /** Whether the lab takes this image for this product (its own check); the lab's message if not. */
  checkImage(spec: LabProductSpec, imageUrl: string): Promise<{ ok: boolean; message: string }>;
  createOrder(order: NewLabOrder): Promise<{ orderNumber: string }>;
  /** The lab order made for our order id, if any (the lab keeps no idempotency key: we look first). */
  findByExternalId(storeId: number, externalId: string): Promise<{ orderNumber: string } | null>;
  /** The order as the lab has it now, with its shipments. */
  order(orderNumber: string): Promise<LabOrderState>;
  /** Registers our shipping webhook with the lab (a URL it already has is fine). */
  registerWebhook(storeId: number, url: string): Promise<void>;
};
