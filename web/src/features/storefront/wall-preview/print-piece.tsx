import type { CSSProperties, ReactNode } from 'react';
import { cropFractions } from '@shared/print-crop';
import { printInches, type WallPrint } from '@shared/print-scale';
import type { PhotoDetail } from '../../../lib/api-types';
import { styles } from './wall-preview-styles';

type Option = PhotoDetail['printOptions'][number];
/** What every view of the preview draws: the photo, the size chosen and how it hangs. */
export type PieceProps = { photo: PhotoDetail; option: Option; print: WallPrint };
const pct = (n: number) => `${(n * 100).toFixed(4)}%`;

/**
 * The print as it hangs, filling its box (sized by the caller to the piece's outer size): the
 * frame, the mat inside it, and the print's crop of the photo (the part the lab prints).
 */
export function PrintPiece({ photo, option, print }: PieceProps) {
  const { frameIn, matIn, outerWidthIn: w, outerHeightIn: h } = print;
  const inset = (inches: number): CSSProperties => ({ inset: `${pct(inches / h)} ${pct(inches / w)}` });
  const inches = printInches(option.size);
  const crop = inches
    ? cropFractions({ width: photo.width, height: photo.height }, inches, option.crop)
    : { left: 0, top: 0, width: 1, height: 1 };
  return (
    <>
      {frameIn > 0 && <span className={styles.frameLayer} data-testid="print-frame-border" />}
      {matIn > 0 && <span className={styles.matLayer} style={inset(frameIn)} data-testid="print-mat" />}
      <span className={styles.photoLayer} style={inset(frameIn + matIn)}>
        <img
          src={`${photo.imageUrl}&w=1080`}
          alt=""
          draggable={false}
          style={{
            width: pct(1 / crop.width),
            height: pct(1 / crop.height),
            left: pct(-crop.left / crop.width),
            top: pct(-crop.top / crop.height),
          }}
        />
      </span>
    </>
  );
}

/** A toggle in a row of choices (print size, view, what the print is shown beside). */
export function ChoiceButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} className={styles.choice}>
      {children}
    </button>
  );
}
