import { badRequest, notFound } from '../../platform/http/app-error';
import { labProductMismatch } from '../../shared/lab-product-match';
import { toCents, toDollars } from '../../platform/money';
import {
  labMessages as messages,
  type LabCatalog,
  type LabProductInput,
  type LabProductView,
  type LabProviderId,
  type PrintOption,
} from '../../contract';
import type { LabRecipient } from './lab-provider';
import type { LabRegistry } from './lab-providers';
import { forOwner } from './lab-errors';
import type { LabSettings } from './lab-settings.service';
import type { FulfillmentRepository, LabProductRow } from './fulfillment.repository';

const CATALOG_TTL_MS = 60 * 60 * 1000;
/** Where the admin's shipping quote goes: a typical US address (the lab quotes by region). */
const QUOTE_RECIPIENT: LabRecipient = {
  firstName: 'Shipping',
  lastName: 'Quote',
  addressLine1: '1100 4th Street SW',
  addressLine2: null,
  city: 'Washington',
  state: 'DC',
  zipCode: '20024',
  phone: null,
};

function productView(
  labs: LabRegistry,
  option: PrintOption,
  p: LabProductRow,
  minMargin: number,
): LabProductView {
  const ours = toCents(option.price) + toCents(option.shipping);
  const labTotal = p.costCents === null ? null : p.costCents + (p.shippingCents ?? 0);
  const margin = labTotal === null ? null : ours - labTotal;
  const marginPercent = margin === null || ours === 0 ? null : Math.round((margin / ours) * 1000) / 10;
  const lab = labs.get(p.provider);
  const { id: productId, optionIds } = lab.productChoice(p.ref);
  return {
    printOptionId: option.id,
    provider: p.provider,
    labName: lab.name,
    size: option.size,
    format: option.format,
    productId,
    productName: p.productName,
    widthIn: p.widthIn,
    heightIn: p.heightIn,
    optionIds,
    requiredDpi: p.requiredDpi,
    price: option.price,
    shipping: option.shipping,
    labCost: p.costCents === null ? null : toDollars(p.costCents),
    labShipping: p.shippingCents === null ? null : toDollars(p.shippingCents),
    margin: margin === null ? null : toDollars(margin),
    marginPercent,
    lowMargin: marginPercent !== null && marginPercent < minMargin,
    mismatch: labProductMismatch(option, p),
  };
}

/** The lab's catalogue (cached an hour), and which print options it makes, with cost and margin. */
export function createLabProducts(deps: {
  repo: FulfillmentRepository;
  settings: LabSettings;
  catalog: { listPrintOptions(): Promise<PrintOption[]> };
}) {
  const { repo, settings } = deps;
  const { labs } = settings;
  const catalogCache = new Map<LabProviderId, { at: number; value: LabCatalog }>();

  const products = {
    /** New credentials or another mode: the lab's next catalogue is asked of it again. */
    forgetCatalog(provider: LabProviderId) {
      catalogCache.delete(provider);
    },

    async catalog(provider: LabProviderId): Promise<LabCatalog> {
      const cached = catalogCache.get(provider);
      if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached.value;
      const client = settings.connect(await settings.row(provider));
      const value = { groups: await forOwner(labs.get(provider), () => client.catalogue()) };
      catalogCache.set(provider, { at: Date.now(), value });
      return value;
    },

    async options(provider: LabProviderId, productId: string) {
      const client = settings.connect(await settings.row(provider));
      return { groups: await forOwner(labs.get(provider), () => client.productOptions(productId)) };
    },

    /** Every print option a lab makes, each with its lab, cost and margin (under that lab's threshold). */
    async products(): Promise<{ products: LabProductView[] }> {
      const [rows, options] = await Promise.all([repo.products(), deps.catalog.listPrintOptions()]);
      const minMargin = new Map<LabProviderId, number>();
      for (const p of new Set(rows.map((r) => r.provider)))
        minMargin.set(p, (await settings.row(p)).minMarginPercent);
      const byId = new Map(options.map((o) => [o.id, o]));
      return {
        products: rows.flatMap((p) => {
          const option = byId.get(p.printOptionId);
          return option && labs.find(p.provider)
            ? [productView(labs, option, p, minMargin.get(p.provider)!)]
            : [];
        }),
      };
    },

    /**
     * The print option is made by this lab (one lab: mapping it to another moves it there): its
     * product, with the lab's cost and shipping quoted now.
     */
    async mapProduct(printOptionId: number, input: LabProductInput): Promise<LabProductView> {
      const option = (await deps.catalog.listPrintOptions()).find((o) => o.id === printOptionId);
      if (!option) throw notFound(messages.optionNotFound);
      const provider = input.provider;
      const lab = labs.find(provider);
      if (!lab) throw badRequest('Choose the lab.', { provider: 'Choose the lab.' });
      const s = await settings.row(provider);
      const client = settings.connect(s);
      const product = (await products.catalog(provider)).groups
        .flatMap((g) => g.products)
        .find((x) => x.id === input.productId);
      if (!product) throw badRequest(messages.product, { productId: messages.product });
      // the lab's own reference, checked by its own schema (an option id it cannot read, refused)
      const parsed = lab.productRefSchema.safeParse(
        lab.productRef({ id: product.id, optionIds: input.optionIds }),
      );
      if (!parsed.success) throw badRequest(messages.optionIds, { optionIds: messages.optionIds });
      const spec = { ref: parsed.data, widthIn: input.widthIn, heightIn: input.heightIn };
      // the lab refusing the product (a size out of range, a frame missing) is the owner's 400
      const costCents = await forOwner(lab, () => client.productCost(spec));
      const shippingCents = await client
        .shippingCost([{ ...spec, quantity: 1 }], QUOTE_RECIPIENT)
        .catch(() => null);
      const row: LabProductRow = {
        printOptionId,
        provider,
        ...spec,
        productName: product.name,
        costCents,
        shippingCents,
        requiredDpi: product.requiredDpi,
      };
      await repo.saveProduct(row);
      return productView(labs, option, row, s.minMarginPercent);
    },

    async unmapProduct(printOptionId: number) {
      await repo.deleteProduct(printOptionId);
      return { message: 'This print option is now shipped by you.' };
    },
  };
  return products;
}
