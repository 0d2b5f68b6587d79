import type { TaxProvider, TaxSettingsView, TaxStateView } from '@contract';
import { api } from '../../../lib/api';

export type { TaxProvider, TaxSettingsView, TaxStateView };

/** PUT /api/admin/tax: every state collected in (one left out stops being collected in); the rate as typed. */
export type TaxSettingsRequest = {
  provider: TaxProvider;
  states: Array<{ state: string; rate: string; shippingTaxed: boolean }>;
};

/** The monthly tax report (CSV): per state, taxable sales, tax collected, refunds' tax reversed. */
export const taxReportUrl = (month: string) =>
  `/api/admin/orders/tax-report?month=${encodeURIComponent(month)}`;

export const taxAdminApi = api.enhanceEndpoints({ addTagTypes: ['TaxSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getTaxSettings: build.query<TaxSettingsView, void>({
      query: () => ({ url: '/admin/tax', cache: 'no-store' }),
      providesTags: ['TaxSettings'],
    }),
    saveTaxSettings: build.mutation<TaxSettingsView, TaxSettingsRequest>({
      query: (body) => ({ url: '/admin/tax', method: 'PUT', body }),
      // the answer is the saved settings: the page shows it at once
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(taxAdminApi.util.upsertQueryData('getTaxSettings', undefined, data));
        } catch {
          // the page shows the refusal
        }
      },
    }),
  }),
});

export const { useGetTaxSettingsQuery, useSaveTaxSettingsMutation } = taxAdminApi;
