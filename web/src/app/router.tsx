import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };

/** Every page is its own lazy chunk; admin, the editor and Stripe never load for storefront visitors. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    // Nothing to show while the first page chunk loads (no server rendering to hydrate).
    HydrateFallback: () => null,
    children: [
      { index: true, ...page(() => import('../features/storefront/home-page')) },
      { path: 'portfolio', ...page(() => import('../features/storefront/portfolio-page')) },
      { path: 'portfolio/:category', ...page(() => import('../features/storefront/portfolio-page')) },
      { path: 'photo/:id', ...page(() => import('../features/storefront/photo-page')) },
      { path: 'about', ...page(() => import('../features/storefront/about-page')) },
      { path: 'faq', ...page(() => import('../features/storefront/faq-page')) },
      { path: 'contact', ...page(() => import('../features/storefront/contact-page')) },
      { path: 'checkout', ...page(() => import('../features/checkout/checkout-page')) },
      { path: '*', ...page(() => import('./not-found')) },
    ],
  },
  // /admin, /admin/login, /admin/auth-redirect, /admin/dashboard, the seven tabs, add/edit photo
  // and the option screens live in the admin chunk's own routes, with the admin shell's own layout.
  { path: '/admin/*', ErrorBoundary: RouteError, ...page(() => import('../features/admin/admin-routes')) },
];

export const router = createBrowserRouter(routes);
