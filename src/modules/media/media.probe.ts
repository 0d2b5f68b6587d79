import exifr from 'exifr';
import sharp from 'sharp';
import { EXIF_OPTIONS, cameraDetailsFrom, exifDate, type CameraDetails } from '../../shared/photo-metadata';

/** What an upload says about itself before it is stored: size and the camera EXIF the shop keeps. */
export type ImageFacts = {
  /** Pixel size after EXIF auto-rotation (as stored), or null when the file cannot be read. */
  width: number | null;
  height: number | null;
  /** 'YYYY-MM-DD' from DateTimeOriginal. */
  dateTaken: string | null;
  camera: CameraDetails | null;
};

/**
 * Reads an image's size and its camera EXIF (only the tags in EXIF_OPTIONS: GPS is never parsed).
 * Never throws: a file it cannot read gives nulls, and ingest() then refuses it with its message.
 */
export async function probeImage(buffer: Buffer): Promise<ImageFacts> {
  const [meta, tags] = await Promise.all([
    sharp(buffer)
      .metadata()
      .catch(() => null),
    exifr.parse(buffer, EXIF_OPTIONS).catch(() => null) as Promise<Record<string, unknown> | null>,
  ]);
  const rotated = (meta?.orientation ?? 1) >= 5;
  const width = meta?.width ?? null;
  const height = meta?.height ?? null;
  return {
    width: rotated ? height : width,
    height: rotated ? width : height,
    dateTaken: exifDate(tags?.DateTimeOriginal),
    camera: cameraDetailsFrom(tags),
  };
}
