import type { CSSProperties } from 'react';
import { cropFractions, needsCrop } from '@shared/print-crop';
import { parseInches } from '@shared/print-sizes';
import type { PhotoDetail } from '../../lib/api-types';
import styles from './print-frame.module.css';

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

const percent = (n: number) => `${(n * 100).toFixed(3)}%`;

/**
 * Drawn over the photo (its positioned box) when a size is chosen: the part that will be printed
 * framed, the rest dimmed. Plain CSS over the image already there: nothing loads, nothing moves.
 * For sight only; the words are the purchase section's (PrintFrameNote).
 */
export function PrintFrame({
  photo,
  option,
  className,
}: {
  photo: PhotoSize;
  option: FramedOption | undefined;
  /** The layer's own class (the photo's rounded corners). */
  className?: string;
}) {
  const frame = option ? printFrameOf(photo, option) : null;
  if (!option || !frame) return null;
  const { box } = frame;
  const style: CSSProperties = {
    left: percent(box.left),
    top: percent(box.top),
    width: percent(box.width),
    height: percent(box.height),
  };
  return (
    <div className={className ? `${styles.layer} ${className}` : styles.layer} aria-hidden="true">
      <div className={styles.frame} style={style} data-print-frame={option.size} />
    </div>
  );
}

/** The chosen size's frame in words, for everyone (a screen reader hears it when the size changes). */
export function PrintFrameNote({ photo, option }: { photo: PhotoSize; option: FramedOption | undefined }) {
  const frame = option ? printFrameOf(photo, option) : null;
  return (
    <p role="status" className={`t-body2 t-muted t-center ${styles.note}`}>
      {option && frame ? printFrameText(option, frame.cropped) : ''}
    </p>
  );
}
