import type {
  LabConnectionTest,
  LabProviderId,
  LabSettingsInput,
  LabSettingsView,
  labConnectionSchema,
} from '@contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { labProductsApi } from '../shared/lab/api';

export type { LabProviderId, LabSettingsView };
/** POST /api/admin/lab/{provider}/test-connection: the choices the typed key (and secret) reach. */
export type LabConnection = z.infer<typeof labConnectionSchema>;

/** PUT /api/admin/lab/{provider}: numbers as typed (the server reads them); a key or secret left out is kept. */
export type LabSettingsRequest = Omit<LabSettingsInput, 'holdMinutes' | 'minMarginPercent'> & {
  provider: LabProviderId;
  holdMinutes: string;
  minMarginPercent: string;
};
/** What is typed, tested without saving it (a key or secret left out: the stored one). */
export type LabConnectionRequest = LabConnectionTest & { provider: LabProviderId };

// The settings are read with the lab products (shared/lab/api.ts: the lab product dialog reads
// them too). The threshold changes which margins are low, and test mode changes the catalogue.
export const printLabApi = api
  .enhanceEndpoints({ addTagTypes: ['LabCatalog', 'LabProducts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      saveLabSettings: build.mutation<LabSettingsView, LabSettingsRequest>({
        query: ({ provider, ...body }) => ({ url: `/admin/lab/${provider}`, method: 'PUT', body }),
        invalidatesTags: ['LabCatalog', 'LabProducts'],
        // the answer is the lab's saved settings: the page shows it at once
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              labProductsApi.util.updateQueryData('getLabSetup', undefined, (setup) => {
                setup.labs = setup.labs.map((lab) => (lab.provider === data.provider ? data : lab));
              }),
            );
          } catch {
            // the page shows the refusal
          }
        },
      }),
      /** 400 or 503 with the lab's (or our) message when it does not connect; nothing is saved. */
      testLabConnection: build.mutation<LabConnection, LabConnectionRequest>({
        query: ({ provider, ...body }) => ({
          url: `/admin/lab/${provider}/test-connection`,
          method: 'POST',
          body,
        }),
      }),
    }),
  });

export const { useSaveLabSettingsMutation, useTestLabConnectionMutation } = printLabApi;
