import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, TextField } from '../../../components/ui';
import { PrintPiece, type PieceProps } from './print-piece';
import { LETTER_LONG_IN, parseLength, widthPerInch, type PhotoPoint } from './wall-scale';
import { styles } from './wall-preview-styles';

const clamp = (n: number) => Math.min(1, Math.max(0, n));
const pct = (n: number) => `${(n * 100).toFixed(4)}%`;
/** An arrow key moves a marker or the print by this share of the photo (Shift: five times). */
const STEP = 0.005;

function arrowMove(event: KeyboardEvent, at: PhotoPoint, aspect: number): PhotoPoint | null {
  const step = event.shiftKey ? STEP * 5 : STEP;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step * aspect],
    ArrowDown: [0, step * aspect],
  };
  const move = moves[event.key];
  if (!move) return null;
  event.preventDefault();
  return { x: clamp(at.x + move[0]), y: clamp(at.y + move[1]) };
}

/**
 * Her own wall: she picks or takes a photo of it (read here, as an object URL: it never leaves
 * the browser), marks the two ends of something she knows the length of (a letter sheet's long
 * side, or a length she types), then the print is placed on it at that scale, to drag where it
 * would hang (or move with the arrow keys).
 */
export function OwnWall({ photo, option, print }: PieceProps) {
  const inputId = useId();
  const [wall, setWall] = useState<{ url: string; aspect: number } | null>(null);
  const [points, setPoints] = useState<[PhotoPoint, PhotoPoint]>([
    { x: 0.4, y: 0.5 },
    { x: 0.6, y: 0.5 },
  ]);
  const [next, setNext] = useState<0 | 1>(0);
  const [measure, setMeasure] = useState<'letter' | 'other'>('letter');
  const [lengthText, setLengthText] = useState('');
  const [placed, setPlaced] = useState(false);
  const [at, setAt] = useState<PhotoPoint>({ x: 0.5, y: 0.4 });
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; from: PhotoPoint; start: PhotoPoint } | null>(null);

  // the object URL is freed when she picks another photo or closes the preview
  useEffect(() => () => (wall ? URL.revokeObjectURL(wall.url) : undefined), [wall]);

  const lengthIn = measure === 'letter' ? LETTER_LONG_IN : parseLength(lengthText);
  const lengthError = measure === 'other' && lengthText.trim() !== '' && lengthIn === null;

  function choose(file: File | undefined) {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setWall({ url, aspect: img.naturalWidth / img.naturalHeight || 1 });
      setPlaced(false);
      setNext(0);
    };
    img.onerror = () => URL.revokeObjectURL(url);
    img.src = url;
  }

  /** A point of the photo box from a pointer position. */
  function pointOf(clientX: number, clientY: number): PhotoPoint {
    const r = box.current!.getBoundingClientRect();
    return { x: clamp((clientX - r.left) / r.width), y: clamp((clientY - r.top) / r.height) };
  }

  const scale = wall && lengthIn ? widthPerInch(points[0], points[1], lengthIn, wall.aspect) : 0;
  const printWidth = print.outerWidthIn * scale;
  const printHeight = wall ? print.outerHeightIn * scale * wall.aspect : 0;

  return (
    <div className={styles.ownWall}>
      <p className="t-body2 t-muted">Your photo stays in your browser: it is never uploaded.</p>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <label htmlFor={inputId} className={styles.fileLabel}>
        {wall ? 'Choose another photo' : 'Choose or take a photo of your wall'}
      </label>

      {wall && (
        <>
          <fieldset className={styles.measure}>
            <legend>What did you measure on the wall?</legend>
            <label>
              <input
                type="radio"
                name="measure"
                checked={measure === 'letter'}
                onChange={() => setMeasure('letter')}
              />
              A letter sheet&rsquo;s long side (11 in)
            </label>
            <label>
              <input
                type="radio"
                name="measure"
                checked={measure === 'other'}
                onChange={() => setMeasure('other')}
              />
              Something else
            </label>
            {measure === 'other' && (
              <TextField
                label="Its length in inches"
                inputMode="decimal"
                value={lengthText}
                onChange={(event) => setLengthText(event.target.value)}
                error={lengthError}
                helperText={lengthError ? 'Type the length in inches, for example 36.' : undefined}
              />
            )}
          </fieldset>
          <p className="t-body2" id={`${inputId}-how`}>
            {/* Arrow keys only where there is a pointer and so likely a keyboard (wall-preview.css). */}
            <span className={styles.fineHint}>
              {placed
                ? 'Drag the print where it would hang, or move it with the arrow keys.'
                : 'Tap the two ends of what you measured on the photo, or move the two marks with the arrow keys. Then place the print.'}
            </span>
            <span className={styles.touchHint}>
              {placed
                ? 'Drag the print where it would hang.'
                : 'Tap the two ends of what you measured on the photo, then place the print.'}
            </span>
          </p>

          <div
            ref={box}
            className={styles.wallPhoto}
            style={{ aspectRatio: `${wall.aspect}`, width: `min(100%, calc(65dvh * ${wall.aspect}))` }}
            data-testid="own-wall-photo"
            onClick={(event) => {
              if (placed || event.target !== event.currentTarget.firstChild) return;
              const p = pointOf(event.clientX, event.clientY);
              setPoints((old) => (next === 0 ? [p, old[1]] : [old[0], p]));
              setNext(next === 0 ? 1 : 0);
            }}
          >
            <img src={wall.url} alt="Your wall" draggable={false} />
            {!placed && (
              <>
                <svg className={styles.measureLine} aria-hidden="true" focusable="false">
                  <line
                    x1={pct(points[0].x)}
                    y1={pct(points[0].y)}
                    x2={pct(points[1].x)}
                    y2={pct(points[1].y)}
                  />
                </svg>
                {points.map((p, i) => (
                  <button
                    key={i}
                    type="button"
                    className={styles.marker}
                    style={{ left: pct(p.x), top: pct(p.y) }}
                    aria-label={
                      i === 0 ? 'First end of what you measured' : 'Second end of what you measured'
                    }
                    aria-describedby={`${inputId}-how`}
                    onKeyDown={(event) => {
                      const moved = arrowMove(event, p, wall.aspect);
                      if (moved) setPoints((old) => (i === 0 ? [moved, old[1]] : [old[0], moved]));
                    }}
                  />
                ))}
              </>
            )}
            {placed && scale > 0 && (
              <button
                type="button"
                className={styles.ownPiece}
                style={{
                  left: pct(at.x - printWidth / 2),
                  top: pct(at.y - printHeight / 2),
                  width: pct(printWidth),
                  height: pct(printHeight),
                }}
                aria-label={`The ${option.size} print on your wall. Move it with the arrow keys.`}
                data-testid="own-wall-print"
                onKeyDown={(event) => {
                  const moved = arrowMove(event, at, wall.aspect);
                  if (moved) setAt(moved);
                }}
                onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
                  event.currentTarget.setPointerCapture(event.pointerId);
                  drag.current = {
                    id: event.pointerId,
                    from: pointOf(event.clientX, event.clientY),
                    start: at,
                  };
                }}
                onPointerMove={(event) => {
                  const d = drag.current;
                  if (!d || d.id !== event.pointerId) return;
                  const p = pointOf(event.clientX, event.clientY);
                  setAt({ x: clamp(d.start.x + p.x - d.from.x), y: clamp(d.start.y + p.y - d.from.y) });
                }}
                onPointerUp={() => (drag.current = null)}
                onPointerCancel={() => (drag.current = null)}
              >
                <PrintPiece photo={photo} option={option} print={print} />
              </button>
            )}
          </div>
          <div className={styles.ownActions}>
            {placed ? (
              <Button variant="outlined" onClick={() => setPlaced(false)}>
                Mark again
              </Button>
            ) : (
              <Button variant="contained" disabled={!lengthIn || scale === 0} onClick={() => setPlaced(true)}>
                Place the print
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
