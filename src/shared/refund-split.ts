/**
 * How a refund of an order paid partly by tenders (gift cards) is split (issue 47): the card's
 * part in proportion to what the card paid of the refundable whole, rounded to the cent, the
 * tenders' part the rest, filled tender after tender (card after card) in the order given; never
 * more than each paid less what was already returned to it (what cannot go to one goes to the
 * other). The server splits with it and the owner's refund dialog shows the same split before she
 * confirms. Money in cents.
 */
export type RefundSource = { paidCents: number; leftCents: number };

export type RefundSplit = { cardCents: number; tenderCents: number[] };

/** What can still be refunded: the card's left and every tender's. */
export const refundRoom = (card: RefundSource, tenders: readonly RefundSource[]): number =>
  Math.max(0, card.leftCents) + tenders.reduce((s, t) => s + Math.max(0, t.leftCents), 0);

/** The split of `amountCents` (at most `refundRoom`; null when over it). */
export function splitRefund(
  amountCents: number,
  card: RefundSource,
  tenders: readonly RefundSource[],
): RefundSplit | null {
  if (amountCents > refundRoom(card, tenders)) return null;
  const tendersLeft = tenders.reduce((s, t) => s + Math.max(0, t.leftCents), 0);
  const paid = card.paidCents + tenders.reduce((s, t) => s + t.paidCents, 0);
  const share = paid > 0 ? Math.round((amountCents * card.paidCents) / paid) : amountCents;
  let cardCents = Math.min(share, Math.max(0, card.leftCents));
  // what the tenders cannot take back goes to the card (and the other way round)
  cardCents = Math.max(cardCents, amountCents - tendersLeft);
  let rest = amountCents - cardCents;
  const tenderCents = tenders.map((t) => {
    const take = Math.min(Math.max(0, t.leftCents), rest);
    rest -= take;
    return take;
  });
  return { cardCents, tenderCents };
}
