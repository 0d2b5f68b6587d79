// The optional watermark of display sizes (issue 50): her text or logo laid over the picture, as
// sharp composites it. Never on print files, originals or downloads (they do not come here).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { ImageStamp, Watermark } from '../../shared/file-rights';
import type { PlannedVariant } from './media.rules';

const FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-serif/600SemiBold/NotoSerif_600SemiBold.ttf',
);
const FONT = 'Noto Serif SemiBold';
/** The mark's distance from the picture's edges, as a share of its width. */
const MARGIN = 0.02;

/** Display widths from the stamp's; a thumbnail only when every width is marked (0). */
export function watermarkApplies(stamp: ImageStamp | null, v: PlannedVariant): boolean {
  if (!stamp?.watermark) return false;
  if (v.kind === 'thumb') return stamp.watermarkFromWidth === 0;
  return v.width >= stamp.watermarkFromWidth;
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** RGBA pixels, undecoded: a PNG's encode and decode cost more than the blend itself. */
type Pixels = { data: Buffer; raw: { width: number; height: number; channels: 4 } };

/** Multiplies the alpha of a PNG by `opacity`. */
async function faded(png: Buffer, opacity: number): Promise<Pixels> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .linear([1, 1, 1, opacity], [0, 0, 0, 0])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 4 } };
}

/** White text over a soft dark shadow of itself: it reads on light and on dark. */
async function textMark(text: string, box: { width: number; height: number }): Promise<Buffer> {
  const white = await sharp({
    text: {
      text: `<span foreground="#ffffff">${escapeMarkup(text)}</span>`,
      font: FONT,
      fontfile: FONT_FILE,
      width: box.width,
      height: box.height,
      align: 'center',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pad = Math.max(2, Math.round(white.info.height * 0.12));
  const extend = { top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } };
  const shadow = await sharp(white.data)
    .extend(extend)
    .linear([0, 0, 0, 0.85], [0, 0, 0, 0]) // black, the letters' shape
    .blur(Math.max(0.6, pad / 3))
    .png()
    .toBuffer();
  const lettering = await sharp(white.data).extend(extend).png().toBuffer();
  return sharp(shadow)
    .composite([{ input: lettering }])
    .png()
    .toBuffer();
}

/** The widest a mark is drawn (a share of the widest display size): smaller ones are scaled down. */
const DRAWN_WIDTH = 1200;
/** Marks drawn lately, by what they look like: a set of variants draws its mark once. */
const drawnMarks = new Map<string, Promise<Pixels>>();

function drawnMark(mark: Watermark): Promise<Pixels> {
  const key =
    mark.kind === 'text'
      ? `text:${mark.opacity}:${mark.text}`
      : `png:${mark.opacity}:${createHash('sha256').update(mark.png).digest('base64url')}`;
  let drawn = drawnMarks.get(key);
  if (!drawn) {
    drawn = (async () => {
      const full =
        mark.kind === 'text'
          ? await textMark(mark.text, { width: DRAWN_WIDTH, height: DRAWN_WIDTH / 5 })
          : await sharp(mark.png).resize({ width: DRAWN_WIDTH, withoutEnlargement: true }).png().toBuffer();
      return faded(full, mark.opacity);
    })();
    drawn.catch(() => drawnMarks.delete(key));
    drawnMarks.set(key, drawn);
    if (drawnMarks.size > 4) drawnMarks.delete(drawnMarks.keys().next().value!);
  }
  return drawn;
}

/** The mark's RGBA pixels and where they go: an overlay sharp's composite takes as it is. */
export type MarkOverlay = { input: Buffer; raw: Pixels['raw']; left: number; top: number };

/** The overlay of `mark` on a picture `width` x `height`. */
export async function watermarkOverlay(mark: Watermark, width: number, height: number): Promise<MarkOverlay> {
  const margin = Math.round(width * MARGIN);
  const room = { width: Math.max(1, width - 2 * margin), height: Math.max(1, height - 2 * margin) };
  const markWidth = Math.max(8, Math.min(room.width, Math.round(width * mark.widthShare)));
  // its share of the width, never larger than the picture less its margins
  const drawn = await drawnMark(mark);
  const { data, info } = await sharp(drawn.data, { raw: drawn.raw })
    .resize({ width: markWidth, height: room.height, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [row, col] = placeOf(mark.position);
  const left =
    col === 'left' ? margin : col === 'right' ? width - margin - info.width : (width - info.width) / 2;
  const top =
    row === 'top' ? margin : row === 'bottom' ? height - margin - info.height : (height - info.height) / 2;
  const raw = { width: info.width, height: info.height, channels: 4 } as const;
  return { input: data, raw, left: Math.round(left), top: Math.round(top) };
}

function placeOf(
  position: Watermark['position'],
): ['top' | 'middle' | 'bottom', 'left' | 'centre' | 'right'] {
  const [a, b] = position.split('-');
  if (b) return [a as 'top' | 'bottom', b as 'left' | 'right'];
  if (a === 'top' || a === 'bottom') return [a, 'centre'];
  if (a === 'left' || a === 'right') return ['middle', a];
  return ['middle', 'centre'];
}
