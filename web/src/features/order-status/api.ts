import { api } from '../../lib/api';
import type { BuyerOrder } from '../../lib/api-types';

export type { BuyerOrder };

export const orderStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // kept only briefly beyond the page (long enough for hydration): the token is the only key.
    // null only when the server rendered the page for an unknown token (the not-found page).
    getOrderByToken: build.query<BuyerOrder | null, string>({
      query: (token) => `/orders/by-token/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetOrderByTokenQuery } = orderStatusApi;
