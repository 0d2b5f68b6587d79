import { api } from '../../lib/api';
import type { BuyerOrder } from '../../lib/api-types';

export type { BuyerOrder };

export const orderStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // kept only briefly beyond the page (long enough for hydration): the token is the only key.
    // null only when the server rendered the page for an unknown token (the not-found page).
    getOrderByToken: build.query<BuyerOrder | null, string>({
      query: (token) => `/orders/by-token/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 10,
    }),
    // "Send me a fresh link": the new download link goes to the order's e-mail (never to the page)
    sendFreshLicenceLink: build.mutation<{ message: string }, { token: string; lineId: number }>({
      query: ({ token, lineId }) => ({
        url: `/orders/by-token/${encodeURIComponent(token)}/licences/${lineId}/fresh-link`,
        method: 'POST',
      }),
    }),
    // a gift card's recipient (issue 47), while the card is not yet sent
    changeGiftCardRecipient: build.mutation<
      { message: string },
      { token: string; lineId: number; recipientEmail: string }
    >({
      query: ({ token, lineId, recipientEmail }) => ({
        url: `/orders/by-token/${encodeURIComponent(token)}/gift-cards/${lineId}/recipient`,
        method: 'POST',
        body: { recipientEmail },
      }),
    }),
  }),
});

export const {
  useGetOrderByTokenQuery,
  useSendFreshLicenceLinkMutation,
  useChangeGiftCardRecipientMutation,
} = orderStatusApi;
