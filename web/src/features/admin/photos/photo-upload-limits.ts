import { api } from '../../../lib/api';
import type { PhotoUploadLimits } from '@contract';
import { LIMITS } from './image-files';

const limitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The largest files the server takes (MAX_PHOTO_MB raises the photo's). */
    getPhotoUploadLimits: build.query<PhotoUploadLimits, void>({
      query: () => '/admin/photo-upload-limits',
    }),
  }),
});

/** The server's limits; its defaults until they arrive (or when the call fails). */
export function usePhotoUploadLimits(): PhotoUploadLimits {
  const { data } = limitsApi.useGetPhotoUploadLimitsQuery();
  return (
    data ?? {
      addImage: LIMITS.addImage,
      addThumbnail: LIMITS.addThumbnail,
      editImage: LIMITS.editImage,
      editThumbnail: LIMITS.editThumbnail,
    }
  );
}
