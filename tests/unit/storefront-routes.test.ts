// The web app's router and the server's rendered pages are one set of pages and paths (both read
// src/shared/storefront-pages.ts): a page the router shows is a page the server renders, and the
// reverse. Here, outside src/ and web/src, a test may import both sides.
import { describe, expect, it } from 'vitest';
import { routeFor, STOREFRONT_ROUTES } from '../../web/src/app/router';
import { storefrontPages } from '../../src/modules/storefront';

/** A request path for a declared path: each `:param` as a number (every id we route is one). */
const sample = (path: string) => path.replace(/:\w+/g, '12');

describe("the web app's router and the server's pages", () => {
  it("declares the pages of the web app's router", () => {
    const declared = Object.entries(storefrontPages).flatMap(([page, spec]) =>
      spec.paths.map((path) => ({ path, page })),
    );
    expect(declared.sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...STOREFRONT_ROUTES].sort((a, b) => a.path.localeCompare(b.path)),
    );
  });

  it('routes each path the server renders to the page the server reads for it', () => {
    for (const [page, spec] of Object.entries(storefrontPages))
      for (const path of spec.paths) expect(routeFor(sample(path)).page, path).toBe(page);
    expect(routeFor('/admin/photos').page).toBe('admin');
    expect(routeFor('/no-such-page').page).toBe('notFound');
  });
});
