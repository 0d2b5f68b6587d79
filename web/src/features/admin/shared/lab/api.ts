import type {
  LabCatalog,
  LabOptionGroup,
  LabProductView,
  LabProviderId,
  LabSettingsView,
  LabSetup,
} from '@contract';
import { api } from '../../../../lib/api';

export type { LabCatalog, LabOptionGroup, LabProductView, LabProviderId, LabSettingsView, LabSetup };

/** PUT /api/admin/lab/products/{printOptionId}: the lab that makes it, the inches as typed. */
export type LabProductRequest = {
  printOptionId: number;
  provider: LabProviderId;
  /** The lab's own product and option ids, from its catalogue. */
  productId: string;
  widthIn: string;
  heightIn: string;
  optionIds: string[];
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
      getLabOptionGroups: build.query<LabOptionGroup[], { provider: LabProviderId; productId: string }>({
        query: ({ provider, productId }) =>
          `/admin/lab/${provider}/catalog/products/${encodeURIComponent(productId)}/options`,
        transformResponse: (answer: { groups: LabOptionGroup[] }) => answer.groups,
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
