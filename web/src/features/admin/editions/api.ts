import { api } from '../../../lib/api';

/** An edition print the owner must sign or number by hand when the lab's print arrives. */
export type EditionToSign = {
  id: number;
  orderId: number;
  lineId: number;
  photoTitle: string;
  /** "7/25" */
  number: string;
  size: string;
  format: string;
  certificateUrl: string | null;
  signedAt: string | null;
  /** A lab's print is signed when it arrives; her own before she ships it. */
  madeBy: 'lab' | 'you';
};

export type EditionSettings = {
  photographerName: string;
  hasSignature: boolean;
  signatureType: string | null;
};

/** Which edition: the one the photo's sizes share, or one size's (its print option). */
export type EditionTarget = { photoId: number; optionId?: number };
export type EditionInput = { size: number; artistProofs?: number };

const editionUrl = ({ photoId, optionId }: EditionTarget) =>
  optionId === undefined
    ? `/admin/photos/${photoId}/edition`
    : `/admin/photos/${photoId}/print-options/${optionId}/edition`;

// An edition changes what the photo's pages show: the photo and its list are read again.
const editionTags = ['Photo', 'Photos', 'Editions'] as const;

export const editionsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveEdition: build.mutation<unknown, EditionTarget & EditionInput>({
      query: ({ photoId, optionId, ...body }) => ({
        url: editionUrl({ photoId, optionId }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: [...editionTags],
    }),
    removeEdition: build.mutation<unknown, EditionTarget>({
      query: (target) => ({ url: editionUrl(target), method: 'DELETE' }),
      invalidatesTags: [...editionTags],
    }),
    closeEdition: build.mutation<unknown, EditionTarget>({
      query: (target) => ({ url: `${editionUrl(target)}/close`, method: 'POST' }),
      invalidatesTags: [...editionTags],
    }),
    getEditionsToSign: build.query<EditionToSign[], void>({
      query: () => '/admin/editions/to-sign',
      providesTags: ['Editions'],
    }),
    markSigned: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/editions/numbers/${id}/signed`, method: 'POST' }),
      invalidatesTags: ['Editions'],
    }),
    getEditionSettings: build.query<EditionSettings, void>({
      query: () => '/admin/edition-settings',
      providesTags: ['Editions'],
    }),
    saveEditionSettings: build.mutation<EditionSettings, { photographerName: string }>({
      query: (body) => ({ url: '/admin/edition-settings', method: 'PUT', body }),
      invalidatesTags: ['Editions'],
    }),
    saveSignature: build.mutation<EditionSettings, File>({
      query: (file) => {
        const body = new FormData();
        body.append('signature', file);
        return { url: '/admin/edition-settings/signature', method: 'PUT', body };
      },
      invalidatesTags: ['Editions'],
    }),
  }),
});

export const {
  useSaveEditionMutation,
  useRemoveEditionMutation,
  useCloseEditionMutation,
  useGetEditionsToSignQuery,
  useMarkSignedMutation,
  useGetEditionSettingsQuery,
  useSaveEditionSettingsMutation,
  useSaveSignatureMutation,
} = editionsAdminApi;
