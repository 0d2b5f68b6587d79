import type {
  LabCatalog,
  LabOrderView,
  LabProductView,
  LabSettingsInput,
  LabSettingsView,
  labConnectionSchema,
  labOptionGroupsSchema,
  labProductionTimes,
  labShippingMethods,
} from '@contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type { LabCatalog, LabOrderView, LabProductView, LabSettingsView };
export type LabShippingMethod = (typeof labShippingMethods)[number];
export type LabProductionTime = (typeof labProductionTimes)[number];
/** POST /api/admin/lab/test-connection: the stores the saved key and secret reach. */
export type LabConnection = z.infer<typeof labConnectionSchema>;
export type LabOptionGroup = z.infer<typeof labOptionGroupsSchema>['groups'][number];

/** The lab's shipping methods and production times (the contract's values), in words. */
export const SHIPPING_METHOD_LABELS = {
  default: 'The lab’s default',
  ground: 'Ground',
  ground_economy: 'Ground economy',
  '2_day': '2-day',
  overnight: 'Overnight',
  usps_ground_advantage: 'USPS Ground Advantage',
  usps_priority_mail: 'USPS Priority Mail',
} as const satisfies Record<LabShippingMethod, string>;
export const PRODUCTION_TIME_LABELS = {
  regular: 'Regular',
  nextday: 'Next day',
  sameday: 'Same day',
} as const satisfies Record<LabProductionTime, string>;

/** PUT /api/admin/lab: numbers as typed (the server reads them); a key or secret left out is kept. */
export type LabSettingsRequest = Omit<LabSettingsInput, 'holdMinutes' | 'minMarginPercent'> & {
  holdMinutes: string;
  minMarginPercent: string;
};

/** PUT /api/admin/lab/products/{printOptionId}: the inches as typed. */
export type LabProductRequest = {
  printOptionId: number;
  subcategoryId: number;
  widthIn: string;
  heightIn: string;
  optionIds: number[];
};

// 'LabProducts' also hangs on 'PrintOptions': a print option's new price changes its margin.
// The settings' threshold changes which margins are low, and test mode changes the catalogue.
export const printLabApi = api
  .enhanceEndpoints({ addTagTypes: ['LabSettings', 'LabCatalog', 'LabProducts', 'LabOrder'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getLabSettings: build.query<LabSettingsView, void>({
        query: () => ({ url: '/admin/lab', cache: 'no-store' }),
        providesTags: ['LabSettings'],
      }),
      saveLabSettings: build.mutation<LabSettingsView, LabSettingsRequest>({
        query: (body) => ({ url: '/admin/lab', method: 'PUT', body }),
        invalidatesTags: ['LabCatalog', 'LabProducts'],
        // the answer is the saved settings: the page shows it at once
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(printLabApi.util.upsertQueryData('getLabSettings', undefined, data));
          } catch {
            // the page shows the refusal
          }
        },
      }),
      /** 400 or 503 with the lab's (or our) message when it does not connect. */
      testLabConnection: build.mutation<LabConnection, void>({
        query: () => ({ url: '/admin/lab/test-connection', method: 'POST' }),
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
      getOrderLab: build.query<LabOrderView | null, number>({
        query: (orderId) => ({ url: `/admin/orders/${orderId}/lab`, cache: 'no-store' }),
        transformResponse: (answer: { lab: LabOrderView | null }) => answer.lab,
        providesTags: (_lab, _error, orderId) => [{ type: 'LabOrder', id: orderId }],
      }),
      /** Sends a held order now, or a failed one again; 409 with the reason when it may not. */
      sendOrderToLab: build.mutation<LabOrderView, number>({
        query: (orderId) => ({ url: `/admin/orders/${orderId}/lab/send`, method: 'POST' }),
        transformResponse: (answer: { lab: LabOrderView }) => answer.lab,
        // the order's own status may follow (sent to the lab: in progress); a refusal may mean
        // the lab order moved on meanwhile: it is read again
        invalidatesTags: (_lab, error, orderId) => [
          { type: 'Order', id: orderId },
          'Orders',
          ...(error ? [{ type: 'LabOrder' as const, id: orderId }] : []),
        ],
        async onQueryStarted(orderId, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(printLabApi.util.upsertQueryData('getOrderLab', orderId, data));
          } catch {
            // the section shows the refusal
          }
        },
      }),
    }),
  });

export const {
  useGetLabSettingsQuery,
  useSaveLabSettingsMutation,
  useTestLabConnectionMutation,
  useGetLabCatalogQuery,
  useGetLabOptionGroupsQuery,
  useGetLabProductsQuery,
  useSaveLabProductMutation,
  useRemoveLabProductMutation,
  useGetOrderLabQuery,
  useSendOrderToLabMutation,
} = printLabApi;
