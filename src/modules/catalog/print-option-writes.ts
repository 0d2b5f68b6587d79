import { badRequest, notFound } from '../../platform/http/app-error';
import { toCents } from '../../platform/money';
import { canonicalSize, tidyFormat } from '../../shared/print-sizes';
import { catalogMessages } from './catalog.messages';
import type { NewPhotoPrintOption, PhotoPrintOptionEdits } from '../../contract';
import type { Trx } from './photos.repository';
import type { PrintOptionWrite, PrintOptionsRepository } from './print-options.repository';

// Option writes shared by the option routes and the one-transaction photo save.

export type OptionFields = { size: string; format: string; price: number; shipping: number };

/**
 * An option's fields as stored: the size in its one form ('8x12 inch', '8 x 12 in' -> '8x12'), the
 * format tidied, money in cents. Every write of a print option goes through here or reuseOrCreate.
 */
export const toWrite = (input: OptionFields) => ({
  size: canonicalSize(input.size),
  format: tidyFormat(input.format),
  priceCents: toCents(input.price),
  shippingCents: toCents(input.shipping),
});

/** The ratio new options of the photo are for; a 400 naming aspectRatio when it has none. */
export function requireRatio(photo: { aspectRatio: string | null }): string {
  if (!photo.aspectRatio)
    throw badRequest(catalogMessages.noAspectRatio, { aspectRatio: catalogMessages.noAspectRatio });
  return photo.aspectRatio;
}

/** An add-form option (shipping left out: the catalogue's, else free). */
export type AddFormOption = { size: string; format: string; price: number; shipping?: number };

/**
 * The catalogue option an add-form option is: the live one with the same ratio, size and format,
 * taken as it is (its price and shipping stay: they are what every photo offering it charges, and
 * the add form shows them once the option matches), or a new one with the price and shipping sent.
 * Runs in the caller's transaction, which holds the option's lock until it ends.
 */
export async function reuseOrCreate(
  repo: PrintOptionsRepository,
  trx: Trx,
  aspectRatio: string,
  input: AddFormOption,
) {
  const key = { aspectRatio, size: canonicalSize(input.size), format: tidyFormat(input.format) };
  await repo.lockOptionKey(key, trx);
  const found = await repo.findMatchingOption(key, trx);
  if (found) return found;
  const write: PrintOptionWrite = {
    ...key,
    priceCents: toCents(input.price),
    shippingCents: toCents(input.shipping ?? 0),
  };
  return repo.insertPrintOption(write, trx);
}

/** A new catalogue option for the photo's ratio, assigned to it. */
export async function createForPhoto(
  repo: PrintOptionsRepository,
  trx: Trx,
  photoId: number,
  aspectRatio: string,
  input: OptionFields,
) {
  const created = await repo.insertPrintOption({ aspectRatio, ...toWrite(input) }, trx);
  await repo.assign(photoId, created.id, trx);
  return created;
}

/** The print options sent with a photo save: checked before, written inside its transaction. */
export function createPhotoPrintOptionEdits(repo: PrintOptionsRepository) {
  return {
    /**
     * Checks an edit form's option changes before anything is written: new options need the
     * photo's (new) ratio, and only options the photo offers may be edited or removed.
     */
    async check(photoId: number, aspectRatio: string | null, edits: PhotoPrintOptionEdits): Promise<void> {
      if (edits.create.length) requireRatio({ aspectRatio });
      const offered = new Set((await repo.optionsForPhoto(photoId)).map((o) => o.id));
      const unknown = [
        ...edits.update.map((o, i) => ({ field: `printOptions.update.${i}.id`, id: o.id })),
        ...edits.remove.map((id, i) => ({ field: `printOptions.remove.${i}`, id })),
      ].find((ref) => !offered.has(ref.id));
      if (unknown) {
        const message = catalogMessages.optionNotOnPhoto(unknown.id);
        throw badRequest(message, { [unknown.field]: message });
      }
    },

    /** Applies checked edits inside the photo's transaction; an option gone meanwhile aborts it. */
    async apply(trx: Trx, photoId: number, aspectRatio: string | null, edits: PhotoPrintOptionEdits) {
      if (edits.remove.length) await repo.unassign(photoId, edits.remove, trx);
      for (const { id, ...fields } of edits.update)
        if (!(await repo.updatePrintOption(id, toWrite(fields), trx)))
          throw notFound(catalogMessages.optionNotFound);
      for (const input of edits.create)
        await createForPhoto(repo, trx, photoId, requireRatio({ aspectRatio }), input);
    },

    /** The add form's options of a new photo, inside its transaction. */
    async addToNewPhoto(trx: Trx, photoId: number, aspectRatio: string, rows: NewPhotoPrintOption[]) {
      for (const row of rows) {
        const option = await reuseOrCreate(repo, trx, aspectRatio, row);
        await repo.assign(photoId, option.id, trx);
      }
    },
  };
}
export type PhotoPrintOptionEditor = ReturnType<typeof createPhotoPrintOptionEdits>;
