import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { FORGET_SAVED_EVENT } from '../lib/api-cache-key';
import {
  apiRehydrated,
  FORMAT,
  PERSISTED_ENDPOINTS,
  readSaved,
  rehydrationFrom,
  STORAGE_KEY,
  type SavedQuery,
} from '../lib/api-cache';

/** A new store: one per server render, one in the browser. */
export function makeStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
    },
    // A server render's store lives for one answer: development's state checks would only slow it
    // (and, past 32 ms on a busy server, print RTK's warning over the start banner).
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: !import.meta.env.SSR,
        immutableCheck: !import.meta.env.SSR,
      }).concat(api.middleware),
  });
}

/** The answers saved for offline visits (this page's, and earlier visits' read at start). */
let savedAnswers: Map<string, SavedQuery> | null = null;

/**
 * Public catalog and content answers survive a reload, so visited pages work
 * offline. A page rendered by the server brings its own answers (`rehydrate` false, so the first
 * render matches its HTML); the app shell rendered in the browser offline starts from the saved ones.
 */
export function keepApiCacheOffline(store: AppStore, { rehydrate }: { rehydrate: boolean }): void {
  const saved = readSaved();
  savedAnswers = saved;
  // the saved answers dropped (lib/api-cache-key.ts): the copy in memory goes too
  window.addEventListener(FORGET_SAVED_EVENT, () => savedAnswers?.clear());
  const rehydration = rehydrate ? rehydrationFrom(saved, navigator.onLine) : null;
  if (rehydration) store.dispatch(apiRehydrated({ [api.reducerPath]: rehydration }));
  // Saving starts after the page has loaded; it then catches up with everything fetched so far.
  const startSaving = () =>
    void import('../lib/api-cache-writer').then(({ persistApiCache }) =>
      persistApiCache(store, (state) => (state as RootState)[api.reducerPath], saved, {
        key: STORAGE_KEY,
        format: FORMAT,
        endpoints: PERSISTED_ENDPOINTS,
      }),
    );
  if (document.readyState === 'complete') startSaving();
  else window.addEventListener('load', startSaving, { once: true });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
