import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

/** What one certificate of authenticity shows; everything it needs, so a re-make gives the same bytes. */
export interface CertificatePdfInput {
  certificateId: string;
  verifyUrl: string;
  photoTitle: string;
  /** A small JPEG rendition of the photo. */
  imageJpeg: Uint8Array;
  /** "7 / 25" */
  label: string;
  /** "16x24" */
  size: string;
  /** "Fine Art Paper" */
  format: string;
  soldAt: Date;
  /** Empty when the shop has none set: the line under the signature then says only 'Photographer'. */
  photographerName: string;
  /** 'image/png' or 'image/jpeg' (what the settings accept) */
  signature: { bytes: Uint8Array; type: string } | null;
}
export type CertificateInput = CertificatePdfInput;

// US Letter, portrait, in points
const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.7, 0.7, 0.7);

/** "November 2026": the month of the sale, in UTC so the same input gives the same text anywhere. */
export function soldMonth(soldAt: Date): string {
  return soldAt.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

// Noto Serif (OFL), shipped by the @expo-google-fonts/noto-serif package: Latin with its
// extensions (Māori macrons, the Hawaiian ʻokina), Greek, Cyrillic and Vietnamese. Chinese and
// Japanese characters it lacks are drawn in Noto Serif JP (@expo-google-fonts/noto-serif-jp: kana
// and the kanji, traditional forms included; read and embedded only when a text has them, as a
// subset of the glyphs drawn). A character neither has (an emoji, a simplified-only form, Hangul)
// is drawn as '?' (the verify page, HTML, shows the title whole).
const require = createRequire(import.meta.url);
const fontFiles = {
  regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-serif-jp/400Regular/NotoSerifJP_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-serif-jp/700Bold/NotoSerifJP_700Bold.ttf',
} as const;
const fontBytes = new Map<keyof typeof fontFiles, Promise<Buffer>>();
const loadFont = (name: keyof typeof fontFiles): Promise<Buffer> => {
  if (!fontBytes.has(name)) fontBytes.set(name, readFile(require.resolve(fontFiles[name])));
  return fontBytes.get(name)!;
};
/** Chinese and Japanese characters: the ones worth reading the CJK font for. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;

/**
 * The certificate as a one-page PDF. Deterministic: the dates come from the sale, no random ids,
 * and the embedded font subsets are named with a tag made from what they draw (pdf-lib's own tag
 * is random), so the bytes are the same however often it is made.
 */
export async function makeCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(`Certificate of Authenticity ${input.certificateId}`, { showInWindowTitleBar: false });
  if (input.photographerName.trim()) doc.setAuthor(input.photographerName.normalize('NFC').trim());
  doc.setCreator('Wildframe');
  doc.setProducer('Wildframe');
  doc.setCreationDate(input.soldAt);
  doc.setModificationDate(input.soldAt);

  const tag = subsetTag([input.photoTitle, input.label, input.size, input.format, input.photographerName]);
  const embed = async (file: keyof typeof fontFiles, name: string) =>
    doc.embedFont(await loadFont(file), { subset: true, customName: `${tag}+${name}` });
  // the CJK font only when a text drawn in that weight has CJK characters
  const hasCjk = (texts: string[]) => texts.some((text) => CJK.test(text));
  const serif = letteringOf([
    await embed('regular', 'NotoSerif'),
    ...(hasCjk([input.size, input.format, input.photographerName])
      ? [await embed('cjkRegular', 'NotoSerifJP')]
      : []),
  ]);
  const serifBold = letteringOf([
    await embed('bold', 'NotoSerif-Bold'),
    ...(hasCjk([input.photoTitle]) ? [await embed('cjkBold', 'NotoSerifJP-Bold')] : []),
  ]);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const contentWidth = PAGE.width - 2 * MARGIN;

  // a thin frame, as printed certificates have
  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: PAGE.width - MARGIN,
    height: PAGE.height - MARGIN,
    borderColor: RULE,
    borderWidth: 0.75,
  });

  let y = PAGE.height - MARGIN - 20;
  centered(page, 'Certificate of Authenticity', serifBold, 24, y, INK);
  y -= 18;
  centered(page, 'Limited edition photographic print', serif, 11, y, MUTED);

  // the photo, fitted into a box that leaves room for the text and the signature below (none when
  // its file could not be read: the certificate still holds)
  if (input.imageJpeg.length > 0) {
    const image = await doc.embedJpg(input.imageJpeg);
    const box = { width: contentWidth - 60, height: 280 };
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const imageWidth = image.width * scale;
    const imageHeight = image.height * scale;
    y -= 24 + imageHeight;
    page.drawImage(image, { x: (PAGE.width - imageWidth) / 2, y, width: imageWidth, height: imageHeight });
  } else y -= 120;

  y -= 36;
  for (const line of wrap(serifBold.text(input.photoTitle), (t) => serifBold.width(t, 20), contentWidth)) {
    centered(page, line, serifBold, 20, y, INK);
    y -= 24;
  }
  y -= 2;
  centered(page, `Edition print ${input.label}`, serif, 14, y, INK);
  y -= 20;
  centered(page, serif.text(`${input.size} ${input.format}`), serif, 12, y, MUTED);
  y -= 18;
  centered(page, `Sold ${soldMonth(input.soldAt)}`, serif, 12, y, MUTED);

  // the signature above its line on the left, the QR code to the check page on the right
  const bottom = MARGIN + 10;
  const lineY = bottom + 56;
  const lineWidth = 220;
  if (input.signature) {
    const signature =
      input.signature.type === 'image/png'
        ? await doc.embedPng(input.signature.bytes)
        : await doc.embedJpg(input.signature.bytes);
    const fit = Math.min(lineWidth / signature.width, 60 / signature.height);
    page.drawImage(signature, {
      x: MARGIN,
      y: lineY + 4,
      width: signature.width * fit,
      height: signature.height * fit,
    });
  }
  page.drawLine({
    start: { x: MARGIN, y: lineY },
    end: { x: MARGIN + lineWidth, y: lineY },
    thickness: 0.75,
    color: INK,
  });
  // no name set: the line says only 'Photographer'
  serif.draw(page, serif.text(input.photographerName), { x: MARGIN, y: lineY - 16, size: 12, color: INK });
  page.drawText('Photographer', { x: MARGIN, y: lineY - 30, size: 9, font: sans, color: MUTED });
  page.drawText(`Certificate ${input.certificateId}`, {
    x: MARGIN,
    y: bottom - 6,
    size: 8,
    font: sans,
    color: MUTED,
  });

  const qrPng = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 6,
  });
  const qr = await doc.embedPng(new Uint8Array(qrPng));
  const qrSize = 96;
  const qrX = PAGE.width - MARGIN - qrSize;
  page.drawImage(qr, { x: qrX, y: lineY - 30, width: qrSize, height: qrSize });
  const urlSize = fitSize(input.verifyUrl, sans, 7, 200);
  const urlWidth = sans.widthOfTextAtSize(clean(input.verifyUrl), urlSize);
  page.drawText(clean(input.verifyUrl), {
    x: PAGE.width - MARGIN - urlWidth,
    y: lineY - 42,
    size: urlSize,
    font: sans,
    color: MUTED,
  });
  page.drawText('Check this certificate', {
    x: PAGE.width - MARGIN - sans.widthOfTextAtSize('Check this certificate', 8),
    y: lineY - 54,
    size: 8,
    font: sans,
    color: MUTED,
  });

  return doc.save({ useObjectStreams: false });
}

/**
 * Text in one or more fonts: each character in the first that has it (the serif, then the CJK
 * one), drawn as runs side by side; a space stays in the run it follows.
 */
function letteringOf(fonts: PDFFont[]) {
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
type Lettering = ReturnType<typeof letteringOf>;

function centered(page: PDFPage, text: string, font: Lettering, size: number, y: number, color = INK): void {
  font.draw(page, text, { x: (PAGE.width - font.width(text, size)) / 2, y, size, color });
}

/**
 * A long title over at most two lines, the second cut with an ellipsis. Lines break at spaces,
 * and between any two CJK characters (those texts have no spaces).
 */
function wrap(text: string, width: (text: string) => number, maxWidth: number): string[] {
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

function fitSize(text: string, font: PDFFont, size: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(clean(text), size);
  return width <= maxWidth ? size : Math.max(4, (size * maxWidth) / width);
}

/** A subset's tag (six capitals, as PDF names them) from what the certificate draws in it. */
function subsetTag(texts: string[]): string {
  const hash = createHash('sha256').update(texts.join('\n')).digest();
  return [...hash.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

/**
 * The text as the font can draw it: a letter it lacks loses its accent if the bare letter is
 * there, anything else becomes "?" (a title with an emoji must still give a certificate).
 */
function forFont(text: string, has: (char: string) => boolean): string {
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
function clean(text: string): string {
  return forFont(text, isWinAnsi);
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
}
