import type { CSSProperties } from 'react';
import type { PhotoDetail } from '../../lib/api-types';
import { printFrameOf, printFrameText } from './print-frame-model';
import styles from './print-frame.module.css';

type FramedOption = PhotoDetail['printOptions'][number];
type PhotoSize = Pick<PhotoDetail, 'width' | 'height'>;

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
