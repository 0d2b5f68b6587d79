import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import subsetFont from 'subset-font';

// What certificates share (editions' certificate of authenticity, licences' licence certificate, the
// printable gift card): the new document (`newCertificateDoc`),
// the fonts (Noto Serif, with Noto Serif JP for Chinese and Japanese), text drawn in them with
// fallbacks, centred and wrapped lines, a deterministic subset tag, and the QR code to a check page.

// US Letter, portrait, in points
export const PAGE = { width: 612, height: 792 };
export const MARGIN = 54;
export const INK = rgb(0.13, 0.13, 0.13);
export const MUTED = rgb(0.4, 0.4, 0.4);
export const RULE = rgb(0.7, 0.7, 0.7);

/**
 * A new one-page document as every certificate and card starts: its title and author, dated by
 * `createdAt`/`modifiedAt` (never the clock, so the same input gives the same bytes), its texts'
 * lettering embedded (the CJK font only in the weights `cjk` asks; by default wherever a text has
 * CJK), Helvetica for the small print, and the framed page.
 */
export async function newCertificateDoc(meta: {
  title: string;
  author?: string;
  createdAt: Date;
  modifiedAt?: Date;
  texts: string[];
  cjk?: { regular: boolean; bold: boolean };
}) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title, { showInWindowTitleBar: false });
  const author = meta.author?.normalize('NFC').trim();
  if (author) doc.setAuthor(author);
  doc.setCreator('Wildframe');
  doc.setProducer('Wildframe');
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.modifiedAt ?? meta.createdAt);
  const hasCjk = meta.texts.some((t) => CJK.test(t));
  const lettering = await embedLettering(doc, meta.texts, meta.cjk ?? { regular: hasCjk, bold: hasCjk });
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  return { doc, ...lettering, sans, page: framedPage(doc) };
}

/** A new US Letter page with the thin frame printed certificates have. */
export function framedPage(doc: PDFDocument): PDFPage {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: PAGE.width - MARGIN,
    height: PAGE.height - MARGIN,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  return page;
}

// Noto Serif (OFL), shipped by the @expo-google-fonts/noto-serif package: Latin with its
// extensions (Māori macrons, the Hawaiian ʻokina), Greek, Cyrillic and Vietnamese. Chinese and
// Japanese characters it lacks are drawn in Noto Serif JP (@expo-google-fonts/noto-serif-jp: kana
// and the kanji, traditional forms included; read and embedded only when a text has them, as a
// subset of the glyphs drawn). A character neither has (an emoji, a simplified-only form, Hangul)
// is drawn as '?' (the verify page, HTML, shows the title whole).
const require = createRequire(import.meta.url);
export const fontFiles = {
  regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-serif-jp/400Regular/NotoSerifJP_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-serif-jp/700Bold/NotoSerifJP_700Bold.ttf',
} as const;
const fontBytes = new Map<keyof typeof fontFiles, Promise<Buffer>>();
export const loadFont = (name: keyof typeof fontFiles): Promise<Buffer> => {
  if (!fontBytes.has(name)) fontBytes.set(name, readFile(require.resolve(fontFiles[name])));
  return fontBytes.get(name)!;
};
/** Chinese and Japanese characters: the ones worth reading the CJK font for. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;

/**
 * Text in one or more fonts: each character in the first that has it (the serif, then the CJK
 * one), drawn as runs side by side; a space stays in the run it follows.
 */
export function letteringOf(fonts: PDFFont[]) {
  const sets = fonts.map((font) => new Set(font.getCharacterSet()));
  const fontFor = (char: string) => sets.findIndex((set) => set.has(char.codePointAt(0)!));
  const runs = (text: string) => {
    const out: { text: string; font: PDFFont }[] = [];
    for (const char of text) {
      const at = fontFor(char);
      const font = /\s/.test(char) || at < 0 ? (out.at(-1)?.font ?? fonts[0]!) : fonts[at]!;
      if (out.at(-1)?.font === font) out.at(-1)!.text += char;
      else out.push({ text: char, font });
    }
    return out;
  };
  const width = (text: string, size: number) =>
    runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  return {
    /** The text as these fonts can draw it (see forFont). */
    text: (raw: string) => forFont(raw, (char) => fontFor(char) >= 0),
    width,
    draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: typeof INK }) {
      let x = at.x;
      for (const run of runs(text)) {
        page.drawText(run.text, { ...at, x, font: run.font });
        x += run.font.widthOfTextAtSize(run.text, at.size);
      }
    },
  };
}
export type Lettering = ReturnType<typeof letteringOf>;

export function centered(
  page: PDFPage,
  text: string,
  font: Lettering,
  size: number,
  y: number,
  color = INK,
): void {
  font.draw(page, text, { x: (PAGE.width - font.width(text, size)) / 2, y, size, color });
}

/**
 * A long title over at most two lines, the second cut with an ellipsis. Lines break at spaces,
 * and between any two CJK characters (those texts have no spaces).
 */
export function wrap(text: string, width: (text: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const [, space, piece] of text.matchAll(
    /(\s*)(\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/gu,
  )) {
    const next = line ? `${line}${space ? ' ' : ''}${piece}` : piece!;
    if (width(next) <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = piece!;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  let last = [...lines[1]!];
  while (last.length && width(`${last.join('')}...`) > maxWidth) last = last.slice(0, -1);
  return [lines[0]!, `${last.join('').trimEnd()}...`];
}

export function fitSize(text: string, font: PDFFont, size: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(clean(text), size);
  return width <= maxWidth ? size : Math.max(4, (size * maxWidth) / width);
}

/** A subset's tag (six capitals, as PDF names them) from what the certificate draws in it. */
export function subsetTag(texts: string[]): string {
  const hash = createHash('sha256').update(texts.join('\n')).digest();
  return [...hash.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

/**
 * The text as the font can draw it: a letter it lacks loses its accent if the bare letter is
 * there, anything else becomes "?" (a title with an emoji must still give a certificate).
 */
export function forFont(text: string, has: (char: string) => boolean): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (has(char) || /\s/.test(char)) return char;
      const bare = unaccented[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      return bare && [...bare].every(has) ? bare : '?';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The standard font (Helvetica, for the fixed labels, the id and the address) draws WinAnsi only. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// letters whose stroke is not a combining mark, so NFD does not take it off
const unaccented: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};
export function clean(text: string): string {
  return forFont(text, isWinAnsi);
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
}

/** The QR code of a check page's address, as a PNG to embed. */
export async function embedQr(doc: PDFDocument, url: string) {
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  return doc.embedPng(new Uint8Array(png));
}

/**
 * What every certificate's serif may draw besides its own texts: printable ASCII, Latin-1, Latin
 * Extended-A and the typographic marks of WinAnsi (its fixed labels and most names).
 */
const BASE_CHARACTERS = (() => {
  let chars = '';
  for (let c = 0x20; c <= 0x7e; c++) chars += String.fromCodePoint(c);
  for (let c = 0xa0; c <= 0x17f; c++) chars += String.fromCodePoint(c);
  return chars + [...winAnsiExtras].join('') + '\u02bb';
})();
const BASE_SET = new Set(BASE_CHARACTERS);
/** Recent subsets by font and the characters beyond the base: most certificates reuse the first. */
const subsets = new Map<string, Promise<Uint8Array>>();

/**
 * A font cut down to the characters given, by HarfBuzz (subset-font). pdf-lib's own subsetting
 * (fontkit's) writes broken outlines for Noto Serif: poppler and MuPDF left letters out of every
 * certificate ("Gift C" for "Gift Card"), so the font is cut here and embedded whole.
 */
async function subsetOf(file: keyof typeof fontFiles, chars: string): Promise<Uint8Array> {
  const key = `${file}:${chars}`;
  let found = subsets.get(key);
  if (!found) {
    found = loadFont(file).then(
      async (bytes) => new Uint8Array(await subsetFont(bytes, chars, { targetFormat: 'truetype' })),
    );
    subsets.set(key, found);
    if (subsets.size > 50) subsets.delete(subsets.keys().next().value!);
    found.catch(() => subsets.delete(key));
  }
  return found;
}

/**
 * The certificate's text fonts for the texts it draws (with the fixed labels of the base set),
 * embedded as subsets named from those texts (see subsetTag); the CJK font only where `cjk` asks.
 */
export async function embedLettering(
  doc: PDFDocument,
  texts: string[],
  cjk: { regular: boolean; bold: boolean },
) {
  const tag = subsetTag(texts);
  const drawn = [...new Set([...texts.join('').normalize('NFC')])].sort();
  const beyond = drawn.filter((c) => !BASE_SET.has(c) && !/\s/.test(c)).join('');
  const embed = async (file: keyof typeof fontFiles, name: string, chars: string) =>
    doc.embedFont(await subsetOf(file, chars), {
      subset: false,
      customName: `${tag}+${name}`,
      // no ligatures: an "fi" glyph reads back (copied, searched) as one unknown character
      features: { liga: false, clig: false, dlig: false },
    });
  const cjkChars =
    beyond
      .split('')
      .filter((c) => CJK.test(c))
      .join('') || ' ';
  const serif = letteringOf([
    await embed('regular', 'NotoSerif', BASE_CHARACTERS + beyond),
    ...(cjk.regular ? [await embed('cjkRegular', 'NotoSerifJP', cjkChars)] : []),
  ]);
  const serifBold = letteringOf([
    await embed('bold', 'NotoSerif-Bold', BASE_CHARACTERS + beyond),
    ...(cjk.bold ? [await embed('cjkBold', 'NotoSerifJP-Bold', cjkChars)] : []),
  ]);
  return { serif, serifBold };
}
