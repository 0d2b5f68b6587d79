import { api } from '../../../lib/api';
import type { AboutContent } from '../../../lib/api-types';

export type AboutUpdate = {
  mainBio: string;
  approachText: string;
  servicesText: string;
  /** Base64 without a data: prefix; sent only when a new headshot was chosen. */
  headshotData?: string;
  headshotType?: string;
};

export const aboutAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAbout: build.mutation<AboutContent, AboutUpdate>({
      query: (body) => ({ url: '/admin/about', method: 'POST', body }),
      invalidatesTags: ['About'],
    }),
  }),
});

export const { useUpdateAboutMutation } = aboutAdminApi;
