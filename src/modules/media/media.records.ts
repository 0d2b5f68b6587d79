import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { ImageInput } from './media.render';
import type { MediaAssetModel, MediaVariantModel } from './media.models';
import { variantFileName, type AssetKind } from './media.rules';
import { extensionOf, type MediaStore } from './media-store';

// What the media tables' rows say, and where their files go in the store (the repositories' shared part).

export type AssetMeta = Pick<
  MediaAssetModel,
  | 'id'
  | 'kind'
  | 'mimeType'
  | 'width'
  | 'height'
  | 'placeholderColor'
  | 'variantsReadyAt'
  | 'variantsRevision'
>;
/** An original already in the store: what its row says about it. */
export type StoredAsset = {
  /** Reserved before the row (reserveAssetId) when its variants were started early. */
  id?: number;
  kind: AssetKind;
  storageKey: string;
  byteSize: number;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
  placeholderColor: string;
};
export type VariantKey = Pick<MediaVariantModel, 'kind' | 'width' | 'format'>;
export type NewVariant = VariantKey & { height: number; data: Buffer; etag: string; revision: number };
/** A variant whose file is written: what its row says. */
export type StoredVariant = Omit<NewVariant, 'data'> & {
  assetId: number;
  storageKey: string;
  byteSize: number;
};
export type VariantRef = Pick<
  MediaVariantModel,
  'id' | 'kind' | 'width' | 'format' | 'etag' | 'byteSize' | 'revision'
>;

export type Executor = Db | Knex.Transaction;

// Everything but the image bytes.
export const metaColumns = [
  'id',
  'kind',
  'mime_type',
  'width',
  'height',
  'placeholder_color',
  'variants_ready_at',
  'variants_revision',
];

/** Where a file goes in the store. Originals get a fresh name (their row does not exist yet). */
export const originalKey = (mimeType: string) => `originals/${randomUUID()}.${extensionOf(mimeType)}`;
export const variantKey = (assetId: number, v: VariantKey & { revision?: number }) =>
  `variants/${assetId}/${variantFileName(v)}`;
/** A print file's name follows from its asset and crop: the same crop is the same bytes. */
export const printFileKey = (assetId: number, box: PrintCrop, mimeType: string) =>
  `prints/${assetId}/${box.left}-${box.top}-${box.width}x${box.height}.${extensionOf(mimeType)}`;

/** A crop of an original in its (EXIF-rotated) pixels. */
export type PrintCrop = { left: number; top: number; width: number; height: number };

/** A row's bytes: in its `data` (rows from before the store) or its file in the store. */
export function bytesReader(store: MediaStore) {
  return async function bytesOf(row: { data: Buffer | null; storageKey: string | null } | undefined) {
    if (!row) return undefined;
    if (row.data) return row.data;
    const data = await store.get(row.storageKey!);
    if (!data) throw new Error(`media file ${row.storageKey} is missing from the ${store.name} store`);
    return data;
  };
}

/**
 * What libvips reads an original from: its file's path when the store is a local filesystem (read
 * as it decodes, never whole in memory: a 50 MB original held as a Buffer is 50 MB of the worker's
 * peak, twice when the last job's is not collected yet), else its bytes. Null when it is missing.
 */
export function inputReader(store: MediaStore) {
  return async function inputOf(row: {
    data: Buffer | null;
    storageKey: string | null;
  }): Promise<ImageInput | null> {
    if (row.data) return row.data;
    if (!store.localPath) return store.get(row.storageKey!);
    const file = store.localPath(row.storageKey!);
    return (await stat(file).catch(() => null)) ? file : null;
  };
}
