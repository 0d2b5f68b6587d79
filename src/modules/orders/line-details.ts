import type { LineEdition } from '../../contract';
import { createNamedRegistry } from '../../platform/registry';
import type { Tx } from './orders.repository';

/** The fields line details add to each order line's JSON (buyer's page, confirmation, admin). */
export type LineDetailFields = { edition: LineEdition | null };

/** A note under a line in the paid e-mail: a text and, when there is one, a link. */
export type LineMailNote = { text: string; link?: { label: string; url: string } };

/**
 * Line details: another module's facts about an order's lines (a limited edition's number and
 * its certificate), shown on every order read and in the paid e-mail. `fields` is asked once per
 * read with all its orders (one batch); `mailNotes` when the paid e-mail is written, in the
 * delivery's transaction. Added by name with `orders.addLineDetails` in src/modules.ts (orders
 * cannot import the modules that depend on it).
 */
export type LineDetails = {
  fields(orderIds: number[]): Promise<Map<number, Partial<LineDetailFields>>>;
  mailNotes?(
    order: { id: number; statusToken: string | null },
    trx: Tx,
  ): Promise<Map<number, LineMailNote[]>>;
};

const none = (): LineDetailFields => ({ edition: null });

export function createLineDetails() {
  const registry = createNamedRegistry<LineDetails>('Line details');
  return {
    add: (name: string, details: LineDetails) => registry.add(name, details),
    /** Every plug-in's fields for these orders' lines: `of(lineId)` (nulls for a line none names). */
    async fields(orderIds: number[]): Promise<{ of(lineId: number): LineDetailFields }> {
      const byLine = new Map<number, LineDetailFields>();
      if (orderIds.length)
        for (const { plugIn } of registry.entries())
          for (const [lineId, f] of await plugIn.fields(orderIds))
            byLine.set(lineId, { ...(byLine.get(lineId) ?? none()), ...f });
      return { of: (lineId) => byLine.get(lineId) ?? none() };
    },
    /** Every plug-in's notes for the paid e-mail's lines. */
    async mailNotes(order: { id: number; statusToken: string | null }, trx: Tx) {
      const notes = new Map<number, LineMailNote[]>();
      for (const { plugIn } of registry.entries())
        for (const [lineId, list] of (await plugIn.mailNotes?.(order, trx)) ?? [])
          notes.set(lineId, [...(notes.get(lineId) ?? []), ...list]);
      return notes;
    },
  };
}
export type LineDetailsRegistry = ReturnType<typeof createLineDetails>;
