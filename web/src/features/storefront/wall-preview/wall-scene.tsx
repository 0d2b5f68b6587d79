import { useEffect, useState, type CSSProperties } from 'react';
import type { WallRoom } from '../../../lib/api-types';
import { ChoiceButton, PrintPiece, type PieceProps } from './print-piece';
import { ReferenceArt } from './reference-art';
import { REFERENCES, boxStyle, wallLayout, widthPerInch, type ReferenceKind } from './wall-scale';
import { styles } from './wall-preview-styles';

/** The floor drawn under the wall (skirting and boards), in inches at the wall's scale. */
const FLOOR_IN = 6;
const inches = (n: number) => `${Math.round(n * 10) / 10} in`;

const pct = (n: number) => `${(n * 100).toFixed(4)}%`;

/** The owner's rooms (GET /api/wall-rooms), read when the preview opens; none when that fails. */
function useWallRooms(): WallRoom[] {
  const [rooms, setRooms] = useState<WallRoom[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/wall-rooms', { signal: abort.signal })
      .then((res) => (res.ok ? (res.json() as Promise<WallRoom[]>) : []))
      .then(setRooms)
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  return rooms;
}

/**
 * "See it on a wall": the print at true scale on a drawn wall, beside a sofa, a doorway or a
 * person, or in one of the owner's own rooms (at the scale of the reference she marked there).
 */
export function WallScene({ photo, option, print }: PieceProps) {
  const rooms = useWallRooms();
  const [choice, setChoice] = useState<ReferenceKind | number>('sofa');
  const room = rooms.find((r) => r.id === choice);
  const kind: ReferenceKind = typeof choice === 'number' ? 'sofa' : choice;
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
          <ChoiceButton key={k} pressed={k === choice} onClick={() => setChoice(k)}>
            {REFERENCES[k].label}
          </ChoiceButton>
        ))}
        {rooms.map((r) => (
          <ChoiceButton key={r.id} pressed={r.id === choice} onClick={() => setChoice(r.id)}>
            {r.label}
          </ChoiceButton>
        ))}
      </div>
      {room ? (
        <RoomScene photo={photo} option={option} print={print} room={room} />
      ) : (
        <>
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
            <HungPrint
              photo={photo}
              option={option}
              print={print}
              style={boxStyle(layout.print, layout.wall, FLOOR_IN)}
            />
          </div>
          <p className={`t-body2 t-muted ${styles.caption}`}>{description}</p>
        </>
      )}
    </>
  );
}

/** The print where it hangs in a scene, placed by `style`; it tells its real width to tests. */
function HungPrint({ style, ...piece }: PieceProps & { style: CSSProperties }) {
  return (
    <span
      className={styles.piece}
      style={style}
      data-testid="wall-print"
      data-real-width-in={piece.print.outerWidthIn}
    >
      <PrintPiece {...piece} />
    </span>
  );
}

/**
 * The print in one of the owner's rooms: its width from the reference she marked (two points
 * and their real length), centred where she said prints hang.
 */
function RoomScene({ photo, option, print, room }: PieceProps & { room: WallRoom }) {
  const aspect = room.width / room.height;
  const { x1, y1, x2, y2, lengthIn } = room.reference;
  const scale = widthPerInch({ x: x1, y: y1 }, { x: x2, y: y2 }, lengthIn, aspect);
  const width = print.outerWidthIn * scale;
  const height = print.outerHeightIn * scale * aspect;
  const description = `The ${inches(print.widthIn)} by ${inches(print.heightIn)} print in ${room.label}, at true scale.`;
  return (
    <>
      <div
        role="img"
        aria-label={description}
        className={styles.scene}
        style={{ aspectRatio: `${aspect}`, width: `min(100%, calc(62dvh * ${aspect}))` }}
        data-testid="wall-room"
      >
        <img src={`${room.imageUrl}&w=1600`} alt="" className={styles.roomPhoto} />
        <HungPrint
          photo={photo}
          option={option}
          print={print}
          style={{
            left: pct(room.printAt.x - width / 2),
            top: pct(room.printAt.y - height / 2),
            width: pct(width),
            height: pct(height),
          }}
        />
      </div>
      <p className={`t-body2 t-muted ${styles.caption}`}>{description}</p>
    </>
  );
}
