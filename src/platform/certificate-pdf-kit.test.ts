import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedLettering, PAGE } from './certificate-pdf-kit';

/** Every embedded TrueType font program of a PDF, parsed back by fontkit. */
async function embeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts: fontkit.Font[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    // a font descriptor names its TrueType program as FontFile2
    if (!(object instanceof PDFDict)) continue;
    const file = object.get(PDFName.of('FontFile2'));
    if (!(file instanceof PDFRef)) continue;
    const stream = doc.context.lookup(file);
    if (!(stream instanceof PDFRawStream)) continue;
    fonts.push(fontkit.create(Buffer.from(decodePDFRawStream(stream).decode())) as fontkit.Font);
  }
  return fonts;
}

describe('certificate lettering', () => {
  it('embeds fonts whose every drawn letter has its outline (a viewer shows "Gift Card", not "Gift C")', async () => {
    const text = 'Gift Card $50.00 For Ann Lee, Māori ʻōlelo Ærø';
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const { serif, serifBold } = await embedLettering(doc, [text], { regular: false, bold: false });
    const page = doc.addPage([PAGE.width, PAGE.height]);
    serif.draw(page, serif.text(text), {
      x: 40,
      y: 400,
      size: 12,
      color: rgb(0, 0, 0),
    });
    serifBold.draw(page, serifBold.text(text), {
      x: 40,
      y: 300,
      size: 12,
      color: rgb(0, 0, 0),
    });
    const fonts = await embeddedFonts(await doc.save());
    expect(fonts).toHaveLength(2);
    for (const font of fonts)
      for (const char of text.replace(/\s/g, '')) {
        const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
        expect(glyph.id, `${font.postscriptName} has ${char}`).not.toBe(0);
        expect(glyph.path.toSVG().length, `${font.postscriptName} draws ${char}`).toBeGreaterThan(0);
      }
  });
});
