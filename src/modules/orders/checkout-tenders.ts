import { createNamedRegistry } from '../../platform/registry';
import type { HeldOrder } from './checkout-holds';
import type { Tx } from './orders.repository';

/** One part of an order a tender pays: its amount and the tender's own reference (a card's id). */
export type TenderPart = { amountCents: number; reference: string | null };

/**
 * A tender: something that pays part of an order besides the card (a gift card, store credit).
 * `take` runs in the order's transaction after the checkout holds, every tender in the order they
 * were added, and is told what is still due (the total less the tenders before it); it takes what
 * it pays from its own stock (its module's tables) and answers the parts. Orders writes them
 * (`order_tenders`) and their sum (`orders.tenders_cents`), which every reader of the order gets
 * through `orderMoney` as the amount due: the payment intent, the reconciler, the refund cap. A
 * tender that throws refuses the order. `releasedBy` names its subscriber of
 * 'order.payment-canceled' that gives the amount back, as a checkout hold's does. Added by name
 * with `orders.addTender` in src/modules.ts.
 */
export type CheckoutTender = {
  take(trx: Tx, order: HeldOrder, dueCents: number): Promise<readonly TenderPart[]>;
  releasedBy: string;
};

/** What the registry writes: the order's tender rows, replaced as a whole (a retry re-takes them). */
export type TenderWrites = {
  replaceTenders(trx: Tx, orderId: number, rows: readonly (TenderPart & { tender: string })[]): Promise<void>;
};

/** The registry of tenders, told which subscribers take 'order.payment-canceled'. */
export function createCheckoutTenders(releaseSubscribers: () => readonly string[], repo: TenderWrites) {
  const tenders = createNamedRegistry<CheckoutTender>('Tender');
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
    async takeAll(trx: Tx, order: HeldOrder): Promise<void> {
      // no tender plugged in: no order can hold a part, nothing to write (two queries saved)
      if (!tenders.entries().length) return;
      let dueCents = order.priced.money.totalCents;
      const rows: (TenderPart & { tender: string })[] = [];
      for (const { name, plugIn } of tenders.entries()) {
        for (const part of await plugIn.take(trx, order, dueCents)) {
          // a tender pays whole cents of what is left, never more (the card pays the rest): a plug-in
          // that asks otherwise is a bug, and the order is not written
          if (!Number.isInteger(part.amountCents) || part.amountCents <= 0 || part.amountCents > dueCents)
            throw new Error(`Tender "${name}" asked to pay ${part.amountCents} of ${dueCents} cents due`);
          dueCents -= part.amountCents;
          rows.push({ ...part, tender: name });
        }
      }
      await repo.replaceTenders(trx, order.orderId, rows);
    },
  };
}
export type CheckoutTenders = ReturnType<typeof createCheckoutTenders>;
