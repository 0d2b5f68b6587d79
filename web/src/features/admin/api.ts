import { api, type ApiError } from '../../lib/api';
import type {
  AdminUser,
  ChangePasswordInput,
  DeleteResult,
  LoginInput as Credentials,
  NewPrintOption,
  PhotoDetail,
  PhotoPrintOptionEdits,
  PhotoSummary,
  PrintOption,
  PrintOptionFields,
} from '../../lib/api-types';

export type {
  AdminUser,
  ChangePasswordInput,
  Credentials,
  DeleteResult,
  PhotoPrintOptionEdits,
  PrintOptionFields,
};

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in admin, or null when the session check answers 401. */
    getAdminUser: build.query<AdminUser | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/admin/user', cache: 'no-store' });
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: result.data as AdminUser };
      },
      providesTags: ['AdminUser'],
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<AdminUser, Credentials>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body }),
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
    }),
    /** Her own password (the one-time one of the first start replaced): who she is now. */
    changePassword: build.mutation<AdminUser, ChangePasswordInput>({
      query: (body) => ({ url: '/admin/password', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminApi.util.upsertQueryData('getAdminUser', undefined, data));
      },
    }),

    getAdminPhotos: build.query<PhotoSummary[], void>({
      query: () => '/admin/photos',
      providesTags: (photos) => [
        'Photos',
        ...(photos ?? []).map((photo) => ({ type: 'Photo' as const, id: photo.id })),
      ],
    }),
    getAdminPhoto: build.query<PhotoDetail, number>({
      query: (id) => `/admin/photos/${id}`,
      providesTags: (_photo, _error, id) => [{ type: 'Photo', id }],
    }),
    deletePhoto: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/photos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Photos', 'Photo', 'Cart'],
    }),
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
  useGetAdminUserQuery,
  useLoginMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useGetAdminPhotosQuery,
  useGetAdminPhotoQuery,
  useDeletePhotoMutation,
  useCreatePrintOptionMutation,
  useUpdatePrintOptionMutation,
  useDeletePrintOptionMutation,
  useAssignPrintOptionMutation,
  useUnassignPrintOptionMutation,
} = adminApi;
