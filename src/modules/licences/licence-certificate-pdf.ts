import { degrees, rgb } from 'pdf-lib';
import {
  newCertificateDoc,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  centered,
  clean,
  embedQr,
  fitSize,
  wrap,
} from '../../platform/certificate-pdf-kit';

/** What a licence certificate shows: everything it needs, so a re-make gives the same bytes. */
export type LicenceCertificateInput = {
  grantId: string;
  verifyUrl: string;
  licensee: string;
  photoTitle: string;
  /** A small JPEG of the photo; empty: none drawn. */
  imageJpeg: Uint8Array;
  sizeLabel: string;
  licenceName: string;
  /** The terms as paragraphs of plain text (the rich text flattened). */
  terms: string[];
  issuedAt: Date;
  photographer: string;
  /** Set: the licence was revoked then, and the certificate says so across its page. */
  revokedAt: Date | null;
};

const REVOKED = rgb(0.7, 0.15, 0.12);
const day = (d: Date) =>
  d.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The licence certificate as a one-page PDF (the editions' certificate's fonts, lettering and QR code). */
export async function makeLicenceCertificatePdf(input: LicenceCertificateInput): Promise<Uint8Array> {
  const { doc, serif, serifBold, sans, page } = await newCertificateDoc({
    title: `Licence ${input.grantId}`,
    author: input.photographer,
    createdAt: input.issuedAt,
    modifiedAt: input.revokedAt ?? input.issuedAt,
    texts: [input.licensee, input.photoTitle, input.sizeLabel, input.licenceName, ...input.terms],
  });
  const width = PAGE.width - 2 * MARGIN;

  let y = PAGE.height - MARGIN - 20;
  centered(page, 'Licence Certificate', serifBold, 24, y, INK);
  y -= 18;
  centered(page, serif.text(`${input.licenceName} licence`), serif, 12, y, MUTED);

  if (input.imageJpeg.length > 0) {
    const image = await doc.embedJpg(input.imageJpeg);
    const scale = Math.min((width - 120) / image.width, 180 / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    y -= 20 + h;
    page.drawImage(image, { x: (PAGE.width - w) / 2, y, width: w, height: h });
  }
  y -= 30;
  for (const line of wrap(serifBold.text(input.photoTitle), (t) => serifBold.width(t, 18), width)) {
    centered(page, line, serifBold, 18, y, INK);
    y -= 22;
  }

  // the facts, label and value
  const facts: [string, string][] = [
    ['Licensee', input.licensee],
    ['Licence', input.licenceName],
    ['Size', input.sizeLabel],
    ['Issued', day(input.issuedAt)],
    ['Licence id', input.grantId],
  ];
  y -= 6;
  for (const [label, value] of facts) {
    page.drawText(label, { x: MARGIN, y, size: 9, font: sans, color: MUTED });
    serif.draw(page, serif.text(value), { x: MARGIN + 80, y, size: 11, color: INK });
    y -= 17;
  }

  // the terms, paragraph by paragraph, down to the QR code's row (the check page has them whole)
  y -= 8;
  page.drawText('Terms', { x: MARGIN, y, size: 9, font: sans, color: MUTED });
  y -= 15;
  const floor = MARGIN + 130;
  const termLines = input.terms.flatMap((p) => [
    ...wrapAll(serif.text(p), (t) => serif.width(t, 9.5), width),
    '',
  ]);
  for (const line of termLines) {
    if (y < floor) {
      serif.draw(page, '... (the whole terms are on the check page)', {
        x: MARGIN,
        y,
        size: 9.5,
        color: MUTED,
      });
      break;
    }
    if (line) serif.draw(page, line, { x: MARGIN, y, size: 9.5, color: INK });
    y -= line ? 13 : 6;
  }

  // the QR code to the check page, bottom right; the photographer bottom left
  const qr = await embedQr(doc, input.verifyUrl);
  const qrSize = 96;
  page.drawImage(qr, { x: PAGE.width - MARGIN - qrSize, y: MARGIN + 20, width: qrSize, height: qrSize });
  const urlSize = fitSize(input.verifyUrl, sans, 7, 200);
  const urlText = clean(input.verifyUrl);
  page.drawText(urlText, {
    x: PAGE.width - MARGIN - sans.widthOfTextAtSize(urlText, urlSize),
    y: MARGIN + 8,
    size: urlSize,
    font: sans,
    color: MUTED,
  });
  page.drawText('Check this licence', {
    x: PAGE.width - MARGIN - sans.widthOfTextAtSize('Check this licence', 8),
    y: MARGIN - 4,
    size: 8,
    font: sans,
    color: MUTED,
  });
  serif.draw(page, serif.text(input.photographer), { x: MARGIN, y: MARGIN + 40, size: 12, color: INK });
  page.drawText('Photographer and licensor', {
    x: MARGIN,
    y: MARGIN + 26,
    size: 9,
    font: sans,
    color: MUTED,
  });

  if (input.revokedAt) {
    const mark = `REVOKED ${day(input.revokedAt)}`;
    const size = 40;
    page.drawText(mark, {
      x: (PAGE.width - sans.widthOfTextAtSize(mark, size) * 0.87) / 2,
      y: PAGE.height / 2 - 120,
      size,
      font: sans,
      color: REVOKED,
      opacity: 0.55,
      rotate: degrees(30),
    });
  }
  return doc.save({ useObjectStreams: false });
}

/** Every line of a paragraph (the kit's `wrap` keeps two, for titles). */
function wrapAll(text: string, width: (t: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (width(next) <= max || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
