import {
  GRANT_ID_PATTERN,
  type CertificateCheck,
  type GiftCardOffer,
  type LicenceCheck,
  type LicencePage,
  type PageData,
  type PageQuery,
  type StorefrontReadName,
  type StorefrontReads,
} from '../../contract';
import type { PageSpec } from '../../platform/http/web-app';
import { STOREFRONT_PAGES, type StorefrontPage } from '../../shared/storefront-pages';
import type { CatalogModule } from '../catalog';
import type { ContentModule } from '../content';
import type { OrdersModule } from '../orders';

export type { PageData, PageQuery, StorefrontPage };
type ArgOf<E extends StorefrontReadName> = StorefrontReads[E];

/**
 * Each storefront page's paths and whether it is the same for every visitor, as declared once
 * (src/shared/storefront-pages.ts): the app keeps 'shared' pages in its response cache and never
 * stores the 'private' one.
 */
export const storefrontPages: Record<StorefrontPage, PageSpec> = Object.fromEntries(
  Object.entries(STOREFRONT_PAGES).map(([page, spec]) => [
    page,
    { paths: [...spec.paths], cache: spec.cache },
  ]),
) as Record<StorefrontPage, PageSpec>;

const MAX_ID = 2 ** 31 - 1;

/**
 * A route parameter as the page's components read it (useParams): React Router's routes decode it
 * (a malformed escape stays as it is) where routeFor's match does not, and the answer cached for
 * the page must be keyed as the page asks for it.
 */
function routeParam(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

/** The answer exactly as the JSON API would send it (dates as strings, no undefined fields). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * The reads of the server-rendered storefront: for each page, the same answers
 * its components ask /api for, read in-process through the catalog and content services, keyed as
 * RTK Query keys them. Session-specific reads (the cart) are left to the browser, so a rendered page
 * is the same for every visitor and can be cached.
 */
export function createStorefrontModule(deps: {
  catalog: CatalogModule;
  content: ContentModule;
  orders: OrdersModule;
  /** A certificate's public check (the editions module's verifyView). */
  certificates: { verifyView(id: string): Promise<CertificateCheck | null> };
  /** A licence's page and its public check (the licences module: no buyer data but the licensee). */
  licences: {
    findLicencePage(slug: string): Promise<LicencePage | null>;
    check(id: string): Promise<LicenceCheck | null>;
  };
  /** What the "Gift card" page offers (the gift-cards module's public service). */
  giftCards: { offer(): Promise<GiftCardOffer> };
}) {
  const catalog = deps.catalog.service;
  const content = deps.content.service;
  const query = async <E extends StorefrontReadName>(
    endpointName: E,
    arg: ArgOf<E>,
    read: () => unknown,
  ): Promise<PageQuery> => ({ endpointName, arg, value: asJson(await read()) });

  type Params = Record<string, string | undefined>;
  type PageReads = { status: 200 | 404; reads: Promise<PageQuery>[] } | { redirect: string };
  const found = (...reads: Promise<PageQuery>[]): PageReads => ({ status: 200, reads });

  /** Each storefront page's reads: a page added to STOREFRONT_PAGES fails the type check until it has one. */
  const pages: Record<StorefrontPage, (params: Params) => Promise<PageReads> | PageReads> = {
    home: () => found(query('getPhotos', { featured: true }, () => catalog.listPhotos({ featured: true }))),
    portfolio: async (params) => {
      const [photos, categories] = await Promise.all([catalog.listPhotos(), catalog.listCategories()]);
      const reads = [
        query('getPhotos', undefined, () => photos),
        query('getCategories', undefined, () => categories),
      ];
      if (params.category === undefined) return { status: 200, reads };
      // As the page decides (categoryRoute, web/src/features/storefront/portfolio-filter.ts): a
      // category or a photo of that name lists it; the name in other letters moves; else the
      // not-found page, with its status.
      const category = routeParam(params.category);
      const names = [...categories.map((c) => c.name), ...photos.map((p) => p.category)];
      if (names.includes(category)) return { status: 200, reads };
      const same = names.find((name) => name.toLowerCase() === category.toLowerCase());
      if (same) return { redirect: `/portfolio/${encodeURIComponent(same)}` };
      return { status: 404, reads };
    },
    photo: async (params) => {
      const id = params.id ?? '';
      if (!/^\d+$/.test(id)) return { redirect: '/portfolio' };
      const numeric = Number(id);
      // A missing photo is cached as an empty answer: the page shows 'Photo Not Found'.
      const photo = numeric <= MAX_ID ? await catalog.findPhotoDetail(numeric) : null;
      return {
        status: photo ? 200 : 404,
        reads: [
          query('getPhoto', numeric, () => photo),
          query('getShippingNotice', undefined, content.getShippingNotice),
        ],
      };
    },
    about: () => found(query('getAbout', undefined, content.getAbout)),
    faq: () => found(query('getFaqs', undefined, content.listFaqs)),
    checkout: () => found(query('getShippingNotice', undefined, content.getShippingNotice)),
    contact: () => found(),
    giftCard: () => found(query('getGiftCardOffer', undefined, () => deps.giftCards.offer())),
    giftCardBalance: () => found(),
    orderStatus: async (params) => {
      // the buyer's order page: its long random token is the only key (never cached, noindex)
      const token = routeParam(params.token);
      const order = /^[A-Za-z0-9_-]{32,64}$/.test(token) ? await deps.orders.service.byToken(token) : null;
      // An unknown token is cached as an empty answer: the page renders the not-found page at once
      // (without it the server would render the loading state and the browser fetch a 404).
      return { status: order ? 200 : 404, reads: [query('getOrderByToken', token, () => order)] };
    },
    licence: async (params) => {
      // an unknown or archived licence: the not-found page (its empty answer cached with it)
      const slug = routeParam(params.slug);
      const page = await deps.licences.findLicencePage(slug);
      return { status: page ? 200 : 404, reads: [query('getLicence', slug, () => page)] };
    },
    verify: async (params) => {
      // a certificate's id is random and long; anything else is the not-found page without a read
      const id = routeParam(params.id);
      const check = /^[A-Za-z0-9_-]{16,64}$/.test(id) ? await deps.certificates.verifyView(id) : null;
      return { status: check ? 200 : 404, reads: [query('getCertificateCheck', id, () => check)] };
    },
    licenceVerify: async (params) => {
      // a licence id as printed (WL-XXXX-XXXX-XXXX); anything else is the not-found page without a read
      const id = routeParam(params.id);
      const check = id.length <= 20 && GRANT_ID_PATTERN.test(id) ? await deps.licences.check(id) : null;
      return { status: check ? 200 : 404, reads: [query('getLicenceCheck', id, () => check)] };
    },
  };
  const isStorefrontPage = (page: string): page is StorefrontPage => Object.hasOwn(pages, page);

  /** `page` is a page name of the web app's router (routeFor); any other is the not-found page. */
  async function pageData(page: string, params: Params): Promise<PageData> {
    // The header and footer of every page.
    const layout = [
      query('getSite', undefined, () => content.publicSite()),
      query('getLogo', undefined, content.getLogo),
    ];
    const result = isStorefrontPage(page) ? await pages[page](params) : { status: 404 as const, reads: [] };
    if ('redirect' in result) return result;
    return { status: result.status, queries: await Promise.all([...layout, ...result.reads]) };
  }

  return { pageData };
}
export type StorefrontModule = ReturnType<typeof createStorefrontModule>;
