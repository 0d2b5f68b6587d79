import { inflateSync } from 'node:zlib';
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

// Reading a one-page PDF back as a reader does (the certificates' tests): its text, its images.

/**
 * The text the page draws, as a reader copies it: pdf-lib writes each string as a hex `<...> Tj`
 * after its font's `Tf`; an embedded font's codes are glyph ids, read back through its ToUnicode
 * map, a standard font's are WinAnsi bytes.
 */
export async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const [page] = doc.getPages();
  const fonts = page!.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const toUnicode = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts.entries()) {
    const cmap = doc.context.lookup(ref as PDFRef, PDFDict).lookup(PDFName.of('ToUnicode'));
    if (!(cmap instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(cmap).decode()).toString('latin1');
    const map = new Map<string, string>();
    for (const [, code, unicode] of text.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g))
      map.set(code!.toUpperCase(), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
    toUnicode.set(name.toString(), map);
  }
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
  let font: Map<string, string> | undefined;
  const lines: string[] = [];
  for (const [, name, hex] of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (name) font = toUnicode.get(name);
    else if (font)
      lines.push(
        (hex!.match(/.{4}/g) ?? []).map((code) => font!.get(code.toUpperCase()) ?? '\uFFFD').join(''),
      );
    else lines.push(Buffer.from(hex!, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

/** Every image the page draws, as RGBA pixels (pdf-lib stores a PNG as Flate RGB/gray + an SMask). */
export async function pageImages(bytes: Uint8Array) {
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
