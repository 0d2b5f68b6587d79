import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeCertificatePdf, type CertificatePdfInput } from './certificate-pdf.js';
import { pageImages, pageText } from '../../../tests/support/pdf-read';

async function input(overrides: Partial<CertificatePdfInput> = {}): Promise<CertificatePdfInput> {
  const imageJpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#6b8e23' } })
    .jpeg()
    .toBuffer();
  const signature = await sharp({ create: { width: 300, height: 90, channels: 4, background: '#00000000' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90"><path d="M10 70 C 60 10, 120 90, 290 20" stroke="#123" stroke-width="4" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return {
    certificateId: 'q7Hk2LmN9pRsT4vWxYz1Aa',
    verifyUrl: 'https://shop.example.com/verify/q7Hk2LmN9pRsT4vWxYz1Aa',
    photoTitle: 'Great Egret at Dawn',
    imageJpeg: new Uint8Array(imageJpeg),
    label: '7 / 25',
    size: '16x24',
    format: 'Fine Art Paper',
    soldAt: new Date('2026-11-14T18:30:00Z'),
    photographerName: 'Ada Marsh',
    signature: { bytes: new Uint8Array(signature), type: 'image/png' },
    ...overrides,
  };
}

describe('certificate of authenticity PDF', () => {
  it('draws the title, the edition number, the size and paper, the month of sale and the names', async () => {
    const pdf = await makeCertificatePdf(await input());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    const text = await pageText(pdf);
    expect(text).toContain('Certificate of Authenticity');
    expect(text).toContain('Great Egret at Dawn');
    expect(text).toContain('7 / 25');
    expect(text).toContain('16x24 Fine Art Paper');
    expect(text).toContain('Sold November 2026');
    expect(text).toContain('Ada Marsh');
    expect(text).toContain('Certificate q7Hk2LmN9pRsT4vWxYz1Aa');
    expect(text).toContain('https://shop.example.com/verify/q7Hk2LmN9pRsT4vWxYz1Aa');
  });

  it('carries a QR code that reads back as the verify address', async () => {
    const pdf = await makeCertificatePdf(await input());
    const images = await pageImages(pdf);
    // the photo (JPEG), the signature and the QR code (PNGs)
    expect(images.filter((image) => image.filter === '/DCTDecode')).toHaveLength(1);
    const decoded = images
      .filter((image) => image.filter === '/FlateDecode')
      .map((image) => jsQR(image.rgba, image.width, image.height)?.data)
      .filter(Boolean);
    expect(decoded).toEqual(['https://shop.example.com/verify/q7Hk2LmN9pRsT4vWxYz1Aa']);
  });

  it('gives the same bytes when made again from the same input', async () => {
    const first = await makeCertificatePdf(await input());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await makeCertificatePdf(await input());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-14T18:30:00.000Z');
  });

  it('leaves an empty line to sign by hand without a signature, and survives a title the fonts cannot draw', async () => {
    const pdf = await makeCertificatePdf(
      await input({ signature: null, photoTitle: 'Żuraw 🦩 at Łąka', photographerName: 'Zoë Brontë' }),
    );
    const text = await pageText(pdf);
    expect(text).toContain('Żuraw ? at Łąka');
    expect(text).toContain('Zoë Brontë');
    const images = await pageImages(pdf);
    expect(images).toHaveLength(2); // the photo and the QR code, no signature
  });

  it('draws Māori and Hawaiian letters whole in the embedded Noto Serif', async () => {
    const pdf = await makeCertificatePdf(
      await input({ photoTitle: 'Kōtuku ʻAlalā', photographerName: 'Hēmi Kaʻaihue', size: '30x40 cm' }),
    );
    const text = await pageText(pdf);
    expect(text).toContain('Kōtuku ʻAlalā');
    expect(text).toContain('Hēmi Kaʻaihue');
    expect(text).toContain('30x40 cm Fine Art Paper');
    // a subset of the font file itself is embedded (not a name the reader must find)
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerif-Bold/);
    expect(raw).toContain('/FontFile2');
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('draws a CJK title in the embedded Noto Serif JP, beside the Latin in Noto Serif', async () => {
    const pdf = await makeCertificatePdf(
      await input({
        photoTitle: '丹頂鶴 Red-crowned crane',
        photographerName: '山田 花子',
        size: '30x40 cm',
      }),
    );
    // one run per font: the CJK characters in Noto Serif JP, the rest in Noto Serif
    const text = await pageText(pdf);
    expect(text).toContain('丹頂鶴');
    expect(text).toContain('Red-crowned crane');
    expect(text).toContain('山田 花子');
    expect(text).not.toContain('?');
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerifJP-Bold/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerifJP\b/);
    // a subset: a few glyphs of a 7.7 MB font
    expect(pdf.length).toBeLessThan(200_000);
    // a long title with no spaces breaks between characters, over two lines at most
    const long = await pageText(await makeCertificatePdf(await input({ photoTitle: '丹頂鶴'.repeat(30) })));
    // (the ellipsis is Noto Serif's: a run of its own)
    expect(long).toMatch(/print\n[丹頂鶴]{20,30}\n[丹頂鶴]{20,30}\n\.\.\.\nEdition/);
  });

  it('names nobody when the shop has no name set: only "Photographer" under the line', async () => {
    const pdf = await makeCertificatePdf(await input({ photographerName: '' }));
    const text = await pageText(pdf);
    expect(text).toContain('Photographer');
    expect(text).not.toContain('Ada Marsh');
    expect((await PDFDocument.load(pdf)).getAuthor()).toBeUndefined();
  });
});
