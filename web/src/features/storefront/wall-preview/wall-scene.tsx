import { useState } from 'react';
import type { WallPrint } from '@shared/print-scale';
import type { PhotoDetail } from '../../../lib/api-types';
import { PrintPiece } from './print-piece';
import { ReferenceArt } from './reference-art';
import { REFERENCES, boxStyle, wallLayout, type ReferenceKind } from './wall-scale';
import styles from './wall-preview.module.css';

type Option = PhotoDetail['printOptions'][number];
/** The floor drawn under the wall (skirting and boards), in inches at the wall's scale. */
const FLOOR_IN = 6;
const inches = (n: number) => `${Math.round(n * 10) / 10} in`;

/** "See it on a wall": the print at true scale on a drawn wall, beside a sofa, a doorway or a person. */
export function WallScene({
  photo,
  option,
  print,
}: {
  photo: PhotoDetail;
  option: Option;
  print: WallPrint;
}) {
  const [kind, setKind] = useState<ReferenceKind>('sofa');
  const ref = REFERENCES[kind];
  const layout = wallLayout(kind, { widthIn: print.outerWidthIn, heightIn: print.outerHeightIn });
  const framing =
    print.frameIn || print.matIn
      ? ` (${[print.matIn && 'matted', print.frameIn && 'framed'].filter(Boolean).join(' and ')}, ${inches(print.outerWidthIn)} by ${inches(print.outerHeightIn)} in all)`
      : '';
  const description = `The ${inches(print.widthIn)} by ${inches(print.heightIn)} print${framing} on a wall beside ${ref.caption}, at true scale.`;
  return (
    <>
      <div role="group" aria-label="Shown beside" className={styles.choices}>
        {(Object.keys(REFERENCES) as ReferenceKind[]).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
            className={styles.choice}
          >
            {REFERENCES[k].label}
          </button>
        ))}
      </div>
      <div
        role="img"
        aria-label={description}
        className={styles.scene}
        style={{
          aspectRatio: `${layout.wall.widthIn} / ${layout.wall.heightIn + FLOOR_IN}`,
          // as wide as fits, and never taller than most of the screen
          width: `min(100%, calc(62dvh * ${layout.wall.widthIn / (layout.wall.heightIn + FLOOR_IN)}))`,
        }}
      >
        <span
          className={styles.floor}
          style={{ height: `${(FLOOR_IN / (layout.wall.heightIn + FLOOR_IN)) * 100}%` }}
        />
        <span
          className={styles.reference}
          style={boxStyle(layout.reference, layout.wall, FLOOR_IN)}
          data-testid="wall-reference"
          data-real-width-in={layout.reference.width}
        >
          <ReferenceArt kind={kind} />
        </span>
        <span
          className={styles.piece}
          style={boxStyle(layout.print, layout.wall, FLOOR_IN)}
          data-testid="wall-print"
          data-real-width-in={print.outerWidthIn}
        >
          <PrintPiece photo={photo} option={option} print={print} />
        </span>
      </div>
      <p className={`t-body2 t-muted ${styles.caption}`}>{description}</p>
    </>
  );
}
