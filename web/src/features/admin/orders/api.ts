import { api } from '../../../app/api';
import type { RootState } from '../../../app/store';
import type { FulfillmentStatus } from './order-status';

export type AdminOrderSummary = {
  id: number;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  totalAmount: number;
  /** Payment status; the server may answer values beyond the known badges. */
  status: string;
  fulfillmentStatus: string | null;
};

export type AdminOrder = AdminOrderSummary & {
  shippingAddress: string;
  paymentIntentId?: string | null;
};

export type AdminOrderLineItem = {
  id: number;
  quantity: number;
  priceAtPurchase: number;
  shippingAtPurchase?: number | null;
  photo: { id: number; title: string; thumbnailUrl: string } | null;
  itemOption: { size: string; format: string } | null;
};

export type AdminOrderDetail = { order: AdminOrder; lineItems: AdminOrderLineItem[] };

export type OrdersFilter = { fulfillmentStatus?: FulfillmentStatus; q?: string };

export const ordersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderSummary[], OrdersFilter>({
      query: ({ fulfillmentStatus, q }) => {
        const params = new URLSearchParams();
        if (fulfillmentStatus) params.set('fulfillmentStatus', fulfillmentStatus);
        if (q?.trim()) params.set('q', q.trim());
        const search = params.toString();
        return search ? `/admin/orders?${search}` : '/admin/orders';
      },
      providesTags: ['Orders'],
    }),
    getAdminOrder: build.query<AdminOrderDetail, number>({
      query: (id) => `/admin/orders/${id}`,
      providesTags: (_detail, _error, id) => [{ type: 'Order', id }],
    }),
    updateFulfillmentStatus: build.mutation<unknown, { id: number; fulfillmentStatus: FulfillmentStatus }>({
      query: ({ id, fulfillmentStatus }) => ({
        url: `/admin/orders/${id}/fulfillment-status`,
        method: 'PATCH',
        body: { fulfillmentStatus },
      }),
      // The dropdowns show the new value at once; a failure puts the old one back.
      async onQueryStarted({ id, fulfillmentStatus }, { dispatch, getState, queryFulfilled }) {
        const patches = ordersAdminApi.util
          .selectCachedArgsForQuery(getState() as RootState, 'getAdminOrders')
          .map((filter) =>
            dispatch(
              ordersAdminApi.util.updateQueryData('getAdminOrders', filter, (orders) => {
                const order = orders.find((o) => o.id === id);
                if (order) order.fulfillmentStatus = fulfillmentStatus;
              }),
            ),
          );
        patches.push(
          dispatch(
            ordersAdminApi.util.updateQueryData('getAdminOrder', id, (detail) => {
              detail.order.fulfillmentStatus = fulfillmentStatus;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      invalidatesTags: (_result, _error, { id }) => ['Orders', { type: 'Order', id }],
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, useUpdateFulfillmentStatusMutation } =
  ordersAdminApi;

export const ORDERS_CSV_URL = '/api/admin/orders.csv';
