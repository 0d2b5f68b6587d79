import type { RightsSettingsInput, RightsSettingsView } from '@contract';
import type { RestampProgress } from '@shared/file-rights';
import { api } from '../../../lib/api';

export type { RightsSettingsInput, RightsSettingsView, RestampProgress };

/** Her rights settings (Website Data > Rights); each write answers the settings as saved. */
export const rightsAdminApi = api.enhanceEndpoints({ addTagTypes: ['RightsSettings'] }).injectEndpoints({
  endpoints: (build) => {
    // the answer is the saved settings: the panel shows it at once
    const keepAnswer = async (
      _arg: unknown,
      {
        dispatch,
        queryFulfilled,
      }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: RightsSettingsView }> },
    ) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(rightsAdminApi.util.upsertQueryData('getRightsSettings', undefined, data));
      } catch {
        // the panel shows the refusal
      }
    };
    return {
      getRightsSettings: build.query<RightsSettingsView, void>({
        query: () => ({ url: '/admin/rights', cache: 'no-store' }),
        providesTags: ['RightsSettings'],
      }),
      saveRightsSettings: build.mutation<RightsSettingsView, RightsSettingsInput>({
        query: (body) => ({ url: '/admin/rights', method: 'PUT', body }),
        onQueryStarted: keepAnswer,
      }),
      setWatermarkImage: build.mutation<RightsSettingsView, File>({
        query: (file) => {
          const body = new FormData();
          body.append('image', file);
          return { url: '/admin/rights/watermark-image', method: 'PUT', body };
        },
        onQueryStarted: keepAnswer,
      }),
      removeWatermarkImage: build.mutation<RightsSettingsView, void>({
        query: () => ({ url: '/admin/rights/watermark-image', method: 'DELETE' }),
        onQueryStarted: keepAnswer,
      }),
      /** The media pipeline's remake of the files after a change (a 404 where it is not there). */
      getRestampProgress: build.query<RestampProgress, void>({
        query: () => ({ url: '/admin/media/restamp-progress', cache: 'no-store' }),
      }),
    };
  },
});

export const {
  useGetRightsSettingsQuery,
  useSaveRightsSettingsMutation,
  useSetWatermarkImageMutation,
  useRemoveWatermarkImageMutation,
  useGetRestampProgressQuery,
} = rightsAdminApi;
