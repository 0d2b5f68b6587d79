import type { Knex } from 'knex';
import type { AdminEdition, PhotoLicensing, PrintOption, PublicEdition } from '../../contract';
import type { NamedRegistry } from '../../platform/registry';

// The catalogue's wire types live in src/contract; this is what other modules read of an option.
export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
  /** Shown but not to be bought now (an offer info's say, e.g. an edition sold out): the buyer's message. */
  refused?: string;
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

/**
 * Deletes the entry unless a guard needs it kept (an order names it): then it is archived. Every
 * guard is told before the row goes. In the delete's transaction; true when archived.
 */
export async function deleteUnlessKept(
  guards: DeleteGuards | undefined,
  entry: CatalogEntry,
  trx: Knex.Transaction,
  how: { archive(): Promise<unknown>; remove(): Promise<unknown> },
): Promise<boolean> {
  const all = guards?.entries() ?? [];
  for (const { plugIn } of all)
    if (await plugIn.keeps?.(entry, trx)) {
      await how.archive();
      return true;
    }
  for (const { plugIn } of all) await plugIn.deleting?.(entry, trx);
  await how.remove();
  return false;
}

/** The fields offer infos add to a photo's JSON and to each of its print options' (E: who reads). */
export type OfferFields<E> = { edition: E | null };

/** What one offer info says of a photo's offer: fields for the photo and for each option. */
export type OfferFacts<E> = {
  photo: Partial<OfferFields<E>>;
  options: Map<number, Partial<OfferFields<E>>>;
};

/**
 * An offer info: another module's facts about a photo's offer, shown on the photo's JSON and on
 * each print option's (a limited edition: "Edition of 25 - 7 left"), asked once per photo read
 * with all its options (one batch, never one call per option). `public` is what buyers see, with
 * `refused`: sizes shown but not purchasable now and the message a buyer is given (the cart's add
 * answers 409 with it); `admin` is the owner's view. Added by name with `catalog.addOfferInfo` in
 * src/modules.ts. No infos: every field is null and nothing is refused.
 */
export type OfferInfo = {
  public(
    photoId: number,
    optionIds: number[],
  ): Promise<OfferFacts<PublicEdition> & { refused: Map<number, string> }>;
  admin(photoId: number, optionIds: number[]): Promise<OfferFacts<AdminEdition>>;
  /**
   * Fields of the photo's public JSON that are no print option's (its downloads and licences),
   * asked once per public read of the whole photo (`GET /api/photos/{id}`, the photo page) with
   * the original's pixel size. Optional: an info about print options leaves it out.
   */
  photo?(photo: OfferedPhoto): Promise<Partial<PhotoOfferFields>>;
};
export type OfferInfos = NamedRegistry<OfferInfo>;

/** A photo as `OfferInfo.photo` is asked about it: the original's pixel size. */
export type OfferedPhoto = { id: number; width: number; height: number };
/** The photo-level public fields offer infos add (issue 46: `licensing`, null when none says one). */
export type PhotoOfferFields = { licensing: PhotoLicensing | null };

/** Every info's photo-level public fields merged (each field null until an info says one). */
export async function publicPhotoFields(
  infos: OfferInfos | undefined,
  photo: OfferedPhoto,
): Promise<PhotoOfferFields> {
  const fields: PhotoOfferFields = { licensing: null };
  for (const { plugIn } of infos?.entries() ?? [])
    if (plugIn.photo) Object.assign(fields, await plugIn.photo(photo));
  return fields;
}

const noFields = <E>(): OfferFields<E> => ({ edition: null });

/** Every info's facts merged: the photo's fields, each option's, and what any info refuses. */
async function merged<E>(
  infos: OfferInfos | undefined,
  optionIds: number[],
  ask: (info: OfferInfo) => Promise<OfferFacts<E> & { refused?: Map<number, string> }>,
) {
  const photo = noFields<E>();
  const options = new Map(optionIds.map((id) => [id, noFields<E>()]));
  const refused = new Map<number, string>();
  for (const { plugIn } of infos?.entries() ?? []) {
    const facts = await ask(plugIn);
    Object.assign(photo, facts.photo);
    for (const [id, fields] of facts.options) if (options.has(id)) Object.assign(options.get(id)!, fields);
    for (const [id, message] of facts.refused ?? []) if (!refused.has(id)) refused.set(id, message);
  }
  return { photo, option: (id: number) => options.get(id) ?? noFields<E>(), refused };
}

/** What buyers see of a photo's offer (public reads, the cart's add). */
export const publicOfferFacts = (infos: OfferInfos | undefined, photoId: number, optionIds: number[]) =>
  merged<PublicEdition>(infos, optionIds, (i) => i.public(photoId, optionIds));

/** What other modules plug into the catalogue's reads and deletes (added by name in src/modules.ts). */
export type CatalogPlugIns = {
  /** The sizes a buyer may not be offered (the resolution guard); the admin sees them all. */
  offers?: OfferRules;
  /** Other modules' facts on the offer (an edition), on every photo read. */
  offerInfos?: OfferInfos;
  /** Other modules' say on a delete (orders keep an entry their lines name; the lab's rows go). */
  deleteGuards?: DeleteGuards;
};

/** What buyers are offered of a photo: the options every rule leaves, with every info's fields. */
export async function publicOffer<T extends { id: number }>(
  rules: OfferRules | undefined,
  infos: OfferInfos | undefined,
  photoId: number,
  list: T[],
) {
  const options = await offered(rules, photoId, list);
  const facts = await publicOfferFacts(
    infos,
    photoId,
    options.map((o) => o.id),
  );
  return { photo: facts.photo, options: options.map((o) => ({ ...o, ...facts.option(o.id) })) };
}

/** The owner's view of a photo's offer (admin reads). */
export const adminOfferFacts = (infos: OfferInfos | undefined, photoId: number, optionIds: number[]) =>
  merged<AdminEdition>(infos, optionIds, (i) => i.admin(photoId, optionIds));
