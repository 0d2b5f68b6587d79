import type { PromotionList, PromotionView } from '@contract';
import { api } from '../../../lib/api';
import type { PromotionRequest } from './promotion-form-model';

export type { PromotionView };

// 'Promotions' is this feature's own tag: every write refetches the list (uses and states included).
export const promotionsAdminApi = api.enhanceEndpoints({ addTagTypes: ['Promotions'] }).injectEndpoints({
  endpoints: (build) => ({
    getPromotions: build.query<PromotionView[], void>({
      query: () => ({ url: '/admin/promotions', cache: 'no-store' }),
      transformResponse: (answer: PromotionList) => answer.promotions,
      providesTags: ['Promotions'],
    }),
    createPromotion: build.mutation<PromotionView, PromotionRequest>({
      query: (body) => ({ url: '/admin/promotions', method: 'POST', body }),
      invalidatesTags: ['Promotions'],
    }),
    updatePromotion: build.mutation<PromotionView, PromotionRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/promotions/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Promotions'],
    }),
    /** Pause (true) or resume (false) a code. */
    setPromotionPaused: build.mutation<PromotionView, { id: number; paused: boolean }>({
      query: ({ id, paused }) => ({ url: `/admin/promotions/${id}`, method: 'PATCH', body: { paused } }),
      invalidatesTags: ['Promotions'],
    }),
    /** 409 when the code has been used: it can only be paused. */
    deletePromotion: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/promotions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Promotions'],
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useSetPromotionPausedMutation,
  useDeletePromotionMutation,
} = promotionsAdminApi;
