import { EXIF_OPTIONS, type ExifTags } from '@shared/photo-metadata';

export const MB = 1024 * 1024;

/**
 * The server's default limits (camera originals up to 50 MB; thumbnails 1 MB on add, 2 MB on edit),
 * used until it says its own (MAX_PHOTO_MB), see photo-upload-limits.ts.
 */
export const LIMITS = {
  addImage: 50 * MB,
  addThumbnail: 1 * MB,
  editImage: 50 * MB,
  editThumbnail: 2 * MB,
} as const;

/** Generated thumbnails fit within this box. */
export const THUMBNAIL_BOX = { width: 400, height: 300 } as const;

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** '5MB', '20MB', '1.5MB': the limits as the spec writes them. */
export function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

/** '5.4 MB': a size in progress text. */
export function formatSize(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Width and height scaled down (never up) to fit within the box, keeping the ratio. */
export function fitWithin(
  width: number,
  height: number,
  box: { width: number; height: number } = THUMBNAIL_BOX,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: box.width, height: box.height };
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('Could not decode the image.'));
    img.src = src;
  });
}

/** The pixel size the browser shows (after EXIF orientation, like the server's). */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    return { width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The EXIF the shop keeps, read in the browser with exifr (loaded only when a photo is chosen, so
 * no visitor downloads it). Only the tags of EXIF_OPTIONS: GPS is never parsed. Null when the
 * file has none or cannot be read.
 */
export async function readExif(file: Blob): Promise<ExifTags | null> {
  try {
    const { default: exifr } = await import('exifr');
    return ((await exifr.parse(file, EXIF_OPTIONS)) as ExifTags | undefined) ?? null;
  } catch {
    return null;
  }
}

/** A JPEG thumbnail drawn on a canvas scaled to fit within 400x300. */
export async function makeThumbnail(file: Blob): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const size = fitWithin(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(img, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('No thumbnail.'))),
        'image/jpeg',
        0.85,
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
