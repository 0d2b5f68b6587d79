import type { SetupChecklist, SetupItem, SetupState } from '@contract';
import { api, type ApiError } from '../../../lib/api';
import type {
  AdminPhotoDetail,
  AdminPhotoSummary,
  AdminUser,
  SensitiveSpecies,
} from '../../../lib/api-types';

export type { AdminUser, SetupChecklist, SetupItem, SetupState };

// The admin's one base is lib/api.ts; each screen injects its own endpoints in its own api.ts.
// Here only what several screens read: who is signed in (the guard, sign-in, the password page,
// the admin bar), her photos (photos, print options, promotions) and the set-up checklist (the
// dashboard's list and the payments banner).
export const sharedAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in admin, or null when the session check answers 401. */
    getAdminUser: build.query<AdminUser | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/admin/user', cache: 'no-store' });
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: result.data as AdminUser };
      },
      providesTags: ['AdminUser'],
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
    }),
    getAdminPhotos: build.query<AdminPhotoSummary[], void>({
      query: () => '/admin/photos',
      providesTags: (photos) => [
        'Photos',
        ...(photos ?? []).map((photo) => ({ type: 'Photo' as const, id: photo.id })),
      ],
    }),
    getAdminPhoto: build.query<AdminPhotoDetail, number>({
      query: (id) => `/admin/photos/${id}`,
      providesTags: (_photo, _error, id) => [{ type: 'Photo', id }],
    }),
    /** The owner's sensitive species (the photo form's preview, the Website Data tab's card). */
    getSensitiveSpecies: build.query<SensitiveSpecies, void>({
      query: () => ({ url: '/admin/sensitive-species', cache: 'no-store' }),
      providesTags: ['SensitiveSpecies'],
    }),
    /** The dashboard's set-up checklist (and whether a payment provider is set up: the admin banner). */
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => ({ url: '/admin/setup', cache: 'no-store' }),
    }),
  }),
});

export const {
  useGetAdminUserQuery,
  useLogoutMutation,
  useGetAdminPhotosQuery,
  useGetAdminPhotoQuery,
  useGetSetupChecklistQuery,
  useGetSensitiveSpeciesQuery,
} = sharedAdminApi;
