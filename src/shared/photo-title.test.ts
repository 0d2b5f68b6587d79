import { describe, expect, it } from 'vitest';
import { exifTitle, titleFromFileName } from './photo-metadata';

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
});
