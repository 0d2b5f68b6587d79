import { api, type ApiError } from '../../lib/api';
import type { PhotoDetail, PhotoSummary, PrintOption } from '../../lib/api-types';

export type AdminUser = { id: number; username: string };

export type Credentials = { username: string; password: string };

/** Body of POST/PUT /api/admin/photos; image fields only when a new image was chosen. */
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
> & { imageData?: string; imageType?: string; thumbnailData?: string | null };

/** The older per-photo print option shape the add form sends. */
export type NewPrintOption = {
  photoId: number;
  size: string;
  material: string;
  price: number;
  inStock: boolean;
};

export type ItemOptionFields = { size: string; format: string; price: number; shipping: number };

export type NewItemOption = ItemOptionFields & { aspectRatio: string };

export type DeleteResult = { message: string; archived?: boolean };

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
    createPrintOption: build.mutation<PrintOption, NewPrintOption>({
      query: (body) => ({ url: '/admin/print-options', method: 'POST', body }),
      invalidatesTags: (_result, _error, { photoId }) => ['ItemOptions', { type: 'Photo', id: photoId }],
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

    createPhotoItemOption: build.mutation<PrintOption, ItemOptionFields & { photoId: number }>({
      query: ({ photoId, ...body }) => ({
        url: `/admin/photos/${photoId}/item-options`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { photoId }) => ['ItemOptions', { type: 'Photo', id: photoId }],
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
  useCreatePrintOptionMutation,
  useCreateItemOptionMutation,
  useUpdateItemOptionMutation,
  useDeleteItemOptionMutation,
  useCreatePhotoItemOptionMutation,
  useAssignItemOptionMutation,
  useUnassignItemOptionMutation,
} = adminApi;
