import { api } from './api';
import type { Category, PhotoDetail, PhotoSummary, PrintOption } from './api-types';

/** The public catalogue reads: the storefront shows them and the admin edits what they answer. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPhotos: build.query<PhotoSummary[], { featured?: boolean; category?: string } | void>({
      query: (filter) => {
        const params = new URLSearchParams();
        if (filter?.featured) params.set('featured', 'true');
        if (filter?.category) params.set('category', filter.category);
        const search = params.toString();
        return search ? `/photos?${search}` : '/photos';
      },
      providesTags: (photos) => [
        'Photos',
        ...(photos ?? []).map((photo) => ({ type: 'Photo' as const, id: photo.id })),
      ],
    }),
    getPhoto: build.query<PhotoDetail, number>({
      query: (id) => `/photos/${id}`,
      providesTags: (_photo, _error, id) => [{ type: 'Photo', id }],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      providesTags: ['Categories'],
    }),
    // the spec's URL says item-options: the same print options (docs/architecture.md, Names)
    getPrintOptions: build.query<PrintOption[], void>({
      query: () => '/item-options',
      providesTags: ['PrintOptions'],
    }),
  }),
});

export const { useGetPhotosQuery, useGetPhotoQuery, useGetCategoriesQuery, useGetPrintOptionsQuery } =
  catalogApi;
