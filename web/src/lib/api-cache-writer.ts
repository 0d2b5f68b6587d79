// Saves the public part of the RTK Query cache (see api-cache.ts); loaded after the page has
// loaded, so it costs the first render nothing.
// Types only: importing api-cache.ts's code here would split it out of the entry chunk.
import type { SavedQuery, Tag } from './api-cache';

/** Where and how api-cache.ts reads what is written here. */
export type CacheFormat = { key: string; format: number; endpoints: ReadonlySet<string> };

const MAX_ENTRIES = 150;
const WRITE_DELAY_MS = 1000;

export type QueryLike = {
  status?: string;
  endpointName?: string;
  requestId?: string;
  originalArgs?: unknown;
  startedTimeStamp?: number;
  fulfilledTimeStamp?: number;
  data?: unknown;
};
export type ApiStateLike = {
  queries: Record<string, QueryLike | undefined>;
  provided?: { keys?: Record<string, readonly Tag[] | undefined> };
};

function write(saved: Map<string, SavedQuery>, { key, format }: CacheFormat): void {
  let store: Storage;
  try {
    store = localStorage;
  } catch {
    return; // blocked storage
  }
  let entries = [...saved]
    .sort((a, b) => b[1].fulfilledTimeStamp - a[1].fulfilledTimeStamp)
    .slice(0, MAX_ENTRIES);
  // A full quota drops the oldest half and tries again, then gives up quietly.
  for (let attempt = 0; attempt < 3 && entries.length; attempt++) {
    try {
      store.setItem(key, JSON.stringify({ format, queries: Object.fromEntries(entries) }));
      return;
    } catch {
      entries = entries.slice(0, Math.floor(entries.length / 2));
    }
  }
}

/** Copies new public answers from the slice into `saved`; true when something changed. */
export function collect(
  state: ApiStateLike,
  saved: Map<string, SavedQuery>,
  endpoints: ReadonlySet<string>,
): boolean {
  let changed = false;
  for (const [key, q] of Object.entries(state.queries)) {
    if (
      !q ||
      q.status !== 'fulfilled' ||
      !q.endpointName ||
      !endpoints.has(q.endpointName) ||
      typeof q.fulfilledTimeStamp !== 'number' ||
      (saved.get(key)?.fulfilledTimeStamp ?? -1) >= q.fulfilledTimeStamp
    ) {
      continue;
    }
    saved.set(key, {
      status: 'fulfilled',
      endpointName: q.endpointName,
      requestId: q.requestId ?? '',
      originalArgs: q.originalArgs,
      startedTimeStamp: q.startedTimeStamp ?? q.fulfilledTimeStamp,
      fulfilledTimeStamp: q.fulfilledTimeStamp,
      data: q.data,
      tags: [...(state.provided?.keys?.[key] ?? [])],
    });
    changed = true;
  }
  return changed;
}

/**
 * Saves new public answers (a second after they arrive, and when the page is hidden). Entries the
 * slice drops from memory stay saved, so an offline visitor keeps every page seen in 30 days.
 */
export function persistApiCache(
  store: { getState: () => unknown; subscribe: (listener: () => void) => () => void },
  select: (state: unknown) => ApiStateLike,
  saved: Map<string, SavedQuery>,
  cache: CacheFormat,
): () => void {
  let lastQueries: unknown = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const state = select(store.getState());
    if (state.queries === lastQueries) return;
    lastQueries = state.queries;
    if (collect(state, saved, cache.endpoints)) write(saved, cache);
  };
  const unsubscribe = store.subscribe(() => {
    if (!timer && select(store.getState()).queries !== lastQueries) timer = setTimeout(flush, WRITE_DELAY_MS);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHide);
  };
}
