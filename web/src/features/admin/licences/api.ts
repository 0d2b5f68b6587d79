import type {
  AdminDownloadSize,
  AdminLicence,
  AdminPhotoLicensing,
  LicenceCatalogue,
  LicenceInput,
  LicencePriceCell,
} from '@contract';
import { api } from '../../../lib/api';

export type { AdminDownloadSize, AdminLicence, AdminPhotoLicensing, LicenceCatalogue, LicencePriceCell };

/** What the licence form sends (the server sanitizes the terms). */
export type LicenceFields = Omit<LicenceInput, 'position'> & { position?: number };
export type SizeFields = { label: string; longEdgePx: number | null; position?: number };
/** A price as typed: dollars, or blank (not offered). */
export type PriceInput = { licenceId: number; sizeId: number; price: number | string | null };

// Her licences, sizes and prices change what every photo page shows: each write refetches photos.
export const licencesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLicenceCatalogue: build.query<LicenceCatalogue, void>({
      query: () => '/admin/licences',
      providesTags: ['Licences'],
    }),
    createLicence: build.mutation<AdminLicence, LicenceFields>({
      query: (body) => ({ url: '/admin/licences', method: 'POST', body }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    updateLicence: build.mutation<AdminLicence, LicenceFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/licences/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    archiveLicence: build.mutation<AdminLicence, number>({
      query: (id) => ({ url: `/admin/licences/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    createDownloadSize: build.mutation<AdminDownloadSize, SizeFields>({
      query: (body) => ({ url: '/admin/download-sizes', method: 'POST', body }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    updateDownloadSize: build.mutation<AdminDownloadSize, SizeFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/download-sizes/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    archiveDownloadSize: build.mutation<AdminDownloadSize, number>({
      query: (id) => ({ url: `/admin/download-sizes/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    saveLicencePrices: build.mutation<LicenceCatalogue, PriceInput[]>({
      query: (prices) => ({ url: '/admin/licence-prices', method: 'PUT', body: { prices } }),
      invalidatesTags: ['Licences', 'Photo'],
    }),
    getPhotoLicensing: build.query<AdminPhotoLicensing, number>({
      query: (id) => `/admin/photos/${id}/licensing`,
      providesTags: (_r, _e, id) => [{ type: 'Licences', id: `photo-${id}` }],
    }),
    savePhotoLicensing: build.mutation<
      AdminPhotoLicensing,
      { photoId: number; notForLicensing: boolean; prices: PriceInput[] }
    >({
      query: ({ photoId, ...body }) => ({ url: `/admin/photos/${photoId}/licensing`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { photoId }) => [
        { type: 'Licences', id: `photo-${photoId}` },
        { type: 'Photo', id: photoId },
      ],
    }),
  }),
});

export const {
  useGetLicenceCatalogueQuery,
  useCreateLicenceMutation,
  useUpdateLicenceMutation,
  useArchiveLicenceMutation,
  useCreateDownloadSizeMutation,
  useUpdateDownloadSizeMutation,
  useArchiveDownloadSizeMutation,
  useSaveLicencePricesMutation,
  useGetPhotoLicensingQuery,
  useSavePhotoLicensingMutation,
} = licencesAdminApi;
