import type { LabCatalog, LabProductView, LabSettingsView, labOptionGroupsSchema } from '@contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';

export type { LabCatalog, LabProductView, LabSettingsView };
export type LabOptionGroup = z.infer<typeof labOptionGroupsSchema>['groups'][number];

/** PUT /api/admin/lab/products/{printOptionId}: the inches as typed. */
export type LabProductRequest = {
  printOptionId: number;
  subcategoryId: number;
  widthIn: string;
  heightIn: string;
  optionIds: number[];
};

// Which print options the lab makes: read and written from the print lab page and from the print
// options' cards, with the lab's catalogue the dialog picks from. 'LabProducts' also hangs on
// 'PrintOptions': a print option's new price changes its margin. Saving the settings
// (print-lab/api.ts) invalidates 'LabCatalog' and 'LabProducts' and writes 'getLabSettings' here.
export const labProductsApi = api
  .enhanceEndpoints({ addTagTypes: ['LabSettings', 'LabCatalog', 'LabProducts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getLabSettings: build.query<LabSettingsView, void>({
        query: () => ({ url: '/admin/lab', cache: 'no-store' }),
        providesTags: ['LabSettings'],
      }),
      getLabCatalog: build.query<LabCatalog, void>({
        query: () => ({ url: '/admin/lab/catalog', cache: 'no-store' }),
        providesTags: ['LabCatalog'],
      }),
      getLabOptionGroups: build.query<LabOptionGroup[], number>({
        query: (subcategoryId) => `/admin/lab/catalog/subcategories/${subcategoryId}/options`,
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
  useGetLabSettingsQuery,
  useGetLabCatalogQuery,
  useGetLabOptionGroupsQuery,
  useGetLabProductsQuery,
  useSaveLabProductMutation,
  useRemoveLabProductMutation,
} = labProductsApi;
