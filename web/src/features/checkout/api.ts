import { api } from '../../lib/api';

/** POST /api/checkout: the order as the visitor submits it (docs/api-contract.md). */
export type CheckoutRequest = {
  customerName: string;
  customerEmail: string;
  shippingAddress: string;
  /** The cart total in dollars; the server checks it against its own prices (409 when it differs). */
  totalAmount: number;
  items: Array<{ photoId: number; printOptionId: number; quantity: number }>;
};

export type CheckoutResponse = { orderId: number; subtotal?: number; shipping?: number; total?: number };

export type PaymentProvider = 'stripe' | 'test';

export type PaymentIntentResponse = {
  clientSecret?: string | null;
  provider?: PaymentProvider;
  message?: string;
};

export type TestPaymentRequest = {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
  email: string;
};

export type OrderPaymentStatus = { status: string };

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckout: build.mutation<CheckoutResponse, CheckoutRequest>({
      query: (body) => ({ url: '/checkout', method: 'POST', body }),
    }),
    createPaymentIntent: build.mutation<PaymentIntentResponse, { orderId: number; amount: number }>({
      query: (body) => ({ url: '/create-payment-intent', method: 'POST', body }),
    }),
    confirmTestPayment: build.mutation<{ status: string; message?: string }, TestPaymentRequest>({
      query: (body) => ({ url: '/test-payments/confirm', method: 'POST', body }),
    }),
    // A mutation-style read: asked on demand (never cached) while a payment is still processing.
    getOrderPaymentStatus: build.mutation<OrderPaymentStatus, { orderId: number; secret: string }>({
      query: ({ orderId, secret }) => `/orders/${orderId}/status?secret=${encodeURIComponent(secret)}`,
    }),
  }),
});

export const {
  useCreateCheckoutMutation,
  useCreatePaymentIntentMutation,
  useConfirmTestPaymentMutation,
  useGetOrderPaymentStatusMutation,
} = checkoutApi;
