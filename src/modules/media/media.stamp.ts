// What a variant carries of her rights (issue 50): the stamp's XMP written at encode, IIM added to
// a JPEG byte-level, and (media.watermark.ts) the mark on display sizes from a width.
import type { Sharp } from 'sharp';
import type { ImageStamp } from '../../shared/file-rights';
import { rightsXmp, writeJpegRights, writePngXmp } from './media.file-rights';
import { watermarkApplies, watermarkOverlay } from './media.watermark';
import type { AssetKind, PlannedVariant } from './media.rules';

/** Who says what an asset's files carry (the rights module, wired in src/modules.ts). */
export type StampSource = { stampOf(assetId: number, kind: AssetKind): Promise<ImageStamp | null> };

/** The one stamp source: a second would leave it unclear whose rights a file carries. */
export function createStampSlot() {
  let slot: { name: string; source: StampSource } | null = null;
  return {
    use(name: string, source: StampSource): void {
      if (slot) throw new Error(`Stamp source "${name}": "${slot.name}" is already the stamp source`);
      slot = { name, source };
    },
    /** Null while no source is registered, or when it has nothing for this asset. */
    async stampOf(assetId: number, kind: AssetKind): Promise<ImageStamp | null> {
      return slot ? slot.source.stampOf(assetId, kind) : null;
    },
  };
}
export type StampSlot = ReturnType<typeof createStampSlot>;

/**
 * The stamp's part before encoding: the watermark where it applies, and an AVIF's XMP (sharp
 * writes only that and the ICC profile kept by the caller: no EXIF, no GPS). JPEG and PNG get
 * theirs after encoding, byte-level (stampEncoded): JPEG with its IIM block, PNG as the
 * uncompressed iTXt readers look for.
 */
export async function stampPipeline(p: Sharp, v: PlannedVariant, stamp: ImageStamp | null): Promise<Sharp> {
  if (!stamp) return p;
  if (stamp.watermark && watermarkApplies(stamp, v))
    p = p.composite([await watermarkOverlay(stamp.watermark, v.width, v.height)]);
  return v.format === 'avif' ? p.withXmp(rightsXmp(stamp.rights)) : p;
}

/** The stamp's part after encoding, byte-level (no re-encode): a JPEG's XMP and IIM, a PNG's XMP. */
export function stampEncoded(data: Buffer, v: PlannedVariant, stamp: ImageStamp | null): Buffer {
  if (!stamp || v.format === 'avif') return data;
  return v.format === 'jpeg'
    ? writeJpegRights(data, stamp.rights)
    : writePngXmp(data, rightsXmp(stamp.rights));
}
