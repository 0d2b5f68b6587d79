import { api } from '../../../lib/api';
import type { AdminPhotoDetail, DeleteResult } from '../../../lib/api-types';
import type { BatchUploadLimits, PhotoDraft, PhotoDraftPublishResult } from '@contract';

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
    /** The batch screen's limits and the tus endpoint (kept by the service worker for offline use). */
    getBatchUploadLimits: build.query<BatchUploadLimits, void>({
      query: () => '/admin/upload-limits',
    }),
    /** Drafts made from batch uploads, waiting for review. */
    getPhotoDrafts: build.query<PhotoDraft[], void>({
      query: () => ({ url: '/admin/photo-drafts', cache: 'no-store' }),
      providesTags: ['Photos'],
    }),
    publishDrafts: build.mutation<PhotoDraftPublishResult, number[]>({
      query: (ids) => ({ url: '/admin/photo-drafts/publish', method: 'POST', body: { ids } }),
      invalidatesTags: ['Photos', 'Photo'],
    }),
  }),
});

export const {
  useDeletePhotoMutation,
  useSetPrintCropMutation,
  useClearPrintCropMutation,
  useGetBatchUploadLimitsQuery,
  useGetPhotoDraftsQuery,
  usePublishDraftsMutation,
} = photosAdminApi;
