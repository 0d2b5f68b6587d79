/**
 * The storefront's pages, declared once: each page's name, its path patterns (React Router's, in
 * match order), whether it is the same for every visitor, and where it is listed. Read by the web
 * app's router and navigation (web/src/app), the server's rendering of the pages
 * (src/modules/storefront) and the sitemap (src/modules/catalog/catalog.seo.ts).
 *
 * - `cache`: 'shared' pages are the same for every visitor (kept in the response cache and
 *   revalidated); the 'private' ones (the buyer's order page, its long random token the only key; a
 *   certificate's or a licence's check) are never stored and kept out of search engines;
 * - `sitemap`: its first path is listed in sitemap.xml (photo and category addresses are listed
 *   from the catalogue);
 * - `nav`: its label in the header, the phone menu and the footer (in this order), first path;
 * - `footer`: its label in the footer only, after the `nav` pages;
 * - `islands`: in the browser only its interactive parts hydrate, each a React root of its own
 *   (web/src/islands), with no router or store; the other pages (checkout, the order page, a
 *   certificate's check) hydrate the whole React app.
 */
export type StorefrontPageSpec = {
  paths: readonly [string, ...string[]];
  cache: 'shared' | 'private';
  sitemap?: true;
  nav?: string;
  footer?: string;
  islands?: true;
};

export const STOREFRONT_PAGES = {
  home: { paths: ['/'], cache: 'shared', sitemap: true, nav: 'Home', islands: true },
  portfolio: {
    paths: ['/portfolio', '/portfolio/:category'],
    cache: 'shared',
    sitemap: true,
    nav: 'Portfolio',
    islands: true,
  },
  photo: { paths: ['/photo/:id'], cache: 'shared', islands: true },
  about: { paths: ['/about'], cache: 'shared', sitemap: true, nav: 'About', islands: true },
  faq: { paths: ['/faq'], cache: 'shared', sitemap: true, nav: 'FAQ', islands: true },
  contact: { paths: ['/contact'], cache: 'shared', sitemap: true, nav: 'Contact', islands: true },
  // a licence's terms and default prices, read before paying (issue 46)
  licence: { paths: ['/licences/:slug'], cache: 'shared', islands: true },
  // a gift card for someone, and a card's balance (issue 47)
  giftCard: { paths: ['/gift-card'], cache: 'shared', sitemap: true, footer: 'Gift card', islands: true },
  giftCardBalance: { paths: ['/gift-card/balance'], cache: 'shared', islands: true },
  checkout: { paths: ['/checkout'], cache: 'shared' },
  orderStatus: { paths: ['/orders/:token'], cache: 'private' },
  // a certificate's public check (the QR code's address): never stored, so a revocation shows at once
  verify: { paths: ['/verify/:id'], cache: 'private' },
  // a licence's public check (its certificate's QR code): never stored, a revocation shows at once
  licenceVerify: { paths: ['/licences/verify/:id'], cache: 'private' },
} as const satisfies Record<string, StorefrontPageSpec>;

/** A page rendered on the server (every storefront page; the admin and the not-found page are not). */
export type StorefrontPage = keyof typeof STOREFRONT_PAGES;

const pages = Object.entries(STOREFRONT_PAGES) as [StorefrontPage, StorefrontPageSpec][];

/** Every storefront path with its page, in match order; every other path is the not-found page. */
export const STOREFRONT_ROUTES: { path: string; page: StorefrontPage }[] = pages.flatMap(([page, spec]) =>
  spec.paths.map((path) => ({ path, page })),
);

/** The pages linked from the header, the phone menu and the footer, in order. */
export const NAV_LINKS: { to: string; label: string }[] = pages.flatMap(([, spec]) =>
  spec.nav ? [{ to: spec.paths[0], label: spec.nav }] : [],
);

/** The footer's links: the navigation's, then the footer's own ("Gift card"). */
export const FOOTER_LINKS: { to: string; label: string }[] = [
  ...NAV_LINKS,
  ...pages.flatMap(([, spec]) => (spec.footer ? [{ to: spec.paths[0], label: spec.footer }] : [])),
];

/** The fixed addresses sitemap.xml lists, in order. */
export const SITEMAP_PATHS: string[] = pages.flatMap(([, spec]) => (spec.sitemap ? [spec.paths[0]] : []));

/** A path pattern with its parameters filled in, each encoded: ('/photo/:id', { id: 12 }) -> '/photo/12'. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}
