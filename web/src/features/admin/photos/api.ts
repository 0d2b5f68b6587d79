import { api } from '../../../lib/api';
import type { AdminPhotoDetail, DeleteResult } from '../../../lib/api-types';

/** One print size of a photo, and where its crop centres (percent of the image). */
type PrintCropArgs = { photoId: number; printOptionId: number };

// The photo list and one photo are read by other screens too (shared/api.ts); saving a photo
// goes through upload-with-progress.ts (a multipart request with progress).
export const photosAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePhoto: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/photos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Photos', 'Photo', 'Cart'],
    }),
    /** A size's own crop: the lab's file and the photo page's frame follow it. */
    setPrintCrop: build.mutation<AdminPhotoDetail, PrintCropArgs & { x: number; y: number }>({
      query: ({ photoId, printOptionId, x, y }) => ({
        url: `/admin/photos/${photoId}/crops/${printOptionId}`,
        method: 'PUT',
        body: { x, y },
      }),
      invalidatesTags: (_photo, _error, { photoId }) => [{ type: 'Photo', id: photoId }],
    }),
    /** Back to the photo's focal point for that size. */
    clearPrintCrop: build.mutation<AdminPhotoDetail, PrintCropArgs>({
      query: ({ photoId, printOptionId }) => ({
        url: `/admin/photos/${photoId}/crops/${printOptionId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_photo, _error, { photoId }) => [{ type: 'Photo', id: photoId }],
    }),
  }),
});

export const { useDeletePhotoMutation, useSetPrintCropMutation, useClearPrintCropMutation } = photosAdminApi;
