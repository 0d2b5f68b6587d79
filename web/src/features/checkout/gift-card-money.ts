import type { AppliedGiftCard } from '@contract';
import type { QuoteStatus } from './checkout-money';
import type { GiftCardQuote } from './gift-card-types';

/** What the applied gift cards pay (issue 47), and what is left to pay by card. */
export type GiftCardFigures = { giftCards: AppliedGiftCard[]; amountDue: number };

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The summary's gift card lines and "Amount due", from the server's answer (a quote, or the placed
 * order's); null without a card applied. While a quote is asked again the last answer's cards are
 * shown against the total shown (dimmed with the rest).
 */
export function giftCardFigures({
  codes,
  answer,
  status,
  total,
}: {
  codes: readonly string[];
  answer: GiftCardQuote | null;
  status: QuoteStatus;
  /** The total the summary shows. */
  total: number;
}): GiftCardFigures | null {
  if (!codes.length || !answer?.giftCards?.length) return null;
  const giftCards = answer.giftCards;
  if (status === 'ready' && typeof answer.amountDue === 'number')
    return { giftCards, amountDue: answer.amountDue };
  const paid = giftCards.reduce((sum, card) => sum + cents(card.amount), 0);
  return { giftCards, amountDue: Math.max(0, cents(total) - paid) / 100 };
}
