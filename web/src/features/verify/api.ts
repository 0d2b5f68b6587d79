import { api } from '../../lib/api';
import type { CertificateCheck, LicenceCheck } from '../../lib/api-types';

export type { CertificateCheck, LicenceCheck };

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
    /**
     * A licence as anyone may check it (no buyer data but the licensee's name), as
     * getCertificateCheck: the page is rendered on the server from this answer, null for an
     * unknown or malformed id.
     */
    getLicenceCheck: build.query<LicenceCheck | null, string>({
      query: (id) => `/licences/verify/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetCertificateCheckQuery, useGetLicenceCheckQuery } = verifyApi;
