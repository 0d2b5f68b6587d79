import { createNamedRegistry } from '../../platform/registry';
import type { AppliedGiftCard } from '../../contract';
import { toDollars } from '../../platform/money';
import type { CheckoutExtras, HeldOrder } from './checkout-holds';
import type { Knex } from 'knex';
import type { Tx } from './orders.repository';

/**
 * What the buyer is shown of a part (the quote's and checkout's `giftCards`): the card's last 4
 * and what is left on it once this order takes its part. Mapped to the wire in one place
 * (`appliedTenders` below).
 */
export type TenderPartView = { last4: string; balanceAfterCents: number };

/**
 * One part of an order a tender pays: its amount and the tender's own reference (a card's id),
 * with what the buyer is shown of it (none: the part is not shown).
 */
export type TenderPart = { amountCents: number; reference: string | null; view?: TenderPartView };

/**
 * What of an order's part a refund may still give back to (a gift card): as the owner is shown it
 * before she confirms ("gift card ••••7XKQ"), what it paid and what is left to return, in cents.
 */
export type TenderRefundRoom = { label: string; paidCents: number; leftCents: number };

/** What a tender is told of the order besides what is due (orders' words, no tender's). */
export type TenderContext = {
  /** The order's lines' price x quantity by line kind, in cents (print, licence, gift_card). */
  linesCentsByKind: Readonly<Record<string, number>>;
  /**
   * The buyer's own unpaid order whose parts are hers: at checkout the order being written (a
   * retry re-takes what it took before), in a quote the attempt a checkout would reuse; or null.
   */
  ownOrderId: number | null;
};

/**
 * A tender: something that pays part of an order besides the card (a gift card, store credit).
 * `take` runs in the order's transaction after the checkout holds, every tender in the order they
 * were added, and is told what is still due (the total less the tenders before it); it takes what
 * it pays from its own stock (its module's tables) and answers the parts. Orders writes them
 * (`order_tenders`) and their sum (`orders.tenders_cents`), which every reader of the order gets
 * through `orderMoney` as the amount due: the payment intent, the reconciler, the refund cap. A
 * tender that throws refuses the order. `preview` answers, for a quote, the parts `take` would
 * take now, holding nothing (its input read from `extras`, as `take` reads `order.extras`); a part's
 * `view` is what the buyer is shown of it (the answers' `giftCards`, mapped by `appliedTenders`).
 * An order whose tenders pay it all is paid at checkout without a card (payments'
 * `settleCoveredOrder`). `releasedBy` names its subscriber of 'order.payment-canceled' that gives
 * the amount back, as a checkout hold's does. Added by name with `orders.addTender` in src/modules.ts.
 */
export type CheckoutTender = {
  take(trx: Tx, order: HeldOrder, dueCents: number, ctx: TenderContext): Promise<readonly TenderPart[]>;
  preview?(extras: CheckoutExtras, dueCents: number, ctx: TenderContext): Promise<readonly TenderPart[]>;
  /**
   * Refunds (both or neither): `refundRoom` answers what of the order each of its parts may still
   * take back, in the order `refund` fills them; `refund` gives a refund's share back to them in the
   * refund's transaction (gift cards: `refunded` entries naming the refund). Payments split the
   * owner's refund between the card and these (src/shared/refund-split.ts); a tender without them
   * is never refunded (the card's refund is capped at what the card paid).
   */
  refundRoom?(q: Knex, orderId: number): Promise<readonly TenderRefundRoom[]>;
  refund?(trx: Tx, orderId: number, cents: number, refundId: number): Promise<void>;
  releasedBy: string;
};

/** The tenders' parts of an order (or a quote) and what is left due for the card, in cents. */
export type TakenTenders = { parts: readonly (TenderPart & { tender: string })[]; dueCents: number };

/** The parts the buyer is shown, as the answers' `giftCards` (dollars): the one mapping of views. */
export const appliedTenders = (parts: TakenTenders['parts']): AppliedGiftCard[] =>
  parts.flatMap((p) =>
    p.view
      ? [
          {
            last4: p.view.last4,
            amount: toDollars(p.amountCents),
            balanceAfter: toDollars(p.view.balanceAfterCents),
          },
        ]
      : [],
  );

/** What the registry writes: the order's tender rows, replaced as a whole (a retry re-takes them). */
export type TenderWrites = {
  replaceTenders(trx: Tx, orderId: number, rows: readonly (TenderPart & { tender: string })[]): Promise<void>;
};

/** The registry of tenders, told which subscribers take 'order.payment-canceled'. */
export function createCheckoutTenders(releaseSubscribers: () => readonly string[], repo: TenderWrites) {
  const tenders = createNamedRegistry<CheckoutTender>('Tender');
  /** Asks every tender in turn what it pays of what is still due. */
  async function payAll(
    totalCents: number,
    ask: (tender: CheckoutTender, dueCents: number) => Promise<readonly TenderPart[]>,
  ): Promise<TakenTenders> {
    let dueCents = totalCents;
    const parts: (TenderPart & { tender: string })[] = [];
    for (const { name, plugIn } of tenders.entries()) {
      for (const part of await ask(plugIn, dueCents)) {
        // a tender pays whole cents of what is left, never more (the card pays the rest): a plug-in
        // that asks otherwise is a bug, and the order is not written
        if (!Number.isInteger(part.amountCents) || part.amountCents <= 0 || part.amountCents > dueCents)
          throw new Error(`Tender "${name}" asked to pay ${part.amountCents} of ${dueCents} cents due`);
        dueCents -= part.amountCents;
        parts.push({ ...part, tender: name });
      }
    }
    return { parts, dueCents };
  }
  return {
    /** Refuses (at start) a name taken twice, or a tender whose release subscriber is not there. */
    add(name: string, tender: CheckoutTender): void {
      if (!releaseSubscribers().includes(tender.releasedBy))
        throw new Error(
          `Tender "${name}" is released by "${tender.releasedBy}", which does not subscribe to order.payment-canceled`,
        );
      tenders.add(name, tender);
    },
    /** Every tender, one after another, in the order's transaction; their parts written. */
    async takeAll(trx: Tx, order: HeldOrder, ctx: TenderContext): Promise<TakenTenders> {
      // no tender plugged in: no order can hold a part, nothing to write (two queries saved)
      if (!tenders.entries().length) return { parts: [], dueCents: order.priced.money.totalCents };
      const taken = await payAll(order.priced.money.totalCents, (t, due) => t.take(trx, order, due, ctx));
      await repo.replaceTenders(trx, order.orderId, taken.parts);
      return taken;
    },
    /** What of the order each refundable tender's parts may still take back, in the order filled. */
    async refundRooms(q: Knex, orderId: number): Promise<(TenderRefundRoom & { tender: string })[]> {
      const rooms: (TenderRefundRoom & { tender: string })[] = [];
      for (const { name, plugIn } of tenders.entries())
        if (plugIn.refundRoom && plugIn.refund)
          for (const room of await plugIn.refundRoom(q, orderId)) rooms.push({ ...room, tender: name });
      return rooms;
    },
    /** A refund's tenders' share, given back tender after tender up to each one's room. */
    async refund(trx: Tx, orderId: number, cents: number, refundId: number): Promise<void> {
      let left = cents;
      for (const { plugIn } of tenders.entries()) {
        if (left <= 0 || !plugIn.refundRoom || !plugIn.refund) continue;
        const room = (await plugIn.refundRoom(trx, orderId)).reduce(
          (s, r) => s + Math.max(0, r.leftCents),
          0,
        );
        const share = Math.min(room, left);
        if (share > 0) await plugIn.refund(trx, orderId, share, refundId);
        left -= share;
      }
      if (left > 0)
        throw new Error(`Refund ${refundId}: the tenders could take back ${cents - left} of ${cents} cents`);
    },
    /** For a quote: what every tender that previews would pay now; nothing is held or written. */
    previewAll: (extras: CheckoutExtras, totalCents: number, ctx: TenderContext): Promise<TakenTenders> =>
      payAll(totalCents, async (t, due) => (t.preview ? t.preview(extras, due, ctx) : [])),
  };
}
export type CheckoutTenders = ReturnType<typeof createCheckoutTenders>;
