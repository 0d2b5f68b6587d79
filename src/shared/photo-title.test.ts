import { describe, expect, it } from 'vitest';
import { exifTitle, titleFromFileName, xmpTitle } from './photo-metadata';

const packet = (description: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/">${description}<exif:GPSLatitude>38,53.5N</exif:GPSLatitude></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

describe('a draft title from its file', () => {
  it('makes the file name readable', () => {
    expect(titleFromFileName('DSC_0412.JPG')).toBe('DSC 0412');
    expect(titleFromFileName('great-blue-heron_at_dawn.jpg')).toBe('Great blue heron at dawn');
    expect(titleFromFileName('.jpg')).toBeNull();
  });
  it('prefers the EXIF title to the caption, and ignores padding', () => {
    expect(exifTitle({ XPTitle: 'Heron', ImageDescription: 'A heron' })).toBe('Heron');
    expect(exifTitle({ ImageDescription: '  A heron\u0000 ' })).toBe('A heron');
    expect(exifTitle({ ImageDescription: '   ' })).toBeNull();
  });
  it('takes XMP dc:title when EXIF has no title, before the EXIF caption', () => {
    const xmp = packet(
      '<dc:title><rdf:Alt><rdf:li xml:lang="fr">Héron</rdf:li><rdf:li xml:lang="x-default">Heron &amp; fish &#x2014; dawn</rdf:li></rdf:Alt></dc:title>',
    );
    expect(xmpTitle(xmp)).toBe('Heron & fish \u2014 dawn');
    expect(exifTitle({ xmp, ImageDescription: 'A caption' })).toBe('Heron & fish \u2014 dawn');
    expect(exifTitle({ xmp, XPTitle: 'EXIF title' })).toBe('EXIF title');
  });
  it('reads the first language when none is the default, the attribute form, and nothing else', () => {
    expect(
      xmpTitle(packet('<dc:title><rdf:Alt><rdf:li xml:lang="en">Kingfisher</rdf:li></rdf:Alt></dc:title>')),
    ).toBe('Kingfisher');
    expect(xmpTitle(packet('').replace('rdf:about=""', 'rdf:about="" dc:title="Osprey"'))).toBe('Osprey');
    // a packet without a title (its position is there, and never read): the caption, else nothing
    expect(
      xmpTitle(packet('<dc:description><rdf:Alt><rdf:li>Caption</rdf:li></rdf:Alt></dc:description>')),
    ).toBeNull();
    expect(exifTitle({ xmp: packet(''), ImageDescription: 'A caption' })).toBe('A caption');
    expect(
      xmpTitle(packet('<dc:title><rdf:Alt><rdf:li xml:lang="x-default">  </rdf:li></rdf:Alt></dc:title>')),
    ).toBeNull();
    expect(xmpTitle(undefined)).toBeNull();
  });
});
