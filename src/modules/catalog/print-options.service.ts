import { badRequest, notFound } from '../../platform/http/app-error';
import { toPrintOption } from './catalog.mapping';
import { catalogMessages } from './catalog.messages';
import type { OfferedPrintOption, PrintOption } from '../../contract';
import type { PhotoRow, Transaction } from './photos.repository';
import {
  createForPhoto,
  requireRatio,
  reuseOrCreate,
  toWrite,
  type AddFormOption,
  type OptionFields,
} from './print-option-writes';
import type { PrintOptionsRepository } from './print-options.repository';
import { deleteUnlessKept, publicOffer, type CatalogPlugIns } from './catalog.types';

/** The print-option catalogue and which options each photo offers. */
export function createPrintOptionsService(
  repo: PrintOptionsRepository,
  {
    livePhoto,
    publishedPhoto,
    transaction,
    offers,
    offerInfos,
    deleteGuards,
  }: {
    livePhoto(id: number): Promise<PhotoRow>;
    /** A photo visitors may reach (a scheduled one is missing until its time). */
    publishedPhoto(id: number): Promise<PhotoRow>;
    transaction: Transaction;
  } & CatalogPlugIns,
) {
  return {
    async photoPrintOptions(photoId: number): Promise<OfferedPrintOption[]> {
      await publishedPhoto(photoId);
      const all = (await repo.optionsForPhoto(photoId)).map(toPrintOption);
      return (await publicOffer(offers, offerInfos, photoId, all)).options;
    },

    /** An option's size text ('8x10'), archived or not; null when there is no such option. */
    printOptionSize(id: number): Promise<string | null> {
      return repo.sizeOf(id);
    },

    async listPrintOptions(): Promise<PrintOption[]> {
      return (await repo.listPrintOptions()).map(toPrintOption);
    },

    /**
     * The add-photo form's option: the catalogue option with the photo's ratio, size and format
     * (as it is), or a new one; assigned to the photo. Answers the option as saved.
     */
    async addPrintOption(input: AddFormOption & { photoId: number }): Promise<PrintOption> {
      const photo = await livePhoto(input.photoId);
      const aspectRatio = requireRatio(photo);
      const option = await transaction(async (trx) => {
        const found = await reuseOrCreate(repo, trx, aspectRatio, input);
        await repo.assign(photo.id, found.id, trx);
        return found;
      });
      return toPrintOption(option);
    },

    async createPrintOption(input: OptionFields & { aspectRatio: string }): Promise<PrintOption> {
      return toPrintOption(
        await repo.insertPrintOption({ aspectRatio: input.aspectRatio, ...toWrite(input) }),
      );
    },

    async updatePrintOption(id: number, input: OptionFields): Promise<PrintOption> {
      const row = await repo.updatePrintOption(id, toWrite(input));
      if (!row) throw notFound(catalogMessages.optionNotFound);
      return toPrintOption(row);
    },

    async deletePrintOption(id: number): Promise<{ message: string; archived: boolean }> {
      if (!(await repo.findPrintOptionById(id))) throw notFound(catalogMessages.optionNotFound);
      const entry = { kind: 'print-option', id } as const;
      const archived = await transaction(async (trx) => {
        await repo.lockPrintOption(id, trx);
        // an option an order names is kept for its history (orders answers), else deleted
        return deleteUnlessKept(deleteGuards, entry, trx, {
          archive: () => repo.archivePrintOption(id, trx),
          remove: () => repo.deletePrintOption(id, trx),
        });
      });
      return archived
        ? { message: catalogMessages.optionArchived, archived: true }
        : { message: catalogMessages.optionDeleted, archived: false };
    },

    async createOptionForPhoto(photoId: number, input: OptionFields): Promise<PrintOption> {
      const photo = await livePhoto(photoId);
      const aspectRatio = requireRatio(photo);
      const row = await transaction((trx) => createForPhoto(repo, trx, photoId, aspectRatio, input));
      return toPrintOption(row);
    },

    async assignOption(photoId: number, optionId: number): Promise<PrintOption[]> {
      const photo = await livePhoto(photoId);
      const option = await repo.findPrintOptionById(optionId);
      if (!option) throw notFound(catalogMessages.optionNotFound);
      const ratio = requireRatio(photo);
      if (option.aspectRatio !== ratio) {
        const message = catalogMessages.ratioMismatch(option.aspectRatio, ratio);
        throw badRequest(message, { itemOptionId: message }); // the spec's path parameter
      }
      await repo.assign(photoId, optionId);
      return (await repo.optionsForPhoto(photoId)).map(toPrintOption);
    },

    async unassignOption(photoId: number, optionId: number): Promise<PrintOption[]> {
      await livePhoto(photoId);
      await repo.unassign(photoId, [optionId]);
      return (await repo.optionsForPhoto(photoId)).map(toPrintOption);
    },
  };
}
export type PrintOptionsService = ReturnType<typeof createPrintOptionsService>;
