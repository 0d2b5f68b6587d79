import { api } from '../../lib/api';
import type { CertificateCheck } from '../../lib/api-types';

export type { CertificateCheck };

export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A certificate as anyone may check it (no buyer data). The page is rendered on the server
     * from this answer (null for an unknown id: the not-found page); in the browser it is only
     * read again on a navigation inside the app.
     */
    getCertificateCheck: build.query<CertificateCheck | null, string>({
      query: (id) => `/certificates/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetCertificateCheckQuery } = verifyApi;
