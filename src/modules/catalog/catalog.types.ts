import type { Knex } from 'knex';
import type { PrintOption } from '../../contract';
import type { NamedRegistry } from '../../platform/registry';

// The catalogue's wire types live in src/contract; this is what other modules read of an option.
export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
};

/**
 * An offer rule: which of a photo's print options are not offered to buyers now (the lab's
 * resolution guard: a lab-made size the original has too few pixels for; an edition sold out).
 * Added by name with `catalog.addOfferRule` in src/modules.ts; the public reads and the cart's
 * lookups ask every rule. No rules: every assigned option is offered.
 */
export type OfferRule = (photoId: number, optionIds: number[]) => Promise<Set<number>>;
export type OfferRules = NamedRegistry<OfferRule>;

/** The options every rule leaves: each rule is asked, and what any of them hides is hidden. */
export async function offered<T extends { id: number }>(
  rules: OfferRules | undefined,
  photoId: number,
  list: T[],
) {
  const all = rules?.entries() ?? [];
  if (!all.length || !list.length) return list;
  const ids = list.map((o) => o.id);
  const hidden = new Set<number>();
  for (const { plugIn } of all) for (const id of await plugIn(photoId, ids)) hidden.add(id);
  return hidden.size ? list.filter((o) => !hidden.has(o.id)) : list;
}

/** A catalogue entry the owner deletes, as a delete guard is asked about it. */
export type CatalogEntry = { kind: 'photo' | 'print-option'; id: number };

/**
 * A delete guard: another module's say when the owner deletes a photo or a print option, added by
 * name with `catalog.addDeleteGuard` in src/modules.ts (catalog can not import the modules that
 * depend on it). Both run in the delete's transaction with the entry's row locked. `keeps`: this
 * module's rows need the entry (an order line names it), so it is archived instead of deleted.
 * `deleting`: the entry is being deleted, so this module drops (or keeps) its own rows about it.
 * The foreign keys stay as the safety net behind them.
 */
export type DeleteGuard = {
  keeps?(entry: CatalogEntry, trx: Knex.Transaction): Promise<boolean>;
  deleting?(entry: CatalogEntry, trx: Knex.Transaction): Promise<void>;
};
export type DeleteGuards = NamedRegistry<DeleteGuard>;

/** Whether any guard needs the entry kept (archived, not deleted). */
export async function keptByGuards(
  guards: DeleteGuards | undefined,
  entry: CatalogEntry,
  trx: Knex.Transaction,
): Promise<boolean> {
  for (const { plugIn } of guards?.entries() ?? []) if (await plugIn.keeps?.(entry, trx)) return true;
  return false;
}

/** Tells every guard the entry is being deleted, before its row goes. */
export async function beforeDelete(
  guards: DeleteGuards | undefined,
  entry: CatalogEntry,
  trx: Knex.Transaction,
): Promise<void> {
  for (const { plugIn } of guards?.entries() ?? []) await plugIn.deleting?.(entry, trx);
}
