import { editionMessages as messages } from '../../contract';
import { conflict } from '../../platform/http/app-error';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { DeliveryContext } from '../../platform/events';
import type { EditionRow, Tx } from './editions.repository';
import type { EditionLine, EditionsParts, OrderFacts } from './editions.types';

/** The edition a line of this photo and option is numbered in: its size's own, else the shared one. */
function editionFor(editions: EditionRow[], photoId: number, optionId: number): EditionRow | undefined {
  const mine = editions.filter((e) => e.photo_id === photoId);
  return mine.find((e) => e.print_option_id === optionId) ?? mine.find((e) => e.print_option_id === null);
}

/** The lowest numbers of 1..size that nobody holds, has bought or had revoked. */
function lowestFree(size: number, taken: number[], count: number): number[] {
  const used = new Set(taken);
  const free: number[] = [];
  for (let n = 1; n <= size && free.length < count; n++) if (!used.has(n)) free.push(n);
  return free;
}

/**
 * An edition's numbers: held at checkout under the edition's row lock (never more than its size:
 * the partial unique index is the safety net), sold once paid, released only after the payment can
 * no longer arrive, revoked when refunded.
 */
export function createEditionNumbers({ ctx, repo, deps, publicChanged }: EditionsParts) {
  const { config, logger } = ctx;

  /**
   * Takes numbers for the lines in the order's transaction: for each edition (in id order, so two
   * checkouts never wait on each other crosswise) under its row lock, the lowest free numbers; a
   * line that cannot have all its numbers refuses the whole order (409).
   */
  async function take(
    trx: Tx,
    orderId: number,
    lines: readonly EditionLine[],
    state: 'held' | 'sold',
  ): Promise<number> {
    if (!lines.length) return 0;
    let count = 0;
    const editions = await repo.editionsOfPhotos([...new Set(lines.map((l) => l.photoId))], trx);
    const wanted = new Map<number, EditionLine[]>();
    for (const line of lines) {
      const edition = editionFor(editions, line.photoId, line.printOptionId);
      if (edition) wanted.set(edition.id, [...(wanted.get(edition.id) ?? []), line]);
    }
    for (const editionId of [...wanted.keys()].sort((a, b) => a - b)) {
      const edition = await repo.lockEdition(trx, editionId);
      if (!edition) continue;
      const mine = wanted.get(editionId)!;
      const need = mine.reduce((s, l) => s + l.quantity, 0);
      const taken = await repo.takenNumbers(trx, editionId);
      const left = edition.closed_at ? 0 : Math.max(0, edition.size - taken.length);
      if (need > left) throw conflict(left === 0 ? messages.soldOut : messages.onlyLeft(left));
      const numbers = lowestFree(edition.size, taken, need);
      count += need;
      let i = 0;
      await repo.insertNumbers(
        trx,
        mine.flatMap((line) =>
          Array.from({ length: line.quantity }, () => ({
            edition_id: editionId,
            number: numbers[i++]!,
            order_id: orderId,
            order_line_id: line.id,
            state,
          })),
        ),
      );
    }
    return count;
  }

  const numbers = {
    /** The checkout hold: the session's own unpaid attempts give theirs back first, then this order takes. */
    async hold(
      trx: Tx,
      order: {
        orderId: number;
        lines: readonly EditionLine[];
        ownOrderIds: readonly number[];
        afterCommit?(fn: () => Promise<unknown>): void;
      },
    ) {
      const released = await repo.releaseHeld(trx, [order.orderId, ...order.ownOrderIds]);
      const taken = await take(trx, order.orderId, order.lines, 'held');
      if (released || taken) order.afterCommit?.(publicChanged);
    },

    /** order.payment-canceled (published after the intent is canceled at the provider): held -> released. */
    async release(trx: Tx, orderId: number, d?: Pick<DeliveryContext, 'afterCommit'>) {
      const released = await repo.releaseHeld(trx, [orderId]);
      if (released) d?.afterCommit(publicChanged);
      return released;
    },

    /**
     * order.paid, in the payment's transaction: the order's held numbers are sold. A payment that
     * arrives after its numbers were released takes free ones now; when none are left, nothing is
     * sold, the buyer and the owner are mailed, and `editions.refund-oversold` refunds the order.
     */
    async paid(orderId: number, d: DeliveryContext) {
      const trx = d.trx as Tx;
      const order = await deps.order(orderId);
      if (!order) return;
      const numbers = await repo.numbersOfOrder(orderId, trx);
      await repo.setState(
        trx,
        numbers.filter((n) => n.state === 'held').map((n) => n.id),
        'sold',
      );
      const editions = await repo.editionsOfPhotos([...new Set(order.lines.map((l) => l.photoId))], trx);
      const missing = order.lines.filter(
        (l) =>
          editionFor(editions, l.photoId, l.printOptionId) &&
          numbers.filter((n) => n.order_line_id === l.id).length < l.quantity,
      );
      if (missing.length) {
        try {
          await trx.transaction(async (inner) => take(inner, orderId, missing, 'sold'));
        } catch (err) {
          if (!(err instanceof Error && 'kind' in err && (err as { kind: string }).kind === 'conflict'))
            throw err;
          // none left for this late payment: nothing of this order is a numbered print
          await repo.setState(
            trx,
            numbers.map((n) => n.id),
            'released',
          );
          await oversoldMails(trx, orderId, order, d);
          logger.warn({ orderId }, 'edition sold out before a late payment: the order is refunded');
          return;
        }
      }
      const sold = await repo.numbersOfOrder(orderId, trx);
      d.afterCommit(async () => {
        if (missing.length) await publicChanged();
        for (const n of sold) await deps.enqueueCertificate(n.id);
      });
    },

    /** After `paid`: an edition line with no number (sold out before a late payment) refunds the order. */
    async refundOversold(orderId: number) {
      const order = await deps.order(orderId);
      if (!order || order.status !== 'paid' || order.net <= 0) return;
      const editions = await repo.editionsOfPhotos([...new Set(order.lines.map((l) => l.photoId))]);
      const numbers = await repo.numbersOfOrder(orderId);
      const unnumbered = order.lines.some(
        (l) =>
          editionFor(editions, l.photoId, l.printOptionId) &&
          numbers.filter((n) => n.order_line_id === l.id).length < l.quantity,
      );
      if (!unnumbered) return;
      await deps.refundInFull(orderId, order.net, messages.oversoldSubject, `edition-oversold-${orderId}`);
    },

    /** order.refunded: once the order is refunded in full, its numbers are revoked (never sold again). */
    async refunded(trx: Tx, orderId: number, d?: Pick<DeliveryContext, 'afterCommit'>) {
      const order = await deps.order(orderId);
      if (order?.status !== 'refunded') return;
      const numbers = (await repo.numbersOfOrder(orderId, trx)).filter((n) => n.state !== 'revoked');
      const ids = numbers.map((n) => n.id);
      await repo.setState(trx, ids, 'revoked');
      await repo.revokeCertificates(trx, ids);
      // a revoked number is never sold again: "left" does not change, but the verify page does
      if (ids.length) d?.afterCommit(publicChanged);
    },
  };

  /** A late payment found the edition sold out: the buyer and the owner are told (the refund follows). */
  async function oversoldMails(trx: Tx, orderId: number, order: OrderFacts, d: DeliveryContext) {
    const text = `Order #${orderId}: the edition print sold out before the payment arrived, so the payment is refunded in full.`;
    const to = [order.customerEmail, config.OWNER_EMAIL].filter((a): a is string => !!a);
    for (const [i, addr] of to.entries()) {
      const id = await writeEmail(trx, {
        dedupeKey: `edition-oversold-${orderId}-${i === 0 ? 'buyer' : 'owner'}`,
        to: addr,
        subject: messages.oversoldSubject,
        text,
        html: `<p>${text}</p>`,
      });
      if (id) d.afterCommit(() => enqueueEmail(ctx.queues, id));
    }
  }

  return numbers;
}
