import { api } from '../../../lib/api';
import type { Faq, FaqInput } from '../../../lib/api-types';

export type { FaqInput };

export const faqsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    createFaq: build.mutation<Faq, FaqInput>({
      query: (body) => ({ url: '/admin/faqs', method: 'POST', body }),
      invalidatesTags: ['Faqs'],
    }),
    updateFaq: build.mutation<Faq, FaqInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/faqs/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Faqs'],
    }),
    deleteFaq: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/faqs/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Faqs'],
    }),
    // No invalidation: the tab shows the new order at once and refetches itself shortly after.
    reorderFaqs: build.mutation<unknown, number[]>({
      query: (faqIds) => ({ url: '/admin/faqs/reorder', method: 'POST', body: { faqIds } }),
    }),
  }),
});

export const { useCreateFaqMutation, useUpdateFaqMutation, useDeleteFaqMutation, useReorderFaqsMutation } =
  faqsAdminApi;
