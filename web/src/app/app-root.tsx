import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useLocation } from 'react-router';
import { useGetSiteQuery } from '../lib/content-api';
import { ToastProvider } from '../components/toast';
import { PwaHost } from './pwa/pwa-host';
import { AppRoutes } from './router';
import { SiteOriginContext } from '../lib/site-origin';
import { SiteProvider } from '../lib/site-provider';
import '../styles/base.css';
import type { AppStore } from './store';

/**
 * The whole app, the same on the server and in the browser; only the router around the routes
 * differs (StaticRouter there, BrowserRouter here), passed in as `router`.
 */
export function AppRoot({
  store,
  origin,
  router: Router,
}: {
  store: AppStore;
  origin: string;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <Provider store={store}>
        <SiteOriginContext value={origin}>
          <SiteProvider>
            <ToastProvider>
              <Router>
                <AppRoutes />
                <AppPwaHost />
              </Router>
            </ToastProvider>
          </SiteProvider>
        </SiteOriginContext>
      </Provider>
    </StrictMode>
  );
}

/** The PWA's prompts for the page the app shows. */
function AppPwaHost() {
  const { pathname } = useLocation();
  const { data: site } = useGetSiteQuery();
  return <PwaHost pathname={pathname} locationsVersion={site?.locationsVersion ?? null} />;
}
