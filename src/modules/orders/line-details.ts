import type { LineDetailsView } from '../../contract';
import { createNamedRegistry } from '../../platform/registry';
import type { Tx } from './orders.repository';

/** A note under a line in the paid e-mail: a text and, when there is one, a link. */
export type LineMailNote = {
  text: string;
  link?: { label: string; url: string };
  /** Only in the buyer's e-mail, never the owner's copy (a download link: its downloads are the buyer's). */
  buyerOnly?: boolean;
};

/**
 * Line details: a plug-in's facts about an order's lines (an edition print's number and its
 * certificate; a licence's terms), shown on every order read and in the paid e-mail. Orders keeps
 * them by the plug-in's name and knows nothing of their shape: `of` is asked once per read with
 * all its orders (one batch) and answers its facts by line id; `view` turns its fact for one line
 * (undefined: none for that line) into the fields it adds to the line's JSON, the one place its
 * wire names are written; `mailNotes` when the paid e-mail is written, in the delivery's
 * transaction. Added by name with `orders.addLineDetails` in src/modules.ts (orders cannot import
 * the modules that depend on it).
 */
export type LineDetails<D = unknown> = {
  of(orderIds: number[]): Promise<ReadonlyMap<number, D>>;
  view(detail: D | undefined): Record<string, unknown>;
  mailNotes?(
    order: { id: number; statusToken: string | null },
    trx: Tx,
  ): Promise<ReadonlyMap<number, LineMailNote[]>>;
};

/** The lines of one read: the fields every plug-in's `view` adds to a line's JSON, by line id. */
export type LineDetailsRead = { view(lineId: number): LineDetailsView };

export function createLineDetails() {
  const registry = createNamedRegistry<LineDetails>('Line details');
  return {
    add: <D>(name: string, details: LineDetails<D>) => registry.add(name, details),
    /** Every plug-in's facts on these orders' lines, asked once each (none without orders). */
    async read(orderIds: number[]): Promise<LineDetailsRead> {
      const plugIns = registry.entries();
      const byLine = new Map<number, Record<string, unknown>>();
      const answers = orderIds.length ? await Promise.all(plugIns.map((e) => e.plugIn.of(orderIds))) : [];
      answers.forEach((facts, i) => {
        for (const [lineId, fact] of facts)
          byLine.set(lineId, { ...byLine.get(lineId), [plugIns[i]!.name]: fact });
      });
      // each line's facts, by the name of the plug-in that gave each
      const details = (lineId: number) => byLine.get(lineId) ?? {};
      return {
        // every plug-in shows its fields on every line (null ones where it has no fact): the
        // contract names them all, so together they are the whole view
        view: (lineId) =>
          Object.assign(
            {},
            ...plugIns.map(({ name, plugIn }) => plugIn.view(details(lineId)[name])),
          ) as LineDetailsView,
      };
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
