import { api } from '../../lib/api';
import type { BuyerOrder } from '../../lib/api-types';

export type { BuyerOrder };

export const orderStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // kept only briefly beyond the page (long enough for hydration): the token is the only key
    getOrderByToken: build.query<BuyerOrder, string>({
      query: (token) => `/orders/by-token/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetOrderByTokenQuery } = orderStatusApi;
