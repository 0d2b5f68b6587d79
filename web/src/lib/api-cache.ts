import { createAction } from '@reduxjs/toolkit';

/**
 * Keeps the public part of the RTK Query cache across reloads (visited pages work offline): the
 * catalog and content reads a visitor has seen are saved to localStorage and handed back to the
 * `api` slice at start-up through `extractRehydrationInfo` (api.ts). Cart, checkout, orders
 * and everything admin are never saved.
 *
 * Freshness: saved answers come back only offline, where anything up to OFFLINE_MAX_AGE_MS old is
 * better than nothing; online the in-memory cache rules (featured photos fresh for 5 minutes).
 */

/** The public GET reads of catalog-api.ts and content-api.ts. */
export const PERSISTED_ENDPOINTS: ReadonlySet<string> = new Set([
  'getSite',
  'getLogo',
  'getPhotos',
  'getPhoto',
  'getCategories',
  'getPrintOptions',
  'getAbout',
  'getFaqs',
  'getShippingNotice',
]);

import { STORAGE_KEY } from './api-cache-key';

export { STORAGE_KEY };
export const FORMAT = 1;
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type Tag = { type: string; id?: string | number };

/** The fields of a fulfilled query entry that are saved (the slice's own shape). */
export type SavedQuery = {
  status: 'fulfilled';
  endpointName: string;
  requestId: string;
  originalArgs: unknown;
  startedTimeStamp: number;
  fulfilledTimeStamp: number;
  data: unknown;
  tags?: Tag[];
};

/** What `extractRehydrationInfo` hands to the `api` slice (the parts it reads). */
export type ApiRehydration = {
  queries: Record<string, Omit<SavedQuery, 'tags'>>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, Tag[]> };
};

/** Dispatched once at start-up with the saved public queries, keyed by the api's reducer path. */
export const apiRehydrated = createAction<Record<string, ApiRehydration>>('app/apiRehydrated');

export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage (privacy settings) reads as no storage
  }
}

function isSaved(value: unknown): value is SavedQuery {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Record<string, unknown>;
  return (
    q.status === 'fulfilled' &&
    typeof q.endpointName === 'string' &&
    PERSISTED_ENDPOINTS.has(q.endpointName) &&
    typeof q.fulfilledTimeStamp === 'number' &&
    typeof q.requestId === 'string'
  );
}

/** Every saved entry younger than maxAgeMs, by query cache key. */
export function readSaved(now = Date.now(), maxAgeMs = OFFLINE_MAX_AGE_MS): Map<string, SavedQuery> {
  const saved = new Map<string, SavedQuery>();
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return saved;
    const parsed = JSON.parse(raw) as { format?: number; queries?: Record<string, unknown> };
    if (parsed.format !== FORMAT || typeof parsed.queries !== 'object' || !parsed.queries) return saved;
    for (const [key, entry] of Object.entries(parsed.queries)) {
      if (isSaved(entry) && now - entry.fulfilledTimeStamp <= maxAgeMs) saved.set(key, entry);
    }
  } catch {
    // unreadable or foreign data: start empty
  }
  return saved;
}

/**
 * The slice state to rehydrate: nothing when online (the network, backed by the service worker,
 * is the truth: a saved answer could predate an edit made elsewhere, e.g. by the owner in the
 * admin), anything saved when offline.
 */
export function rehydrationFrom(saved: Map<string, SavedQuery>, online: boolean): ApiRehydration | null {
  if (online) return null;
  const queries: ApiRehydration['queries'] = {};
  const provided: ApiRehydration['provided'] = { tags: {}, keys: {} };
  for (const [key, { tags = [], ...entry }] of saved) {
    queries[key] = entry;
    provided.keys[key] = tags;
    for (const tag of tags) {
      const byId = (provided.tags[tag.type] ??= {});
      (byId[tag.id === undefined ? '__internal_without_id' : String(tag.id)] ??= []).push(key);
    }
  }
  return Object.keys(queries).length ? { queries, mutations: {}, provided } : null;
}
