import type { SetupChecklist, SetupItem, SetupState } from '@contract';
import { api } from '../../../lib/api';

export type { SetupChecklist, SetupItem, SetupState };

export const setupAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The dashboard's set-up checklist (and whether a payment provider is set up: the admin banner). */
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => ({ url: '/admin/setup', cache: 'no-store' }),
    }),
  }),
});

export const { useGetSetupChecklistQuery } = setupAdminApi;
