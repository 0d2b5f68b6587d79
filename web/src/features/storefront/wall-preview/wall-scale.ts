// The geometry of the wall preview, in inches: pure, so its scale can be tested without a browser.

/** The things of known size the print is shown beside (their real sizes are the point). */
export const REFERENCES = {
  sofa: { label: 'Sofa', widthIn: 84, heightIn: 34, caption: 'a sofa 84 in wide' },
  doorway: { label: 'Doorway', widthIn: 36, heightIn: 80, caption: 'a doorway 80 in tall' },
  person: { label: 'Person', widthIn: 20, heightIn: 66, caption: 'a person 5 ft 6 in tall' },
} as const;
export type ReferenceKind = keyof typeof REFERENCES;

/** A box on the wall: x from the wall's left, y from the floor up (inches). */
export type WallBox = { x: number; y: number; width: number; height: number };

/** The wall's least size: a 12 ft room wall, 8 ft to the ceiling. */
const MIN_WALL = { widthIn: 150, heightIn: 96 };
/** A print's centre hangs at eye level (the gallery rule), and at least this far above a sofa's back. */
const EYE_LEVEL_IN = 57;
const ABOVE_SOFA_IN = 8;
const MARGIN_IN = 6;

/**
 * Where the reference and the print stand on a wall big enough for both: the print centred over
 * the sofa (its bottom clear of the sofa's back), or beside the doorway or the person.
 */
export function wallLayout(kind: ReferenceKind, print: { widthIn: number; heightIn: number }) {
  const ref = REFERENCES[kind];
  const beside = kind !== 'sofa';
  const left = MARGIN_IN * 2;
  const lowest = beside ? MARGIN_IN : ref.heightIn + ABOVE_SOFA_IN;
  const printY = Math.max(lowest, EYE_LEVEL_IN - print.heightIn / 2);
  const widthIn = beside
    ? Math.max(MIN_WALL.widthIn, left + ref.widthIn + MARGIN_IN * 3 + print.widthIn + MARGIN_IN * 2)
    : Math.max(MIN_WALL.widthIn, print.widthIn + MARGIN_IN * 4, ref.widthIn + MARGIN_IN * 4);
  const heightIn = Math.max(MIN_WALL.heightIn, printY + print.heightIn + MARGIN_IN, ref.heightIn + MARGIN_IN);
  const reference: WallBox = beside
    ? { x: left, y: 0, width: ref.widthIn, height: ref.heightIn }
    : { x: (widthIn - ref.widthIn) / 2, y: 0, width: ref.widthIn, height: ref.heightIn };
  const printX = beside
    ? left + ref.widthIn + (widthIn - left - ref.widthIn - print.widthIn) / 2
    : (widthIn - print.widthIn) / 2;
  return {
    wall: { widthIn, heightIn },
    reference,
    print: { x: printX, y: printY, width: print.widthIn, height: print.heightIn },
  };
}

/** A box as CSS percentages of a wall drawn `floorIn` above the scene's bottom edge. */
export function boxStyle(box: WallBox, wall: { widthIn: number; heightIn: number }, floorIn: number) {
  const sceneHeight = wall.heightIn + floorIn;
  const pct = (n: number) => `${(n * 100).toFixed(4)}%`;
  return {
    left: pct(box.x / wall.widthIn),
    bottom: pct((box.y + floorIn) / sceneHeight),
    width: pct(box.width / wall.widthIn),
    height: pct(box.height / sceneHeight),
  };
}

/** A point on the visitor's photo, as fractions of its width and height. */
export type PhotoPoint = { x: number; y: number };

/**
 * Her own wall's scale: how much of the photo's width one inch takes, from two points she marked
 * `lengthIn` apart. `aspect` is the photo's width over its height (a fraction of the height is
 * that much shorter in pixels than the same fraction of the width).
 */
export function widthPerInch(a: PhotoPoint, b: PhotoPoint, lengthIn: number, aspect: number): number {
  const marked = Math.hypot(b.x - a.x, (b.y - a.y) / aspect);
  return lengthIn > 0 ? marked / lengthIn : 0;
}

/** The length she typed, in inches ('36', '36 in', '2.5'); null when it is not a positive number. */
export function parseLength(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:in(?:ch(?:es)?)?|")?\s*$/i.exec(text);
  const n = m ? Number(m[1]) : NaN;
  return n > 0 && n < 10_000 ? n : null;
}

/** A letter sheet's long side: what she is asked to hold against the wall by default. */
export const LETTER_LONG_IN = 11;
