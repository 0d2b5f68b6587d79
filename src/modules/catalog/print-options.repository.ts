import type { Db } from '../../platform/db';
import { PrintOptionModel, PhotoModel } from './catalog.models';
import { publishedNow, type Executor, type Trx } from './photos.repository';
import { optionTextKey } from '../../shared/print-sizes';

export type PrintOptionRow = Pick<
  PrintOptionModel,
  'id' | 'aspectRatio' | 'size' | 'format' | 'priceCents' | 'shippingCents'
>;
export type PrintOptionWrite = Omit<PrintOptionRow, 'id'>;
/** A live option assigned to a live photo, with what a cart line shows of the photo. */
export type PhotoPrintOptionRow = PrintOptionRow &
  Pick<PhotoModel, 'title' | 'version'> & { photoId: number };

/** What makes two catalogue options the same print: ratio, size and format. */
export type OptionKey = Pick<PrintOptionRow, 'aspectRatio' | 'size' | 'format'>;

/**
 * Size and format compare ignoring case, whitespace and '×' vs 'x' (`optionTextKey`; sizes are also
 * stored in one form, see print-option-writes.ts): "lustre paper" is "Lustre Paper". `sameText` is
 * its SQL form.
 */
const sameText = (column: string) =>
  `regexp_replace(lower(translate(${column}, '×', 'x')), '\\s+', '', 'g') = regexp_replace(lower(translate(?, '×', 'x')), '\\s+', '', 'g')`;

const optionColumns = ['id', 'aspect_ratio', 'size', 'format', 'price_cents', 'shipping_cents'];
const qualified = (table: string) => optionColumns.map((c) => `${table}.${c}`);

export function createPrintOptionsRepository(db: Db) {
  const liveOptions = (ex: Executor = db) =>
    PrintOptionModel.query(ex).select(qualified('print_options')).whereNull('print_options.archived_at');

  return {
    async listPrintOptions(): Promise<PrintOptionRow[]> {
      return liveOptions().orderBy(['aspect_ratio', 'price_cents', 'id']);
    },

    async optionsForPhoto(photoId: number, ex: Executor = db): Promise<PrintOptionRow[]> {
      return PhotoModel.relatedQuery('printOptions', ex)
        .for(photoId)
        .select(qualified('print_options'))
        .whereNull('print_options.archived_at')
        .orderBy(['print_options.price_cents', 'print_options.id']);
    },

    /** The live catalogue options of one aspect ratio (what a new draft of that ratio is offered as). */
    async liveOptionIdsForRatio(aspectRatio: string, ex: Executor = db): Promise<number[]> {
      const rows = await liveOptions(ex).where({ aspect_ratio: aspectRatio }).orderBy('id');
      return rows.map((r) => r.id);
    },

    /** An option's size text, archived or not (an order's line still names it). */
    async sizeOf(id: number): Promise<string | null> {
      const row = await PrintOptionModel.query(db).findById(id).select('size');
      return row?.size ?? null;
    },

    async findPrintOptionById(id: number, ex: Executor = db): Promise<PrintOptionRow | undefined> {
      return liveOptions(ex).findById(id);
    },

    /** The live catalogue option with the same ratio, size and format (see `sameText`), oldest first. */
    async findMatchingOption(o: OptionKey, ex: Executor = db): Promise<PrintOptionRow | undefined> {
      return liveOptions(ex)
        .where({ aspect_ratio: o.aspectRatio })
        .whereRaw(`${sameText('size')} and ${sameText('format')}`, [o.size, o.format])
        .orderBy('id')
        .first();
    },

    /**
     * Serializes finding-or-creating one (ratio, size, format) until the transaction ends, so two
     * parallel saves of the same option (the spec's client sends one call per option, in
     * parallel) make one catalogue row, not two.
     */
    async lockOptionKey(o: OptionKey, trx: Trx): Promise<void> {
      const key = [o.aspectRatio, optionTextKey(o.size), optionTextKey(o.format)].join('|');
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`wildframe:print-option:${key}`]);
    },

    async insertPrintOption(o: PrintOptionWrite, ex: Executor = db): Promise<PrintOptionRow> {
      return PrintOptionModel.query(ex).insert(o).returning(optionColumns);
    },

    /** The updated option, or undefined when it is gone or archived. */
    async updatePrintOption(
      id: number,
      o: Omit<PrintOptionWrite, 'aspectRatio'>,
      ex: Executor = db,
    ): Promise<PrintOptionRow | undefined> {
      const [row] = await PrintOptionModel.query(ex)
        .patch({ ...o, updatedAt: db.fn.now() })
        .where({ id })
        .whereNull('archived_at')
        .returning(optionColumns);
      return row;
    },

    /** Locks the option's row until the transaction ends (no order line can name it meanwhile). */
    async lockPrintOption(id: number, trx: Trx): Promise<void> {
      await PrintOptionModel.query(trx).findById(id).forUpdate();
    },

    /**
     * Deletes the option (its photo links and cart lines go with it); the foreign key of order
     * lines refuses it should the delete guards have missed one.
     */
    async deletePrintOption(id: number, trx: Trx): Promise<void> {
      await PrintOptionModel.query(trx).deleteById(id);
    },

    /** Kept for order history, gone from the shop: archived and unassigned from every photo. */
    async archivePrintOption(id: number, trx: Trx): Promise<void> {
      await PrintOptionModel.query(trx)
        .findById(id)
        .patch({ archivedAt: trx.fn.now(), updatedAt: trx.fn.now() });
      await trx('photo_print_options').where({ print_option_id: id }).del();
    },

    async assign(photoId: number, optionId: number, ex: Executor = db): Promise<void> {
      await ex('photo_print_options')
        .insert({ photo_id: photoId, print_option_id: optionId })
        .onConflict(['photo_id', 'print_option_id'])
        .ignore();
    },

    async unassign(photoId: number, optionIds: number[], ex: Executor = db): Promise<void> {
      await ex('photo_print_options')
        .where({ photo_id: photoId })
        .whereIn('print_option_id', optionIds)
        .del();
    },

    /**
     * Assigned, live options of live photos published by now (a scheduled photo can not be bought
     * before it is public), for many (photo, option) pairs in one query.
     */
    async findPrintOptions(pairs: { photoId: number; optionId: number }[]): Promise<PhotoPrintOptionRow[]> {
      if (!pairs.length) return [];
      const query = PhotoModel.query(db)
        .select('photos.id', 'photos.title', 'photos.version')
        .withGraphJoined('printOptions')
        .modifyGraph('printOptions', (q) => q.select(optionColumns).whereNull('archived_at'))
        .whereNull('photos.archived_at')
        .whereIn(
          ['photos.id', 'printOptions.id'],
          pairs.map((p) => [p.photoId, p.optionId]),
        );
      const photos = await publishedNow(query);
      return photos.flatMap((p) =>
        (p.printOptions ?? []).map((o) => ({ ...o, photoId: p.id, title: p.title, version: p.version })),
      );
    },
  };
}
export type PrintOptionsRepository = ReturnType<typeof createPrintOptionsRepository>;
