import type { GiftCardOffer } from '@contract';
import { api } from './api';

export type { GiftCardOffer };

export const giftCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * What the "Gift card" page offers (issue 47): amounts, pictures, the shop's time zone. Rendered
     * on the server from this answer; in the browser read again only on a navigation inside the app.
     */
    getGiftCardOffer: build.query<GiftCardOffer, void>({ query: () => '/gift-cards' }),
  }),
});

export const { useGetGiftCardOfferQuery } = giftCardsApi;
