import type { LicencePage } from '@contract';
import { api } from './api';

export type { LicencePage };

export const licencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A licence's page (`/licences/{slug}`): its terms and default prices. Rendered on the server
     * from this answer (null for an unknown licence: the not-found page); in the browser read again
     * only on a navigation inside the app.
     */
    getLicence: build.query<LicencePage | null, string>({
      query: (slug) => `/licences/${encodeURIComponent(slug)}`,
    }),
  }),
});

export const { useGetLicenceQuery } = licencesApi;
