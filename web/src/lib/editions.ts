/**
 * Limited editions as the web app shows them (issue 36). The wire fields are optional here so the
 * screens read them the same way before and after the server's contract types carry them.
 */

/** What buyers see of an edition (public photo JSON: the photo's `edition`, each option's `edition`). */
export type PublicEdition = { size: number; left: number; soldOut: boolean };

/** An order line's edition print (buyer's page, confirmation, admin order). */
export type LineEdition = {
  number: number;
  size: number;
  label: string;
  certificateUrl: string | null;
  revoked?: boolean;
};

/** The owner's view of an edition (admin photo JSON). */
export type AdminEdition = {
  id: number;
  size: number;
  artistProofs: number;
  taken: number;
  left: number;
  closed: boolean;
  soldOut: boolean;
};

type WithEdition<E> = { edition?: E | null };

/** The edition of a thing that may carry one (a photo, a print option, an order line). */
export function editionOf<E = PublicEdition>(value: object | null | undefined): E | null {
  return (value as WithEdition<E> | null | undefined)?.edition ?? null;
}

/** A print option's edition: its own, else the one its photo shares across sizes. */
export function optionEdition(photo: object, option: object): PublicEdition | null {
  return editionOf(option) ?? editionOf(photo);
}

/** "Edition of 25 - 7 left" */
export const editionText = (edition: PublicEdition) => `Edition of ${edition.size} - ${edition.left} left`;
