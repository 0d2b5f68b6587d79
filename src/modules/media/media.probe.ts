import exifr from 'exifr';
import sharp from 'sharp';
import {
  EXIF_OPTIONS,
  TITLE_EXIF_OPTIONS,
  cameraDetailsFrom,
  exifDate,
  exifTitle,
  type CameraDetails,
} from '../../shared/photo-metadata';

/** What an upload says about itself before it is stored: size and the camera EXIF the shop keeps. */
export type ImageFacts = {
  /** Pixel size after EXIF auto-rotation (as stored), or null when the file cannot be read. */
  width: number | null;
  height: number | null;
  /** 'YYYY-MM-DD' from DateTimeOriginal. */
  dateTaken: string | null;
  camera: CameraDetails | null;
  /** The file's own title or caption (EXIF XPTitle, XMP dc:title, EXIF ImageDescription). */
  title: string | null;
};

/**
 * Reads an image's size and its camera EXIF (only the tags in EXIF_OPTIONS: GPS is never parsed).
 * Never throws: a file it cannot read gives nulls, and ingest() then refuses it with its message.
 */
export async function probeImage(file: Buffer | { path: string }): Promise<ImageFacts> {
  const input = Buffer.isBuffer(file) ? file : file.path;
  const [meta, tags, titleTags] = await Promise.all([
    sharp(input)
      .metadata()
      .catch(() => null),
    exifr.parse(input, EXIF_OPTIONS).catch(() => null) as Promise<Record<string, unknown> | null>,
    exifr.parse(input, TITLE_EXIF_OPTIONS).catch(() => null) as Promise<Record<string, unknown> | null>,
  ]);
  const rotated = (meta?.orientation ?? 1) >= 5;
  const width = meta?.width ?? null;
  const height = meta?.height ?? null;
  return {
    width: rotated ? height : width,
    height: rotated ? width : height,
    dateTaken: exifDate(tags?.DateTimeOriginal),
    camera: cameraDetailsFrom(tags),
    title: exifTitle(titleTags),
  };
}
