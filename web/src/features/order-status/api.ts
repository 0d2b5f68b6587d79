import { api } from '../../lib/api';

export type BuyerOrder = {
  orderNumber: string;
  createdAt: string;
  customerName: string;
  status: string;
  fulfillmentStatus: string;
  items: { title: string; size: string; format: string; quantity: number; price: number }[];
  subtotal: number;
  shipping: number;
  total: number;
  refundedAmount: number;
  refunds: { amount: number; reason: string; createdAt: string }[];
  shippingAddress: string;
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
  shippingNotice: { line1: string; line2: string | null } | null;
};

export const orderStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // kept only briefly beyond the page (long enough for hydration): the token is the only key
    getOrderByToken: build.query<BuyerOrder, string>({
      query: (token) => `/orders/by-token/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetOrderByTokenQuery } = orderStatusApi;
