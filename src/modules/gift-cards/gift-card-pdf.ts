import { StandardFonts } from 'pdf-lib';
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
} from '../../platform/certificate-pdf-kit';

/** What the printable card shows: everything it needs (the same input gives the same bytes). */
export type GiftCardPdfInput = {
  siteName: string;
  /** "$50.00" */
  amount: string;
  /** "WXYZ-ABCD-EFGH-JKLM" */
  code: string;
  recipientName: string;
  senderName: string;
  message: string;
  /** A small JPEG of the card's photo; empty: none drawn. */
  imageJpeg: Uint8Array;
  shopUrl: string;
  balanceUrl: string;
  issuedAt: Date;
};

/** Words over lines no wider than `max` (a word longer than a line stays whole). */
function wrapWords(text: string, width: (t: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
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

/**
 * The gift card as a one-page US Letter PDF (the certificates' frame and lettering): the photo,
 * the amount, who it is for and from, the message, the code, and where to use it and check it.
 */
export async function makeGiftCardPdf(input: GiftCardPdfInput): Promise<Uint8Array> {
  const { doc, serif, serifBold, sans, page } = await newCertificateDoc({
    title: `${input.siteName} gift card`,
    createdAt: input.issuedAt,
    texts: [input.siteName, input.recipientName, input.senderName, input.message],
  });
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const width = PAGE.width - 2 * MARGIN;

  let y = PAGE.height - MARGIN - 20;
  centered(page, serif.text(input.siteName), serif, 14, y, MUTED);
  y -= 30;
  centered(page, 'Gift Card', serifBold, 28, y, INK);

  if (input.imageJpeg.length > 0) {
    const image = await doc.embedJpg(input.imageJpeg);
    const scale = Math.min((width - 60) / image.width, 250 / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    y -= 20 + h;
    page.drawImage(image, { x: (PAGE.width - w) / 2, y, width: w, height: h });
  }
  y -= 48;
  centered(page, input.amount, serifBold, 36, y, INK);
  y -= 26;
  centered(page, serif.text(`For ${input.recipientName}`), serif, 14, y, INK);
  y -= 18;
  centered(page, serif.text(`From ${input.senderName}`), serif, 12, y, MUTED);

  // the message, paragraph by paragraph, down to the code's row (the e-mail has it whole)
  const floor = MARGIN + 190;
  y -= 14;
  for (const paragraph of input.message.split('\n')) {
    for (const line of wrapWords(serif.text(paragraph), (t) => serif.width(t, 11), width - 40)) {
      y -= 15;
      if (y < floor) break;
      centered(page, line, serif, 11, y, INK);
    }
    if (y < floor) break;
  }

  // the code, large, with how to use it
  y = MARGIN + 150;
  const label = 'Gift card code';
  page.drawText(label, {
    x: (PAGE.width - sans.widthOfTextAtSize(label, 9)) / 2,
    y: y + 28,
    size: 9,
    font: sans,
    color: MUTED,
  });
  const codeSize = 24;
  page.drawText(input.code, {
    x: (PAGE.width - mono.widthOfTextAtSize(input.code, codeSize)) / 2,
    y,
    size: codeSize,
    font: mono,
    color: INK,
  });
  const use = clean(`Use it at checkout on ${input.shopUrl}`);
  const useSize = fitSize(use, sans, 10, width);
  page.drawText(use, {
    x: (PAGE.width - sans.widthOfTextAtSize(use, useSize)) / 2,
    y: y - 24,
    size: useSize,
    font: sans,
    color: INK,
  });

  // the balance page's QR code, bottom right
  const qr = await embedQr(doc, input.balanceUrl);
  const qrSize = 80;
  page.drawImage(qr, { x: PAGE.width - MARGIN - qrSize, y: MARGIN + 12, width: qrSize, height: qrSize });
  const balance = clean(input.balanceUrl);
  const balanceSize = fitSize(balance, sans, 8, width - qrSize - 20);
  page.drawText('Check its balance', { x: MARGIN, y: MARGIN + 40, size: 9, font: sans, color: MUTED });
  page.drawText(balance, { x: MARGIN, y: MARGIN + 26, size: balanceSize, font: sans, color: MUTED });
  return doc.save({ useObjectStreams: false });
}
