import type { Knex } from 'knex';
import { giftCardMessages } from '../../contract';
import { badRequest, conflict } from '../../platform/http/app-error';
import { formatCents } from '../../platform/money';
import type { CheckoutTender, TenderContext, TenderPart } from '../orders';
import type { GiftCardCodes } from './gift-card-codes';
import type { Db, GiftCardRow, LedgerRepository } from './gift-card-ledger.repository';
import type { GiftCardOrders } from './gift-card-orders';
import type { SpendRepository } from './gift-card-spend.repository';

/** What a buyer entered for gift cards (orders' `pluginInputs`: `extras['gift-cards']`). */
type GiftCardsInput = { codes: string[]; shownDueCents: number | null };
const inputOf = (extras: Readonly<Record<string, unknown>>): GiftCardsInput => {
  const raw = extras['gift-cards'] as Partial<GiftCardsInput> | undefined;
  return {
    codes: Array.isArray(raw?.codes) ? raw.codes.filter((c): c is string => typeof c === 'string') : [],
    shownDueCents: typeof raw?.shownDueCents === 'number' ? raw.shownDueCents : null,
  };
};

/** A card with less than the buyer was shown: its balance, in her words. */
export const balanceLeftMessage = (cents: number) =>
  cents > 0 ? `This gift card has ${formatCents(cents)} left.` : giftCardMessages.empty;

const refuse = (message: string) => badRequest(message, { giftCardCodes: message });

/**
 * Gift cards as orders' tender (`orders.addTender('gift-cards.card', ...)`): each code the buyer
 * entered pays what its balance allows of what is due, in the order entered; the card pays the
 * rest. A gift card is never paid with a gift card: the cards pay at most what is due less the
 * order's gift card lines. At checkout, in the order's transaction, every card concerned is
 * locked in id order (two orders spending the same two cards wait, never deadlock), the order's
 * own earlier holds are released (a retry re-takes them: nothing is held twice), and each part is a
 * `held` entry for the order. Spent once paid (`gift-cards.spend`), released when the order ends
 * unpaid (`gift-cards.release`, its `releasedBy`). A refund's gift card part goes back to the cards
 * (`refunded` entries), each up to what it paid.
 */
export function createGiftCardTender(deps: {
  codes: GiftCardCodes;
  ledger: LedgerRepository;
  spends: SpendRepository;
  /** An order's cards after payment: what a refund may give back to each, and the giving. */
  refunds: Pick<GiftCardOrders, 'refundRoom' | 'refund'>;
  now?: () => Date;
}): CheckoutTender {
  const { codes, ledger, spends, refunds } = deps;
  const now = deps.now ?? (() => new Date());

  /** The entered codes' cards (each once, as entered), refused when unknown, voided or expired. */
  async function cardsOf(q: Db, entered: readonly string[]): Promise<GiftCardRow[]> {
    const cards: GiftCardRow[] = [];
    for (const code of entered) {
      const card = await ledger.findByCodeHash(codes.hash(code), q);
      if (!card) throw refuse(giftCardMessages.unknown);
      if (card.voidedAt) throw refuse(giftCardMessages.voided);
      if (card.kind === 'promotional' && card.expiresAt && card.expiresAt <= now())
        throw refuse(giftCardMessages.expired);
      if (!cards.some((c) => c.id === card.id)) cards.push(card);
    }
    return cards;
  }

  /**
   * What each card pays: its balance (plus what `own` says the buyer's own order holds of it) up to
   * what is left; a card with nothing on it is refused, and so is one with less than the buyer was
   * shown (when she says what she was shown: `shownDueCents`).
   */
  function plan(
    cards: readonly GiftCardRow[],
    balances: ReadonlyMap<number, number>,
    dueCents: number,
    ctx: TenderContext,
    shownDueCents: number | null,
  ): TenderPart[] {
    let left = Math.max(0, dueCents - (ctx.linesCentsByKind.gift_card ?? 0));
    if (left === 0) throw refuse(giftCardMessages.giftCardOnly);
    const parts: TenderPart[] = [];
    let short: number | null = null;
    for (const card of cards) {
      const balance = balances.get(card.id) ?? 0;
      if (balance <= 0) throw conflict(giftCardMessages.empty);
      if (left === 0) continue; // the cards before it pay everything
      const amountCents = Math.min(balance, left);
      if (amountCents < left && short === null) short = balance;
      left -= amountCents;
      parts.push({
        amountCents,
        reference: String(card.id),
        view: { last4: card.last4, balanceAfterCents: balance - amountCents },
      });
    }
    // the card is charged more than she was shown: a card was spent meanwhile, she is told its balance
    const dueAfter = dueCents - parts.reduce((s, p) => s + p.amountCents, 0);
    if (shownDueCents !== null && dueAfter > shownDueCents && short !== null)
      throw conflict(balanceLeftMessage(short));
    return parts;
  }

  return {
    releasedBy: 'gift-cards.release',

    // a refund's gift card part goes back to the cards (the owner is shown each by its last 4)
    async refundRoom(q, orderId) {
      return (await refunds.refundRoom(q, orderId)).map((r) => ({
        label: `gift card ••••${r.last4}`,
        paidCents: r.paidCents,
        leftCents: r.leftCents,
      }));
    },
    refund: (trx, orderId, cents, refundId) => refunds.refund(trx, orderId, cents, refundId),

    async preview(extras, dueCents, ctx) {
      const input = inputOf(extras);
      if (!input.codes.length) return [];
      const cards = await cardsOf(ledger.db, input.codes);
      const balances = await ledger.balances(cards.map((c) => c.id));
      // what the attempt a checkout would reuse holds is hers: it is released first there
      if (ctx.ownOrderId !== null)
        for (const f of await spends.ofOrder(ledger.db, ctx.ownOrderId))
          if (balances.has(f.giftCardId))
            balances.set(f.giftCardId, balances.get(f.giftCardId)! + f.openCents);
      return plan(cards, balances, dueCents, ctx, null);
    },

    async take(trx: Knex.Transaction, order, dueCents, ctx) {
      const input = inputOf(order.extras);
      const earlier = (await spends.ofOrder(trx, order.orderId)).filter((f) => f.openCents > 0);
      if (!input.codes.length && !earlier.length) return [];
      const cards = await cardsOf(trx, input.codes);
      // every card concerned locked in id order: two orders with the same cards take turns
      const ids = [...new Set([...cards.map((c) => c.id), ...earlier.map((f) => f.giftCardId)])].sort(
        (a, b) => a - b,
      );
      for (const id of ids) await ledger.lockCard(trx, id);
      // a retry of this unpaid order: what it held before goes back first (then is taken anew)
      for (const f of earlier)
        await ledger.addEntry(trx, {
          giftCardId: f.giftCardId,
          kind: 'released',
          amountCents: f.openCents,
          orderId: order.orderId,
        });
      if (!cards.length) return [];
      // read again under the locks: a card voided meanwhile is refused
      const locked = await cardsOf(trx, input.codes);
      const balances = await ledger.balances(
        locked.map((c) => c.id),
        trx,
      );
      const parts = plan(locked, balances, dueCents, ctx, input.shownDueCents);
      for (const p of parts)
        await ledger.addEntry(trx, {
          giftCardId: Number(p.reference),
          kind: 'held',
          amountCents: -p.amountCents,
          orderId: order.orderId,
        });
      return parts;
    },
  };
}
