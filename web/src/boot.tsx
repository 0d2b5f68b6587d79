// The app proper: hydrates the server's HTML (or renders the admin and offline shells). Loaded by
// main.tsx once the page has loaded.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from './lib/react-dom-client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { preloadPage } from './app/router';
import { SSR_DATA_ID, type SsrData } from './lib/ssr-data';
import { keepApiCacheOffline, makeStore } from './app/store';
import { api } from './lib/api';
import { nextTask } from './lib/next-task';

/** Starts the app in steps, each a task of its own (none long enough to hold up a tap). */
export async function boot(): Promise<void> {
  await nextTask(); // after this module's own evaluation
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const ssrScript = document.getElementById(SSR_DATA_ID);
  const ssr = ssrScript ? (JSON.parse(ssrScript.textContent ?? '{}') as SsrData) : null;

  const store = makeStore();
  keepApiCacheOffline(store, { rehydrate: !ssr });
  await nextTask();
  // The page's chunk loads first so hydration renders it at once, like the server did.
  // A failed chunk shows the route's error screen when it renders.
  await preloadPage(window.location.pathname).catch(() => undefined);
  await nextTask();
  // The answers the page was rendered from (after its chunk, which may add the endpoints they
  // belong to): the first render matches the server's HTML and asks for none of them.
  // One answer a task: together they are a long task on a slow phone.
  for (const entry of ssr?.queries ?? []) {
    store.dispatch(api.util.upsertQueryEntries([entry] as never));
    await nextTask();
  }
  const app = <AppRoot store={store} origin={ssr?.origin ?? window.location.origin} router={BrowserRouter} />;
  // In a transition, hydration yields to the browser every few milliseconds: the page, already
  // painted from the HTML, stays responsive (no long task) while it becomes interactive.
  if (ssr) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
