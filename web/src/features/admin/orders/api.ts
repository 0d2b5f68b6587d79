import { api } from '../../../lib/api';
import type { ApiState } from '../../../lib/hooks';
import type {
  Carrier,
  FulfillmentInput,
  FulfillmentStatus,
  OrderDetail,
  OrderPaymentFilter,
  OrderSummary,
  RefundInput,
  RefundReason,
  RefundView,
} from '../../../lib/api-types';

// The wire shapes are the server's contract; the names here are the admin's.
export type {
  AdminOrder,
  OrderSummary as AdminOrderSummary,
  OrderDetail as AdminOrderDetail,
  OrderLineItem as AdminOrderLineItem,
  DisputeView as OrderDispute,
  RefundView as OrderRefund,
  Carrier,
  OrderPaymentFilter,
  RefundReason,
  Shipment,
} from '../../../lib/api-types';

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const satisfies readonly Carrier[];
export type ShippingDetails = Pick<FulfillmentInput, 'carrier' | 'trackingNumber'>;

export const REFUND_REASONS = [
  { value: 'requested_by_customer', label: 'Requested by customer' },
  { value: 'damaged', label: 'Damaged in shipping' },
  { value: 'duplicate', label: 'Duplicate order' },
  { value: 'fraudulent', label: 'Fraudulent' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: RefundReason; label: string }[];
export type RefundRequest = RefundInput & { orderId: number };

/** `payment` unset: the orders someone paid for; 'unpaid': only unpaid attempts; 'all': both. */
export type OrdersFilter = {
  fulfillmentStatus?: FulfillmentStatus;
  q?: string;
  disputed?: boolean;
  payment?: OrderPaymentFilter;
};

// The order's lab orders (its print lab section) are shared/lab/lab-orders-api.ts's.
export const ordersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<OrderSummary[], OrdersFilter>({
      query: ({ fulfillmentStatus, q, disputed, payment }) => {
        const params = new URLSearchParams();
        if (payment) params.set('payment', payment);
        if (fulfillmentStatus) params.set('fulfillmentStatus', fulfillmentStatus);
        if (disputed) params.set('disputed', 'true');
        if (q?.trim()) params.set('q', q.trim());
        const search = params.toString();
        return search ? `/admin/orders?${search}` : '/admin/orders';
      },
      providesTags: ['Orders'],
    }),
    getAdminOrder: build.query<OrderDetail, number>({
      query: (id) => `/admin/orders/${id}`,
      providesTags: (_detail, _error, id) => [{ type: 'Order', id }],
    }),
    updateFulfillmentStatus: build.mutation<
      unknown,
      { id: number; fulfillmentStatus: FulfillmentStatus; shipping?: ShippingDetails }
    >({
      query: ({ id, fulfillmentStatus, shipping }) => ({
        url: `/admin/orders/${id}/fulfillment-status`,
        method: 'PATCH',
        body: { fulfillmentStatus, ...shipping },
      }),
      // The dropdowns show the new value at once; a failure puts the old one back.
      async onQueryStarted({ id, fulfillmentStatus }, { dispatch, getState, queryFulfilled }) {
        const patches = ordersAdminApi.util
          .selectCachedArgsForQuery(getState() as ApiState, 'getAdminOrders')
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
    /** Cancels an unpaid order: its payment at the provider, and what it holds (a code's use). */
    cancelOrder: build.mutation<OrderSummary, number>({
      query: (id) => ({ url: `/admin/orders/${id}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Orders', { type: 'Order', id }],
    }),
    refundOrder: build.mutation<RefundView, RefundRequest>({
      query: ({ orderId, ...body }) => ({ url: `/admin/orders/${orderId}/refunds`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => ['Orders', { type: 'Order', id: orderId }],
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useUpdateFulfillmentStatusMutation,
  useRefundOrderMutation,
  useCancelOrderMutation,
} = ordersAdminApi;

export const ORDERS_CSV_URL = '/api/admin/orders.csv';
