import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db';
import { mimeByFormat, type VariantFormat } from './media.rules';
import { extensionOf, type MediaStore } from './media-store';
import { bytesReader, originalKey, variantKey } from './media.records';

/** variantKey() in SQL. */
const CANONICAL_VARIANT_KEY = `'variants/' || asset_id || '/' || (CASE WHEN kind = 'thumb' THEN 'thumb' ELSE width::text END)
  || (CASE WHEN revision > 0 THEN '.r' || revision ELSE '' END)
  || '.' || (CASE WHEN format = 'jpeg' THEN 'jpg' ELSE format END)`;

/** Files older than this that no row names are orphans (a crash between file and row, a delete). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * The store's upkeep: moving bytes out of the database (`npm run media:migrate`), cleaning the
 * originals stored before the location cleaning, and sweeping files no row names.
 */
export function createMediaUpkeep(db: Db, store: MediaStore) {
  const bytesOf = bytesReader(store);

  const variantsToMove = () =>
    db('media_variants').where((q) =>
      q.whereNotNull('data').orWhereRaw(`storage_key <> ${CANONICAL_VARIANT_KEY}`),
    );

  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  async function putVerified(key: string, data: Buffer, contentType: string) {
    await store.put(key, data, contentType);
    const back = await store.get(key);
    if (!back || sha256(back) !== sha256(data))
      throw new Error(`media file ${key} did not read back as written: nothing was changed for it`);
  }

  /** Deletes a replaced original's old file, then forgets its key. */
  async function dropReplaced(id: number, oldKey: string) {
    await store.delete([oldKey]);
    await db('media_assets')
      .where({ id, replaced_storage_key: oldKey })
      .update({ replaced_storage_key: null });
  }

  return {
    /**
     * Moves the next `limit` images still held in the database into the store: each file is
     * written, read back and checked against the bytes' SHA-256, and only then does its row name
     * it and drop the bytes (one row at a time: an interrupted run resumes where it stopped; a
     * file written just before an interruption gets the same name next time). A variant stored
     * under an earlier name moves to its address's name the same way (a bucket served as
     * PUBLIC_MEDIA_URL needs file names to match addresses). Returns how many moved; 0 when
     * none are left.
     */
    async moveBytesToStore(limit: number): Promise<number> {
      let moved = 0;
      const assets = await db('media_assets')
        .whereNotNull('data')
        .orderBy('id')
        .limit(limit)
        .select('id', 'data', 'mime_type');
      for (const a of assets) {
        const key = `originals/migrated-${a.id}.${extensionOf(a.mime_type)}`;
        await putVerified(key, a.data, a.mime_type);
        moved += await db('media_assets')
          .where({ id: a.id })
          .whereNotNull('data')
          .update({ storage_key: key, data: null });
      }
      const variants = await variantsToMove()
        .orderBy('id')
        .limit(Math.max(0, limit - assets.length))
        .select('id', 'asset_id', 'kind', 'width', 'format', 'revision', 'data', 'storage_key');
      for (const v of variants) {
        const key = variantKey(v.asset_id, {
          kind: v.kind,
          width: v.width,
          format: v.format,
          revision: v.revision,
        });
        const data: Buffer | null = v.data ?? (await store.get(v.storage_key));
        if (!data) throw new Error(`media file ${v.storage_key} is missing from the ${store.name} store`);
        await putVerified(key, data, mimeByFormat[v.format as VariantFormat]);
        moved += await db('media_variants')
          .where({ id: v.id })
          .where((q) => (v.data ? q.whereNotNull('data') : q.where('storage_key', v.storage_key)))
          .update({ storage_key: key, data: null });
      }
      return moved;
    },

    /** Originals stored before the location cleaning, or whose replaced file is not yet deleted. */
    async idsToClean(limit: number): Promise<number[]> {
      return db('media_assets')
        .where((q) => q.whereNull('location_cleaned_at').orWhereNotNull('replaced_storage_key'))
        .orderBy('id')
        .limit(limit)
        .pluck('id');
    },

    async countToClean(): Promise<number> {
      const row = await db('media_assets')
        .where((q) => q.whereNull('location_cleaned_at').orWhereNotNull('replaced_storage_key'))
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /**
     * Stores one original again through `clean` (the location stripper). The clean file gets a
     * new key, is written and read back, and only then does the row name it, with the old key
     * kept in `replaced_storage_key` in the same update; the old file (the one with GPS) is
     * deleted after, and the column cleared. So the row always names a whole file, and a run
     * stopped at any step leaves either the old state (the new file an orphan, itself clean) or a
     * row whose old file the next run deletes first. Every update is conditional on what was read:
     * two runs at once (the sweeper's job and the command) cannot both switch a row.
     */
    async cleanOriginal(
      id: number,
      clean: (data: Buffer, mimeType: string) => Promise<{ data: Buffer; changed: boolean }>,
    ): Promise<'cleaned' | 'already clean' | 'no location' | 'gone'> {
      const row = await db('media_assets')
        .where({ id })
        .first(
          'id',
          'data',
          'storage_key',
          'mime_type',
          'sha256',
          'location_cleaned_at',
          'replaced_storage_key',
        );
      if (!row) return 'gone';
      if (row.replaced_storage_key) await dropReplaced(id, row.replaced_storage_key);
      if (row.location_cleaned_at) return 'already clean';
      const bytes = await bytesOf({ data: row.data, storageKey: row.storage_key });
      const result = await clean(bytes!, row.mime_type);
      const sha = sha256(result.data);
      if (!result.changed) {
        await db('media_assets')
          .where({ id })
          .whereNull('location_cleaned_at')
          .update({ location_cleaned_at: db.fn.now() });
        return 'no location';
      }
      if (row.data) {
        // a row from before the media store: its bytes are replaced where they are
        await db('media_assets').where({ id, sha256: row.sha256 }).whereNotNull('data').update({
          data: result.data,
          sha256: sha,
          byte_size: result.data.length,
          location_cleaned_at: db.fn.now(),
        });
        return 'cleaned';
      }
      const key = originalKey(row.mime_type);
      await putVerified(key, result.data, row.mime_type);
      const switched = await db('media_assets')
        .where({ id, storage_key: row.storage_key })
        .whereNull('location_cleaned_at')
        .update({
          storage_key: key,
          sha256: sha,
          byte_size: result.data.length,
          location_cleaned_at: db.fn.now(),
          replaced_storage_key: row.storage_key,
        });
      if (!switched) {
        await store.delete([key]); // another run got there first; this copy names nothing
        return 'already clean';
      }
      await dropReplaced(id, row.storage_key);
      return 'cleaned';
    },

    /** Images whose bytes are still in the database, and variants stored under an earlier name. */
    async countToMove(): Promise<number> {
      const [a, v] = await Promise.all([
        db('media_assets').whereNotNull('data').count({ n: '*' }).first(),
        variantsToMove().count({ n: '*' }).first(),
      ]);
      return Number(a?.n ?? 0) + Number(v?.n ?? 0);
    },

    /**
     * Deletes the store's files no row names that are older than an hour (younger ones may be a
     * write whose row is about to commit). Returns how many went.
     */
    async sweepOrphans(now = Date.now()): Promise<number> {
      // a replaced revision's rows a day after its switch: their files are orphans from here on
      await db('media_variants').whereRaw(`retired_at < now() - interval '1 day'`).delete();
      const named = new Set<string>([
        ...(await db('media_assets').whereNotNull('storage_key').pluck('storage_key')),
        ...(await db('media_variants').whereNotNull('storage_key').pluck('storage_key')),
        ...(await db('media_print_files').pluck('storage_key')),
      ]);
      const orphans: string[] = [];
      for (const prefix of ['originals', 'variants', 'prints'])
        for await (const f of store.list(prefix))
          if (!named.has(f.key) && now - f.modifiedAt.getTime() > ORPHAN_AGE_MS) orphans.push(f.key);
      if (orphans.length) await store.delete(orphans);
      return orphans.length;
    },
  };
}
