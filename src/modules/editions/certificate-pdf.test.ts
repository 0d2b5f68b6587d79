import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
} from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeCertificatePdf, type CertificatePdfInput } from './certificate-pdf.js';

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

/** The text the page draws: pdf-lib writes each standard-font string as a hex `<...> Tj`. */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const [page] = doc.getPages();
  const contents = page!.node.Contents();
  const streams: PDFStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) streams.push(contents.lookup(i, PDFStream));
  } else if (contents) streams.push(contents);
  const ops = streams
    .map((stream) =>
      Buffer.from(
        stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents(),
      ).toString('latin1'),
    )
    .join('\n');
  return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)]
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('\n');
}

/** Every image the page draws, as RGBA pixels (pdf-lib stores a PNG as Flate RGB/gray + an SMask). */
async function pageImages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const [page] = doc.getPages();
  const xObjects = page!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const images: { width: number; height: number; rgba: Uint8ClampedArray; filter: string }[] = [];
  for (const [, ref] of xObjects.entries()) {
    const stream = doc.context.lookup(ref as PDFRef);
    if (!(stream instanceof PDFRawStream)) throw new Error('an image that is not a stream');
    const dict = stream.dict;
    const width = dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    const filter = String(dict.lookup(PDFName.of('Filter')));
    if (filter !== '/FlateDecode') {
      images.push({ width, height, rgba: new Uint8ClampedArray(), filter });
      continue;
    }
    const raw = inflateSync(stream.getContents());
    const channels = raw.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 1 ? 0 : c)]!;
      rgba[i * 4 + 3] = 255;
    }
    images.push({ width, height, rgba, filter });
  }
  return images;
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
    expect(text).toContain('Zuraw ? at Laka');
    expect(text).toContain('Zoë Brontë');
    const images = await pageImages(pdf);
    expect(images).toHaveLength(2); // the photo and the QR code, no signature
  });

  it('names nobody when the shop has no name set: only "Photographer" under the line', async () => {
    const pdf = await makeCertificatePdf(await input({ photographerName: '' }));
    const text = await pageText(pdf);
    expect(text).toContain('Photographer');
    expect(text).not.toContain('Ada Marsh');
    expect((await PDFDocument.load(pdf)).getAuthor()).toBeUndefined();
  });
});
