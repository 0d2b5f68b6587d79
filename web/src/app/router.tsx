import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error';

// Declarative routes rather than a data router: we load data with RTK Query, not route loaders,
// and the data router's code would add about 17 KB gzipped to every storefront visit.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <RouteErrorBoundary>
      {/* Navigations run in a transition, so the previous page stays until the next chunk is in. */}
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
};

/** Every page is its own lazy chunk; admin, the editor and Stripe never load for storefront visitors. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={page(() => import('../features/storefront/home-page'))} />
        <Route path="portfolio" element={page(() => import('../features/storefront/portfolio-page'))} />
        <Route
          path="portfolio/:category"
          element={page(() => import('../features/storefront/portfolio-page'))}
        />
        <Route path="photo/:id" element={page(() => import('../features/storefront/photo-page'))} />
        <Route path="about" element={page(() => import('../features/storefront/about-page'))} />
        <Route path="faq" element={page(() => import('../features/storefront/faq-page'))} />
        <Route path="contact" element={page(() => import('../features/storefront/contact-page'))} />
        <Route path="checkout" element={page(() => import('../features/checkout/checkout-page'))} />
        <Route
          path="orders/:token"
          element={page(() => import('../features/order-status/order-status-page'))}
        />
        <Route path="*" element={page(() => import('./not-found'))} />
      </Route>
      {/* /admin and all its screens live in the admin chunk's own routes, with the admin shell's layout. */}
      <Route path="/admin/*" element={page(() => import('../features/admin/admin-routes'))} />
    </Routes>
  );
}
