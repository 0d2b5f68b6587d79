import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { isbot } from 'isbot';
import { pathsPattern } from '../../platform/http/endpoint';
import { isOwnerBrowser } from '../../platform/http/owner-browser';
import { STOREFRONT_PAGES, type StorefrontPage } from '../../shared/storefront-pages';

/** A hit before it is hashed: held in memory only until the next batch (a few seconds). */
export type RawHit = {
  at: number;
  address: string;
  userAgent: string;
  kind: 'view' | 'cart';
  page: string | null;
  path: string | null;
  referrer: string | null;
};

/** An endpoint whose success (201) is an add to cart (the cart module's declarations). */
export type CartAdd = { method: string; path: string };

// The public pages: the storefront's shared ones (a buyer's order page and the certificate and
// licence checks are private: their paths carry tokens and ids that are not for counting).
const publicPages = (
  Object.entries(STOREFRONT_PAGES) as [StorefrontPage, { paths: readonly string[]; cache: string }][]
)
  .filter(([, spec]) => spec.cache === 'shared')
  .map(([page, spec]) => ({ page, pattern: pathsPattern(spec.paths) }));
const anyPublicPage = pathsPattern(publicPages.flatMap((p) => [...STOREFRONT_PAGES[p.page].paths]));

const pageOf = (path: string): StorefrontPage | null =>
  anyPublicPage.test(path) ? (publicPages.find((p) => p.pattern.test(path))?.page ?? null) : null;

/**
 * Not counted: a visitor who asks not to be tracked (`DNT: 1`, `Sec-GPC: 1`), a bot by its user
 * agent (isbot's maintained list; no user agent at all is a script), and what no browser sends
 * on a navigation or a fetch: no `Accept-Language`, or `*` (curl, uptime checks, most
 * scrapers; Node's fetch sends `*`); the owner's own browser (marked when she signs in).
 */
function countable(req: IncomingMessage): boolean {
  const h = req.headers;
  const ua = h['user-agent'];
  const language = h['accept-language'];
  return (
    !!ua &&
    !!language &&
    language !== '*' &&
    h.dnt !== '1' &&
    h['sec-gpc'] !== '1' &&
    !isbot(ua) &&
    !isOwnerBrowser(h.cookie)
  );
}

/** The referring site's domain, none for our own host, a missing or unreadable Referer. */
function referrerDomain(
  referer: string | undefined,
  ownHosts: readonly string[],
  host?: string,
): string | null {
  if (!referer) return null;
  let domain: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    domain = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (ownHosts.includes(domain) || (host && host.split(':')[0].toLowerCase() === domain)) return null;
  return domain.replace(/^www\./, '').slice(0, 253) || null;
}

/**
 * Watches a raw request (before the response cache, so a cached page counts as any other) and,
 * when its answer is finished, hands what is to count to `record`: a public page's view (GET, 200
 * or a 304 revalidation, asked as HTML) or a successful add to cart. Nothing is awaited here.
 */
export function createVisitCounter(opts: {
  trustProxy: (address: string, hop: number) => boolean;
  ownHosts: readonly string[];
  cartAdds: readonly CartAdd[];
  record: (hit: RawHit) => void;
}) {
  const cartAdd = pathsPattern(opts.cartAdds.filter((a) => a.method === 'POST').map((a) => a.path));
  return function observe(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    let page: StorefrontPage | null = null;
    if (req.method === 'GET') {
      // no-script probes: a page asked without HTML in its Accept is no browser's navigation
      if (!req.headers.accept?.includes('text/html') || !(page = pageOf(path))) return;
    } else if (req.method !== 'POST' || !cartAdd.test(path)) return;
    if (!countable(req)) return;
    // read now: once the answer is finished the connection may be gone
    const address = proxyaddr(req, opts.trustProxy);
    res.once('finish', () => {
      const status = res.statusCode;
      if (page ? status !== 200 && status !== 304 : status !== 201) return;
      opts.record({
        at: Date.now(),
        address,
        userAgent: req.headers['user-agent'] ?? '',
        kind: page ? 'view' : 'cart',
        page,
        path: page ? path.slice(0, 300) : null,
        referrer: page ? referrerDomain(req.headers.referer, opts.ownHosts, req.headers.host) : null,
      });
    });
  };
}
