import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiRehydrated } from './api-cache';
import { offlineError, parseBody, toApiError, type ApiError } from './api-error';

export {
  errorMessage,
  serverMessage,
  isApiError,
  isOfflineError,
  OFFLINE_MESSAGE,
  type ApiError,
} from './api-error';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  // Read every body as text first so an error can be reported as 'status: body text'.
  responseHandler: async (response) => parseBody(await response.text()),
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  // Writes need the server: while offline every mutation (and any non-GET call) is refused at once
  // with a clear sentence, never left spinning. Reads still go out: the service worker may answer.
  const method = (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
  if (
    (api.type === 'mutation' || method !== 'GET') &&
    typeof navigator !== 'undefined' &&
    !navigator.onLine
  ) {
    return { error: offlineError() };
  }
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const { error } = result;
  if (typeof error.status === 'number')
    return { error: toApiError(error.status, error.data), meta: result.meta };
  if (error.status === 'PARSING_ERROR') {
    return { error: toApiError(error.originalStatus, error.data, error.error), meta: result.meta };
  }
  return { error: toApiError(error.status, error.error), meta: result.meta };
};

/** The one RTK Query api of the web app; features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Photos',
    'Photo',
    'Categories',
    'Logo',
    'About',
    'Faqs',
    'ShippingNotice',
    'PrintOptions',
    'Cart',
    'Orders',
    'Order',
    'AdminUser',
    'Site',
    'Editions',
    'SensitiveSpecies',
    'Licences',
  ],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  // Public answers saved by the last visit (api-cache.ts) come back at start-up.
  extractRehydrationInfo(action, { reducerPath }) {
    // The payload is this slice's own shape, saved from it; only its public queries are in it.
    if (apiRehydrated.match(action)) return action.payload[reducerPath] as never;
    return undefined;
  },
  endpoints: () => ({}),
});
