import type { PrintOption } from '../../contract';

// The catalogue's wire types live in src/contract; this is what other modules read of an option.
export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
};

/**
 * Which of a photo's print options are not offered to buyers now (a lab-made size the original
 * has too few pixels for): set by the fulfillment module (setOfferCheck), asked by the public reads
 * and the cart's lookups. Unset: every assigned option is offered.
 */
export type OfferCheck = (photoId: number, optionIds: number[]) => Promise<Set<number>>;
export type OfferHolder = { check: OfferCheck | null };

/** The options a check leaves: all of them without a check. */
export async function offered<T extends { id: number }>(
  holder: OfferHolder | undefined,
  photoId: number,
  list: T[],
) {
  if (!holder?.check || !list.length) return list;
  const hidden = await holder.check(
    photoId,
    list.map((o) => o.id),
  );
  return hidden.size ? list.filter((o) => !hidden.has(o.id)) : list;
}
