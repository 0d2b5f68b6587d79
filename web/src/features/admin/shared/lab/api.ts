import type {
  LabCatalog,
  LabProductView,
  LabProviderId,
  LabSettingsView,
  LabSetup,
  labOptionGroupsSchema,
} from '@contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';

export type { LabCatalog, LabProductView, LabProviderId, LabSettingsView, LabSetup };
export type LabOptionGroup = z.infer<typeof labOptionGroupsSchema>['groups'][number];

/** PUT /api/admin/lab/products/{printOptionId}: the lab that makes it, the inches as typed. */
export type LabProductRequest = {
  printOptionId: number;
  provider: LabProviderId;
  subcategoryId: number;
  widthIn: string;
  heightIn: string;
  optionIds: number[];
};

// Which print options the labs make: read and written from the print lab page and from the print
// options' cards, with each lab's catalogue the dialog picks from. 'LabProducts' also hangs on
// 'PrintOptions': a print option's new price changes its margin. Saving a lab's settings
// (print-lab/api.ts) invalidates 'LabCatalog' and 'LabProducts' and writes 'getLabSetup' here.
export const labProductsApi = api
  .enhanceEndpoints({ addTagTypes: ['LabSettings', 'LabCatalog', 'LabProducts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Every lab's settings, and whether they are the demo labs. */
      getLabSetup: build.query<LabSetup, void>({
        query: () => ({ url: '/admin/lab', cache: 'no-store' }),
        providesTags: ['LabSettings'],
      }),
      getLabCatalog: build.query<LabCatalog, LabProviderId>({
        query: (provider) => ({ url: `/admin/lab/${provider}/catalog`, cache: 'no-store' }),
        providesTags: ['LabCatalog'],
      }),
      getLabOptionGroups: build.query<LabOptionGroup[], { provider: LabProviderId; subcategoryId: number }>({
        query: ({ provider, subcategoryId }) =>
          `/admin/lab/${provider}/catalog/subcategories/${subcategoryId}/options`,
        transformResponse: (answer: z.infer<typeof labOptionGroupsSchema>) => answer.groups,
        providesTags: ['LabCatalog'],
      }),
      getLabProducts: build.query<LabProductView[], void>({
        query: () => ({ url: '/admin/lab/products', cache: 'no-store' }),
        transformResponse: (answer: { products: LabProductView[] }) => answer.products,
        providesTags: ['LabProducts', 'PrintOptions'],
      }),
      /** The print option is made by the lab; the answer has the lab's cost quoted now. */
      saveLabProduct: build.mutation<LabProductView, LabProductRequest>({
        query: ({ printOptionId, ...body }) => ({
          url: `/admin/lab/products/${printOptionId}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['LabProducts'],
      }),
      /** Back to self-fulfilled: the owner ships it. */
      removeLabProduct: build.mutation<{ message: string }, number>({
        query: (printOptionId) => ({ url: `/admin/lab/products/${printOptionId}`, method: 'DELETE' }),
        invalidatesTags: ['LabProducts'],
      }),
    }),
  });

export const {
  useGetLabSetupQuery,
  useGetLabCatalogQuery,
  useGetLabOptionGroupsQuery,
  useGetLabProductsQuery,
  useSaveLabProductMutation,
  useRemoveLabProductMutation,
} = labProductsApi;
