import { cropFractions, needsCrop } from '@shared/print-crop';
import { parseInches } from '@shared/print-sizes';
import type { PhotoDetail } from '../../lib/api-types';

type FramedOption = PhotoDetail['printOptions'][number];
type PhotoSize = Pick<PhotoDetail, 'width' | 'height'>;

/**
 * The part of the photo a size prints: its crop (the same rule the lab's file is cut by,
 * src/shared/print-crop.ts) as fractions of the image, and whether anything is left out. Null
 * for a size not in inches (printed whole) or a photo without its pixel size.
 */
export function printFrameOf(photo: PhotoSize, option: Pick<FramedOption, 'size' | 'crop'>) {
  const inches = parseInches(option.size);
  if (!inches || !photo.width || !photo.height) return null;
  const px = { width: photo.width, height: photo.height };
  return { box: cropFractions(px, inches, option.crop), cropped: needsCrop(px, inches) };
}

/** 'The 8x10 print shows the framed part of the photo.' (or the whole photo, when it does). */
export function printFrameText(option: Pick<FramedOption, 'size'>, cropped: boolean): string {
  return cropped
    ? `The ${option.size} print shows the framed part of the photo.`
    : `The ${option.size} print shows the whole photo.`;
}
