import { api } from '../../lib/api';
import type {
  OrderPaymentStatus,
  PaymentIntent,
  PaymentIntentRequest,
  TestConfirmInput,
  TestConfirmResult,
} from '../../lib/api-types';
import type { CartReminderConsent, CartReminderState } from '@contract';
import type {
  GiftCardCheckoutRequest,
  GiftCardCheckoutResult,
  GiftCardQuote,
  GiftCardQuoteInput,
} from './gift-card-types';

export type PaymentProvider = PaymentIntent['provider'];

/** Read defensively: a 2xx without a secret (a proxy, an older server) is shown as its message. */
type PaymentIntentResponse = Partial<PaymentIntent> & { message?: string };

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The order is the visitor's cart as the server holds it; the body carries only the buyer's
    // details and the total they were shown (a 409 when the server's total differs).
    createCheckout: build.mutation<GiftCardCheckoutResult, GiftCardCheckoutRequest>({
      query: (body) => ({ url: '/checkout', method: 'POST', body }),
    }),
    // The summary's figures with a promotion code and for the address's state (never cached: each
    // answer is for the inputs of its moment). A refused code is a 400 with errors.promotionCode.
    getCheckoutQuote: build.mutation<GiftCardQuote, GiftCardQuoteInput>({
      query: (body) => ({ url: '/checkout/quote', method: 'POST', body }),
    }),
    createPaymentIntent: build.mutation<PaymentIntentResponse, PaymentIntentRequest>({
      query: (body) => ({ url: '/create-payment-intent', method: 'POST', body }),
    }),
    confirmTestPayment: build.mutation<TestConfirmResult, TestConfirmInput>({
      query: (body) => ({ url: '/test-payments/confirm', method: 'POST', body }),
    }),
    // A mutation-style read: asked on demand (never cached) while a payment is still processing.
    getOrderPaymentStatus: build.mutation<OrderPaymentStatus, { orderId: number; secret: string }>({
      query: ({ orderId, secret }) => `/orders/${orderId}/status?secret=${encodeURIComponent(secret)}`,
    }),
    // The reminder box (issue 49): offered or not (her switch), and ticked for this cart.
    getCartReminder: build.query<CartReminderState, void>({
      query: () => ({ url: '/cart/reminder', cache: 'no-store' }),
    }),
    setCartReminder: build.mutation<CartReminderState, CartReminderConsent>({
      query: (body) => ({ url: '/cart/reminder', method: 'POST', body }),
    }),
  }),
});

export const {
  useCreateCheckoutMutation,
  useGetCheckoutQuoteMutation,
  useCreatePaymentIntentMutation,
  useConfirmTestPaymentMutation,
  useGetOrderPaymentStatusMutation,
  useGetCartReminderQuery,
  useSetCartReminderMutation,
} = checkoutApi;
