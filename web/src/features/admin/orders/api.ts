import { api } from '../../../lib/api';
import type { ApiState } from '../../../lib/hooks';
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
  /** Only on a disputed order. */
  dispute?: OrderDispute;
};

export type OrderDispute = { status: string; reason: string; dueBy: string | null; amount: number | null };
export type Shipment = { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
export type OrderRefund = {
  id: number;
  amount: number;
  reason: string;
  note: string | null;
  status?: string;
  createdAt: string;
};

export type AdminOrder = AdminOrderSummary & {
  shippingAddress: string;
  paymentIntentId?: string | null;
  shipment?: Shipment;
  refundedAmount?: number;
  refunds?: OrderRefund[];
};

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export type ShippingDetails = { carrier: Carrier | null; trackingNumber: string | null };

export const REFUND_REASONS = [
  { value: 'requested_by_customer', label: 'Requested by customer' },
  { value: 'damaged', label: 'Damaged in shipping' },
  { value: 'duplicate', label: 'Duplicate order' },
  { value: 'fraudulent', label: 'Fraudulent' },
  { value: 'other', label: 'Other' },
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number]['value'];
export type RefundRequest = {
  orderId: number;
  amount: number;
  reason: RefundReason;
  note?: string;
  idempotencyKey: string;
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

export type OrdersFilter = { fulfillmentStatus?: FulfillmentStatus; q?: string; disputed?: boolean };

export const ordersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderSummary[], OrdersFilter>({
      query: ({ fulfillmentStatus, q, disputed }) => {
        const params = new URLSearchParams();
        if (fulfillmentStatus) params.set('fulfillmentStatus', fulfillmentStatus);
        if (disputed) params.set('disputed', 'true');
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
    refundOrder: build.mutation<OrderRefund, RefundRequest>({
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
} = ordersAdminApi;

export const ORDERS_CSV_URL = '/api/admin/orders.csv';
