import { api, type ApiError } from '../../lib/api';
import type {
  AdminUser,
  DeleteResult,
  ItemOptionFields,
  LoginInput as Credentials,
  NewItemOption,
  NewPrintOption,
  PhotoDetail,
  PhotoSummary,
  PrintOption,
} from '../../lib/api-types';
import type { NewPhotoOption, PhotoOptionEdits } from '@contract';

export type {
  AdminUser,
  Credentials,
  DeleteResult,
  ItemOptionFields,
  NewItemOption,
  NewPhotoOption,
  NewPrintOption,
  PhotoOptionEdits,
};

/**
 * Body of POST/PUT /api/admin/photos; image fields only when a new image was chosen. The print
 * options ride along and are saved in the same transaction: the add form's rows on POST, the
 * edit form's changes on PUT.
 */
export type PhotoPayload = Pick<
  PhotoSummary,
  | 'title'
  | 'description'
  | 'location'
  | 'dateTaken'
  | 'aspectRatio'
  | 'category'
  | 'displayOrder'
  | 'featured'
  | 'verticalPosition'
> & {
  imageData?: string;
  thumbnailData?: string | null;
  printOptions?: NewPhotoOption[] | PhotoOptionEdits;
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
    // Catalogue writes change what every photo and cart line shows, so all of them refetch.
    createItemOption: build.mutation<PrintOption, NewItemOption>({
      query: (body) => ({ url: '/admin/item-options', method: 'POST', body }),
      invalidatesTags: ['ItemOptions'],
    }),
    updateItemOption: build.mutation<PrintOption, ItemOptionFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/item-options/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ItemOptions', 'Photo', 'Cart'],
    }),
    deleteItemOption: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/item-options/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ItemOptions', 'Photo', 'Cart'],
    }),

    assignItemOption: build.mutation<PrintOption[], { photoId: number; itemOptionId: number }>({
      query: ({ photoId, itemOptionId }) => ({
        url: `/admin/photos/${photoId}/item-options/${itemOptionId}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { photoId }) => [{ type: 'Photo', id: photoId }],
    }),
    unassignItemOption: build.mutation<PrintOption[], { photoId: number; optionId: number }>({
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
  useGetAdminPhotosQuery,
  useGetAdminPhotoQuery,
  useDeletePhotoMutation,
  useCreateItemOptionMutation,
  useUpdateItemOptionMutation,
  useDeleteItemOptionMutation,
  useAssignItemOptionMutation,
  useUnassignItemOptionMutation,
} = adminApi;
