import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { STOREFRONT_ROUTES, type StorefrontPage } from '@shared/storefront-pages';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error';
import { AppReady } from './app-ready';
import NotFound from '../components/not-found';

type PageModule = { default: ComponentType };

/**
 * A page in its own lazy chunk that can also be loaded ahead of rendering: the server and the
 * browser's first render load the current route's page first (preloadPage), so it renders at once,
 * with no Suspense fallback on the server and nothing to wait for while hydrating.
 */
function lazyPage(source: string, load: () => Promise<PageModule>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload, source };
}

const pages: Record<StorefrontPage | 'notFound' | 'admin', ReturnType<typeof lazyPage>> = {
  home: lazyPage('src/features/storefront/home-page.tsx', () => import('../features/storefront/home-page')),
  portfolio: lazyPage(
    'src/features/storefront/portfolio-page.tsx',
    () => import('../features/storefront/portfolio-page'),
  ),
  photo: lazyPage(
    'src/features/storefront/photo-page.tsx',
    () => import('../features/storefront/photo-page'),
  ),
  about: lazyPage(
    'src/features/storefront/about-page.tsx',
    () => import('../features/storefront/about-page'),
  ),
  faq: lazyPage('src/features/storefront/faq-page.tsx', () => import('../features/storefront/faq-page')),
  contact: lazyPage(
    'src/features/storefront/contact-page.tsx',
    () => import('../features/storefront/contact-page'),
  ),
  licence: lazyPage(
    'src/features/storefront/licence-page.tsx',
    () => import('../features/storefront/licence-page'),
  ),
  giftCard: lazyPage(
    'src/features/storefront/gift-card-page.tsx',
    () => import('../features/storefront/gift-card-page'),
  ),
  giftCardBalance: lazyPage(
    'src/features/storefront/gift-card-balance-page.tsx',
    () => import('../features/storefront/gift-card-balance-page'),
  ),
  checkout: lazyPage(
    'src/features/checkout/checkout-page.tsx',
    () => import('../features/checkout/checkout-page'),
  ),
  orderStatus: lazyPage(
    'src/features/order-status/order-status-page.tsx',
    () => import('../features/order-status/order-status-page'),
  ),
  verify: lazyPage('src/features/verify/verify-page.tsx', () => import('../features/verify/verify-page')),
  licenceVerify: lazyPage(
    'src/features/verify/licence-verify-page.tsx',
    () => import('../features/verify/licence-verify-page'),
  ),
  // in the app chunk already (the order, verify and portfolio pages render it): no chunk of its own
  notFound: { Page: NotFound, preload: () => Promise.resolve(), source: 'src/components/not-found.tsx' },
  admin: lazyPage('src/features/admin/admin-routes.tsx', () => import('../features/admin/admin-routes')),
};
export type PageName = keyof typeof pages;
/** The storefront's routes, in match order (src/shared/storefront-pages.ts); every other path is the not-found page. */
export { STOREFRONT_ROUTES };

/** Which page a path shows, with its route parameters. */
export function routeFor(pathname: string): { page: PageName; params: Record<string, string | undefined> } {
  if (matchPath('/admin/*', pathname)) return { page: 'admin', params: {} };
  for (const route of STOREFRONT_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { page: route.page, params: match.params };
  }
  return { page: 'notFound', params: {} };
}

/** The source module of a path's page (its key in Vite's build manifest). */
export function pageSource(pathname: string): string {
  return pages[routeFor(pathname).page].source;
}

/** Loads the page of a path, so the first render needs no Suspense fallback. */
export function preloadPage(pathname: string): Promise<void> {
  return pages[routeFor(pathname).page].preload();
}

const page = (name: PageName): ReactNode => {
  const { Page } = pages[name];
  return (
    <RouteErrorBoundary>
      {/* Navigations run in a transition, so the previous page stays until the next chunk is in. */}
      <Suspense fallback={null}>
        <Page />
        <AppReady />
      </Suspense>
    </RouteErrorBoundary>
  );
};

/** Every page is its own lazy chunk; admin, the editor and Stripe never load for storefront visitors. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {STOREFRONT_ROUTES.map((route) => (
          <Route
            key={route.path}
            index={route.path === '/'}
            path={route.path === '/' ? undefined : route.path.slice(1)}
            element={page(route.page)}
          />
        ))}
        <Route path="*" element={page('notFound')} />
      </Route>
      {/* /admin and all its screens live in the admin chunk's own routes, with the admin shell's layout. */}
      <Route path="/admin/*" element={page('admin')} />
    </Routes>
  );
}
