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
import type { LabRecipient, LabSubcategory } from './lab-provider';
import { labProviders } from './lab-providers';
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

function productView(option: PrintOption, p: LabProductRow, minMargin: number): LabProductView {
  const ours = toCents(option.price) + toCents(option.shipping);
  const labTotal = p.costCents === null ? null : p.costCents + (p.shippingCents ?? 0);
  const margin = labTotal === null ? null : ours - labTotal;
  const marginPercent = margin === null || ours === 0 ? null : Math.round((margin / ours) * 1000) / 10;
  const { subcategoryId, optionIds } = labProviders[p.provider].productRefToWire(p.ref);
  return {
    printOptionId: option.id,
    provider: p.provider,
    size: option.size,
    format: option.format,
    subcategoryId,
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
      const value = await forOwner(provider, async () => {
        const categories = await client.categories();
        const withSubs = [];
        for (const c of categories) withSubs.push({ ...c, subcategories: await client.subcategories(c.id) });
        return { categories: withSubs };
      });
      catalogCache.set(provider, { at: Date.now(), value });
      return value;
    },

    async options(provider: LabProviderId, productId: number) {
      const client = settings.connect(await settings.row(provider));
      return { groups: await forOwner(provider, () => client.options(productId)) };
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
          return option ? [productView(option, p, minMargin.get(p.provider)!)] : [];
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
      const s = await settings.row(provider);
      const client = settings.connect(s);
      const sub: LabSubcategory | undefined = (await products.catalog(provider)).categories
        .flatMap((c) => c.subcategories)
        .find((x) => x.subcategoryId === input.subcategoryId);
      if (!sub) throw badRequest(messages.subcategory, { subcategoryId: messages.subcategory });
      const ref = labProviders[provider].productRefFromWire({ ...input, subcategoryId: sub.subcategoryId });
      const spec = { ref, widthIn: input.widthIn, heightIn: input.heightIn };
      // the lab refusing the product (a size out of range, a frame missing) is the owner's 400
      const costCents = await forOwner(provider, () => client.productCost(spec));
      const shippingCents = await client
        .shippingCost([{ ...spec, quantity: 1 }], QUOTE_RECIPIENT)
        .catch(() => null);
      const row: LabProductRow = {
        printOptionId,
        provider,
        ...spec,
        productName: sub.name,
        costCents,
        shippingCents,
        requiredDpi: sub.requiredDpi,
      };
      await repo.saveProduct(row);
      return productView(option, row, s.minMarginPercent);
    },

    async unmapProduct(printOptionId: number) {
      await repo.deleteProduct(printOptionId);
      return { message: 'This print option is now shipped by you.' };
    },
  };
  return products;
}
