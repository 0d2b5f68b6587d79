import { api } from '../../../lib/api';
import type { Category, CategoryInput, Logo, SensitiveSpecies, WallRoom } from '../../../lib/api-types';

export type { CategoryInput };

export const websiteDataAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ url: '/admin/categories', method: 'POST', body }),
      invalidatesTags: ['Categories'],
    }),
    updateCategory: build.mutation<Category, CategoryInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/categories/${id}`, method: 'PUT', body }),
      // Photos refer to categories by name, so a renamed category changes their filter too.
      invalidatesTags: ['Categories', 'Photos'],
    }),
    deleteCategory: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Categories'],
    }),
    reorderCategories: build.mutation<unknown, number[]>({
      query: (categoryIds) => ({ url: '/admin/categories/reorder', method: 'PUT', body: { categoryIds } }),
      invalidatesTags: ['Categories'],
    }),
    updateLogo: build.mutation<Logo, File>({
      query: (file) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: '/admin/logo', method: 'POST', body };
      },
      invalidatesTags: ['Logo'],
    }),
    /** The rooms of the photo page's wall preview (re-read after each change: no shared tag). */
    getWallRooms: build.query<WallRoom[], void>({ query: () => '/wall-rooms' }),
    /** A room photo with its marked reference and where prints hang (multipart). */
    createWallRoom: build.mutation<WallRoom, FormData>({
      query: (body) => ({ url: '/admin/wall-rooms', method: 'POST', body }),
    }),
    deleteWallRoom: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/wall-rooms/${id}`, method: 'DELETE' }),
    }),
    /** Replaces the list; every photo's "shown publicly as" may change with it. */
    saveSensitiveSpecies: build.mutation<SensitiveSpecies, string[]>({
      query: (species) => ({ url: '/admin/sensitive-species', method: 'PUT', body: { species } }),
      invalidatesTags: ['SensitiveSpecies', 'Photos', 'Photo'],
    }),
  }),
});

export const {
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useReorderCategoriesMutation,
  useUpdateLogoMutation,
  useSaveSensitiveSpeciesMutation,
  useGetWallRoomsQuery,
  useCreateWallRoomMutation,
  useDeleteWallRoomMutation,
} = websiteDataAdminApi;
