import type { Db } from '../../platform/db';
import { SensitiveSpeciesModel } from './catalog.models';

/** The owner's list of sensitive species (names unique whatever their letters' case). */
export function createSensitiveSpeciesRepository(db: Db) {
  return {
    async listNames(): Promise<string[]> {
      const rows = await SensitiveSpeciesModel.query(db).select('name').orderByRaw('lower(name), name');
      return rows.map((r) => r.name);
    },

    /** The whole list replaced in one transaction: readers see the old list or the new one. */
    async replace(names: string[]): Promise<void> {
      await db.transaction(async (trx) => {
        await SensitiveSpeciesModel.query(trx).delete();
        if (names.length) await SensitiveSpeciesModel.query(trx).insert(names.map((name) => ({ name })));
      });
    },
  };
}
export type SensitiveSpeciesRepository = ReturnType<typeof createSensitiveSpeciesRepository>;
