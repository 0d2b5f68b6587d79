// PLACEHOLDER until the web helper's certificate maker lands (branch i36-web replaces this file):
// the signature is the agreed one; this writes a one-page PDF with the certificate's lines only.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export type CertificateInput = {
  certificateId: string;
  verifyUrl: string;
  photoTitle: string;
  /** A small rendition of the photo (JPEG bytes). */
  imageJpeg: Uint8Array;
  /** "7 / 25" */
  label: string;
  size: string;
  format: string;
  soldAt: Date;
  photographerName: string;
  signature: { bytes: Uint8Array; type: string } | null;
};

export async function makeCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // a fixed date keeps the bytes a function of the input
  doc.setCreationDate(input.soldAt);
  doc.setModificationDate(input.soldAt);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Certificate of authenticity',
    input.photoTitle,
    input.label,
    `${input.size} ${input.format}`,
    input.photographerName,
    input.certificateId,
    input.verifyUrl,
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 60, y: 760 - i * 28, size: 14, font }));
  return doc.save();
}
