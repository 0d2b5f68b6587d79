import { api } from '../../../lib/api';
import type { DeleteResult, NewPrintOption, PrintOption, PrintOptionFields } from '../../../lib/api-types';

export type { PrintOptionFields };

export const printOptionsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The spec's URLs say item-options: the same print options (docs/architecture.md, Names).
    // Catalogue writes change what every photo and cart line shows, so all of them refetch.
    createPrintOption: build.mutation<PrintOption, NewPrintOption>({
      query: (body) => ({ url: '/admin/item-options', method: 'POST', body }),
      invalidatesTags: ['PrintOptions'],
    }),
    updatePrintOption: build.mutation<PrintOption, PrintOptionFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/item-options/${id}`, method: 'PUT', body }),
      invalidatesTags: ['PrintOptions', 'Photo', 'Cart'],
    }),
    deletePrintOption: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/item-options/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PrintOptions', 'Photo', 'Cart'],
    }),

    assignPrintOption: build.mutation<PrintOption[], { photoId: number; printOptionId: number }>({
      query: ({ photoId, printOptionId }) => ({
        url: `/admin/photos/${photoId}/item-options/${printOptionId}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { photoId }) => [{ type: 'Photo', id: photoId }],
    }),
    unassignPrintOption: build.mutation<PrintOption[], { photoId: number; optionId: number }>({
      query: ({ photoId, optionId }) => ({
        url: `/admin/photos/${photoId}/item-options/${optionId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { photoId }) => [{ type: 'Photo', id: photoId }, 'Cart'],
    }),
  }),
});

export const {
  useCreatePrintOptionMutation,
  useUpdatePrintOptionMutation,
  useDeletePrintOptionMutation,
  useAssignPrintOptionMutation,
  useUnassignPrintOptionMutation,
} = printOptionsAdminApi;
