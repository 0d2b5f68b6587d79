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
// extensions (Māori macrons, the Hawaiian ʻokina), Greek, Cyrillic and Vietnamese. It has no CJK
// (a CJK font is tens of megabytes): a character it lacks is drawn as '?' (the verify page, HTML,
// shows the title whole).
const require = createRequire(import.meta.url);
const fontFiles = {
  regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
} as const;
let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fontBytes ??= Promise.all([
    readFile(require.resolve(fontFiles.regular)),
    readFile(require.resolve(fontFiles.bold)),
  ]).then(([regular, bold]) => ({ regular, bold })));

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

  const files = await loadFonts();
  const tag = subsetTag([input.photoTitle, input.label, input.size, input.format, input.photographerName]);
  const serif = await doc.embedFont(files.regular, { subset: true, customName: `${tag}+NotoSerif` });
  const serifBold = await doc.embedFont(files.bold, { subset: true, customName: `${tag}+NotoSerif-Bold` });
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const drawable = (font: PDFFont) => {
    const has = new Set(font.getCharacterSet());
    return (text: string) => forFont(text, (char) => has.has(char.codePointAt(0)!));
  };
  const inSerif = drawable(serif);
  const inSerifBold = drawable(serifBold);
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
  for (const line of wrap(inSerifBold(input.photoTitle), serifBold, 20, contentWidth)) {
    centered(page, line, serifBold, 20, y, INK);
    y -= 24;
  }
  y -= 2;
  centered(page, `Edition print ${input.label}`, serif, 14, y, INK);
  y -= 20;
  centered(page, inSerif(`${input.size} ${input.format}`), serif, 12, y, MUTED);
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
  page.drawText(inSerif(input.photographerName), {
    x: MARGIN,
    y: lineY - 16,
    size: 12,
    font: serif,
    color: INK,
  });
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

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK): void {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE.width - width) / 2, y, size, font, color });
}

/** A long title over at most two lines, the second cut with an ellipsis. */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  let last = lines[1]!;
  while (last && font.widthOfTextAtSize(`${last}...`, size) > maxWidth) last = last.slice(0, -1);
  return [lines[0]!, `${last.trimEnd()}...`];
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
