// The app proper: hydrates the server's HTML (or renders the admin and offline shells). Loaded by
// main.tsx once the page has loaded.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { preloadPage } from './app/router';
import { SSR_DATA_ID, type SsrData } from './lib/ssr-data';
import { keepApiCacheOffline, makeStore } from './app/store';
import { api } from './lib/api';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const store = makeStore();
const ssrScript = document.getElementById(SSR_DATA_ID);
const ssr = ssrScript ? (JSON.parse(ssrScript.textContent ?? '{}') as SsrData) : null;
keepApiCacheOffline(store, { rehydrate: !ssr });

const app = <AppRoot store={store} origin={ssr?.origin ?? window.location.origin} router={BrowserRouter} />;
// The page's chunk loads first so hydration renders it at once, like the server did.
void preloadPage(window.location.pathname)
  .catch(() => undefined) // a failed chunk shows the route's error screen when it renders
  .then(() => {
    // The answers the page was rendered from (after its chunk, which may add the endpoints they
    // belong to): the first render matches the server's HTML and asks for none of them.
    if (ssr) store.dispatch(api.util.upsertQueryEntries(ssr.queries as never));
    // In a transition, hydration yields to the browser every few milliseconds: the page, already
    // painted from the HTML, stays responsive (no long task) while it becomes interactive.
    if (ssr) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
