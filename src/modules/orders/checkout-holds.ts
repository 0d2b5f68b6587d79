import { createNamedRegistry } from '../../platform/registry';
import type { PricedOrder } from './order-pricing';
import type { Tx, WrittenLine } from './orders.repository';

/** The buyer's inputs to the checkout's plug-ins (holds, tenders), by plug-in name. */
export type CheckoutExtras = Readonly<Record<string, unknown>>;

/** The order a checkout hold is given: just written (or rewritten by a retry), not yet committed. */
export type HeldOrder = {
  orderId: number;
  /** The order's lines as just written, with their ids (an edition's numbers are taken per line). */
  lines: readonly WrittenLine[];
  /** The buyer's e-mail as entered. */
  email: string;
  /**
   * What the buyer entered for the plug-ins, by plug-in name (`promotions`: `{ code }`); each
   * reads its own. Filled from the checkout request in one place (`pluginInputs`, checkout.service.ts).
   */
  extras: CheckoutExtras;
  /** This session's unpaid attempts, their rows locked: none can be paid until the order commits. */
  ownOrderIds: readonly number[];
  /** The order's price as stored: its money and the lines as the promotion rules read them. */
  priced: PricedOrder;
  /** Runs `fn` once the order is committed (never when it is refused): e.g. telling caches. */
  afterCommit(fn: () => Promise<unknown>): void;
};

/**
 * A checkout hold: something an order takes from a limited stock while it waits to be paid (a
 * promotion code's use; an edition's print). `take` runs in the order's transaction once its row
 * and lines are written, every hold in the order they were added; an error (an AppError, e.g.
 * 409) refuses the order and nothing of it is written. `releasedBy` says how it is given back when
 * the order ends unpaid: every such way (the sweeper, the owner's cancel, the provider) publishes
 * 'order.payment-canceled', and the hold's module subscribes to it under this name, in the
 * publishing transaction (promotions: `promotions.release`). Added by name with
 * `orders.addCheckoutHold` in src/modules.ts.
 */
export type CheckoutHold = {
  take(trx: Tx, order: HeldOrder): Promise<void>;
  releasedBy: string;
};

/** The registry of checkout holds, told which subscribers take 'order.payment-canceled'. */
export function createCheckoutHolds(releaseSubscribers: () => readonly string[]) {
  const holds = createNamedRegistry<CheckoutHold>('Checkout hold');
  return {
    /** Refuses (at start) a name taken twice, or a hold whose release subscriber is not there. */
    add(name: string, hold: CheckoutHold): void {
      if (!releaseSubscribers().includes(hold.releasedBy))
        throw new Error(
          `Checkout hold "${name}" is released by "${hold.releasedBy}", which does not subscribe to order.payment-canceled`,
        );
      holds.add(name, hold);
    },
    /** Every hold, one after another, in the order's transaction. */
    async takeAll(trx: Tx, order: HeldOrder): Promise<void> {
      for (const { plugIn } of holds.entries()) await plugIn.take(trx, order);
    },
  };
}
export type CheckoutHolds = ReturnType<typeof createCheckoutHolds>;
