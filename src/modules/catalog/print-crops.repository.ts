import type { Db } from '../../platform/db';
import type { FocalPoint } from '../../shared/print-crop';

/**
 * The owner's own crop of a photo's print size: that size's focal point in percent. A row lives
 * as long as the size is assigned to the photo (its foreign key to photo_print_options cascades).
 */
export function createPrintCropsRepository(db: Db) {
  return {
    /** Each size of the photo the owner moved the crop of, by print option id. */
    async cropsFor(photoId: number): Promise<Map<number, FocalPoint>> {
      const rows: { print_option_id: number; x: number; y: number }[] = await db('photo_print_crops')
        .where({ photo_id: photoId })
        .select('print_option_id', 'x', 'y');
      return new Map(rows.map((r) => [r.print_option_id, { x: Number(r.x), y: Number(r.y) }]));
    },

    /** Sets a size's crop; false when the size is not assigned to the photo (one statement: no race). */
    async setCrop(photoId: number, printOptionId: number, at: FocalPoint): Promise<boolean> {
      const result = await db.raw(
        `insert into photo_print_crops (photo_id, print_option_id, x, y)
         select photo_id, print_option_id, ?, ? from photo_print_options where photo_id = ? and print_option_id = ?
         on conflict (photo_id, print_option_id) do update set x = excluded.x, y = excluded.y, updated_at = now()`,
        [at.x, at.y, photoId, printOptionId],
      );
      return (result as { rowCount: number }).rowCount > 0;
    },

    async clearCrop(photoId: number, printOptionId: number): Promise<void> {
      await db('photo_print_crops').where({ photo_id: photoId, print_option_id: printOptionId }).del();
    },
  };
}
export type PrintCropsRepository = ReturnType<typeof createPrintCropsRepository>;
