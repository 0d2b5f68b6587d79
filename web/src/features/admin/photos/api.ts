import { api } from '../../../lib/api';
import type { DeleteResult } from '../../../lib/api-types';

// The photo list and one photo are read by other screens too (shared/api.ts); saving a photo
// goes through upload-with-progress.ts (a multipart request with progress).
export const photosAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePhoto: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/photos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Photos', 'Photo', 'Cart'],
    }),
  }),
});

export const { useDeletePhotoMutation } = photosAdminApi;
