import {
  newCertificateDoc,
  CJK,
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

/** "November 2026": the month of the sale, in UTC so the same input gives the same text anywhere. */
export function soldMonth(soldAt: Date): string {
  return soldAt.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The certificate as a one-page PDF. Deterministic: the dates come from the sale, no random ids,
 * and the embedded font subsets are named with a tag made from what they draw (pdf-lib's own tag
 * is random), so the bytes are the same however often it is made.
 */
export async function makeCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  // the CJK font only when a text drawn in that weight has CJK characters
  const hasCjk = (texts: string[]) => texts.some((text) => CJK.test(text));
  const { doc, serif, serifBold, sans, page } = await newCertificateDoc({
    title: `Certificate of Authenticity ${input.certificateId}`,
    author: input.photographerName,
    createdAt: input.soldAt,
    texts: [input.photoTitle, input.label, input.size, input.format, input.photographerName],
    cjk: {
      regular: hasCjk([input.size, input.format, input.photographerName]),
      bold: hasCjk([input.photoTitle]),
    },
  });
  const contentWidth = PAGE.width - 2 * MARGIN;

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

  const qr = await embedQr(doc, input.verifyUrl);
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
