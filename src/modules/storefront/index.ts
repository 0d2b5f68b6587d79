import type { CatalogModule } from '../catalog';
import type { ContentModule } from '../content';
import type { OrdersModule } from '../orders';

/** One RTK Query cache entry of the web app: endpoint, argument, answer (as the JSON API sends it). */
export type PageQuery = { endpointName: string; arg: unknown; value: unknown };

/** What a storefront page needs before it can be rendered, or where it moved. */
export type PageData = { status: 200 | 404; queries: PageQuery[] } | { redirect: string };

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
}) {
  const catalog = deps.catalog.service;
  const content = deps.content.service;
  const query = async (endpointName: string, arg: unknown, read: () => unknown): Promise<PageQuery> => ({
    endpointName,
    arg,
    value: asJson(await read()),
  });

  /** `page` is a page name of web/src/app/router.tsx (routeFor); any other is the not-found page. */
  async function pageData(page: string, params: Record<string, string | undefined>): Promise<PageData> {
    // The header and footer of every page.
    const layout = [
      query('getSite', undefined, () => content.site()),
      query('getLogo', undefined, content.getLogo),
    ];
    let status: 200 | 404 = 200;
    let reads: Promise<PageQuery>[] = [];
    switch (page) {
      case 'home':
        reads = [query('getPhotos', { featured: true }, () => catalog.listPhotos({ featured: true }))];
        break;
      case 'portfolio':
        reads = [
          query('getPhotos', undefined, () => catalog.listPhotos()),
          query('getCategories', undefined, () => catalog.listCategories()),
        ];
        break;
      case 'photo': {
        const id = params.id ?? '';
        if (!/^\d+$/.test(id)) return { redirect: '/portfolio' };
        const numeric = Number(id);
        // A missing photo is cached as an empty answer: the page shows 'Photo Not Found'.
        const photo = numeric <= MAX_ID ? await catalog.findPhotoDetail(numeric) : null;
        if (!photo) status = 404;
        reads = [
          query('getPhoto', numeric, () => photo),
          query('getShippingNotice', undefined, content.getShippingNotice),
        ];
        break;
      }
      case 'about':
        reads = [query('getAbout', undefined, content.getAbout)];
        break;
      case 'faq':
        reads = [query('getFaqs', undefined, content.listFaqs)];
        break;
      case 'checkout':
        reads = [query('getShippingNotice', undefined, content.getShippingNotice)];
        break;
      case 'contact':
        break;
      case 'orderStatus': {
        // the buyer's order page: its long random token is the only key (never cached, noindex)
        const token = routeParam(params.token);
        const order = /^[A-Za-z0-9_-]{32,64}$/.test(token) ? await deps.orders.service.byToken(token) : null;
        if (!order) status = 404;
        // An unknown token is cached as an empty answer: the page renders the not-found page at once
        // (without it the server would render the loading state and the browser fetch a 404).
        reads = [query('getOrderByToken', token, () => order)];
        break;
      }
      default:
        status = 404;
    }
    return { status, queries: await Promise.all([...layout, ...reads]) };
  }

  return { pageData };
}
export type StorefrontModule = ReturnType<typeof createStorefrontModule>;
