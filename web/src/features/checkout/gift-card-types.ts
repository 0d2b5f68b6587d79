import type { AppliedGiftCard } from '@contract';
import type { CheckoutQuote, CheckoutQuoteInput, CheckoutRequest, CheckoutResult } from '../../lib/api-types';

// Gift cards at checkout (issue 47): the quote and checkout bodies take the applied codes, their
// answers say what each card pays and the amount left to pay by card; `paid` when the cards paid
// it all. Optional here so the app reads an answer of a server before gift cards too.
type WithGiftCards = { giftCards?: AppliedGiftCard[]; amountDue?: number };
export type GiftCardQuote = CheckoutQuote & WithGiftCards;
export type GiftCardQuoteInput = CheckoutQuoteInput & { giftCardCodes?: string[] };
export type GiftCardCheckoutRequest = CheckoutRequest & { giftCardCodes?: string[]; amountDue?: number };
export type GiftCardCheckoutResult = CheckoutResult & WithGiftCards & { paid?: boolean };
