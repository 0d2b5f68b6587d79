import type { SetupChecklist, SetupItem, SetupState } from '@contract';
import { api, type ApiError } from '../../../lib/api';
import type {
  AdminPhotoDetail,
  AdminPhotoSummary,
  AdminUser,
  SensitiveSpecies,
} from '../../../lib/api-types';

export type { AdminUser, SetupChecklist, SetupItem, SetupState };

const ADMIN_KEY = 'wildframe:admin-user';

function rememberAdmin(user: AdminUser | null): void {
  try {
    if (user) localStorage.setItem(ADMIN_KEY, JSON.stringify(user));
    else localStorage.removeItem(ADMIN_KEY);
  } catch {
    // blocked storage: the admin just does not open offline
  }
}

function rememberedAdmin(): AdminUser | null {
  try {
    const saved = localStorage.getItem(ADMIN_KEY);
    return saved ? (JSON.parse(saved) as AdminUser) : null;
  } catch {
    return null;
  }
}

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
          if (error.status === 401) {
            rememberAdmin(null);
            return { data: null };
          }
          // offline: the admin last seen on this device, so the installed app opens (its writes
          // still need the server, which checks the session again)
          const remembered = error.status === 'FETCH_ERROR' ? rememberedAdmin() : null;
          return remembered ? { data: remembered } : { error };
        }
        rememberAdmin(result.data as AdminUser);
        return { data: result.data as AdminUser };
      },
      providesTags: ['AdminUser'],
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
      onQueryStarted: async (_arg, { queryFulfilled }) => {
        await queryFulfilled.then(() => rememberAdmin(null)).catch(() => undefined);
      },
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
