import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileRights } from '../../shared/file-rights';
import { rightsIim, rightsXmp, writeJpegRights, writePngXmp } from './media.file-rights';

const rights: FileRights = {
  creator: 'Dana Whitfield ©',
  copyrightNotice: '© 2026 Dana Whitfield & Zoë, all rights reserved <really>',
  creditLine: 'Zoë Whitfield',
  rightsUrl: 'https://shop.example/about?x=1&y=2',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  title: 'Heron at dawn — Zoë’s pond',
};

/** exifr leaves XML's entities as written. */
const xml = (v: unknown) =>
  String((v as { value?: string })?.value ?? v)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** exifr reads IIM values as Latin-1 whatever 1:90 says: our bytes are UTF-8. */
const iim = (v: unknown) => Buffer.from(String(v), 'latin1').toString('utf8');

const jpeg = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { Artist: 'camera' } })
    .jpeg()
    .toBuffer();

describe('rights written into a JPEG', () => {
  it('reads back from XMP and IIM, with non-ASCII names, the pixels untouched', async () => {
    const src = await jpeg();
    const out = writeJpegRights(src, rights, { usageTerms: 'Personal use only' });
    const x = await exifr.parse(out, { xmp: true, iptc: true, mergeOutput: false });
    expect(x.dc.creator).toBe(rights.creator);
    expect(xml(x.dc.rights)).toBe(rights.copyrightNotice);
    expect(xml(x.dc.title)).toBe(rights.title);
    expect(x.photoshop.Credit).toBe(rights.creditLine);
    expect(xml(x.xmpRights.WebStatement)).toBe(rights.rightsUrl);
    expect(String(x.xmpRights.Marked)).toBe('true');
    expect(xml(x.xmpRights.UsageTerms)).toBe('Personal use only');
    expect(x.plus.DataMining).toBe('http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING');
    expect(iim(x.iptc.Byline)).toBe(rights.creator);
    expect(iim(x.iptc.Credit)).toBe(rights.creditLine);
    expect(iim(x.iptc.CopyrightNotice)).toBe(rights.copyrightNotice);
    expect(iim(x.iptc.ObjectName)).toBe(rights.title);
    expect(x.ifd0.Artist).toBe('camera'); // the EXIF segment is kept as it was
    const [a, b] = await Promise.all([src, out].map((f) => sharp(f).raw().toBuffer()));
    expect(b.equals(a)).toBe(true);
    // the scan is copied byte for byte
    expect(out.subarray(out.length - 200).equals(src.subarray(src.length - 200))).toBe(true);
  });

  it('replaces the rights written before instead of adding a second set', async () => {
    const once = writeJpegRights(await jpeg(), rights);
    const twice = writeJpegRights(once, { ...rights, copyrightNotice: '© 2027 Dana', title: null });
    expect(twice.toString('latin1').split('http://ns.adobe.com/xap/1.0/\0').length).toBe(2);
    expect(twice.toString('latin1').split('Photoshop 3.0\0').length).toBe(2);
    const x = await exifr.parse(twice, { xmp: true, iptc: true, mergeOutput: false });
    expect(iim(x.iptc.CopyrightNotice)).toBe('© 2027 Dana');
    expect(x.iptc.ObjectName).toBeUndefined();
    expect(x.dc.title).toBeUndefined();
  });

  it('escapes XML and names every namespace it uses', () => {
    const xmp = rightsXmp({ ...rights, creator: 'A <b> & "c"' });
    expect(xmp).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(xmp).not.toContain('<b>');
    expect(xmp).not.toMatch(/exif:GPS|photoshop:City|Iptc4xmpCore:Location/);
  });

  it('cuts IIM values to their limits at a character boundary', () => {
    const block = rightsIim({ ...rights, creator: 'Zoë'.repeat(20) });
    const at = block.indexOf(Buffer.from([0x1c, 2, 80]));
    const len = block.readUInt16BE(at + 3);
    expect(len).toBeLessThanOrEqual(32);
    expect(block.subarray(at + 5, at + 5 + len).toString('utf8')).not.toContain('\uFFFD');
  });

  it("writes a PNG's XMP as one uncompressed iTXt chunk that readers find, the pixels untouched", async () => {
    const png = await sharp({ create: { width: 8, height: 4, channels: 4, background: '#33669980' } })
      .withXmp(rightsXmp({ ...rights, creator: 'someone before' }))
      .png()
      .toBuffer();
    const out = writePngXmp(writePngXmp(png, rightsXmp(rights)), rightsXmp(rights));
    expect(out.toString('latin1').split('XML:com.adobe.xmp').length).toBe(2);
    const x = await exifr.parse(out, { xmp: true, mergeOutput: false });
    expect(x.dc.creator).toBe(rights.creator);
    expect(x.plus.DataMining).toBe('http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING');
    const [a, b] = await Promise.all([png, out].map((f) => sharp(f).raw().toBuffer()));
    expect(b.equals(a)).toBe(true);
  });
});
