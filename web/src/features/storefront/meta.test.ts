import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, photoMetaDescription, stripHtml, truncate } from './meta';

describe('stripHtml', () => {
  it('drops markup, decodes entities and collapses whitespace', () => {
    expect(stripHtml('<p>A <strong>heron</strong> &amp; her chick</p><p>at dawn&nbsp;light</p>')).toBe(
      'A heron & her chick at dawn light',
    );
    expect(stripHtml('<h2>Title</h2><ul><li>one</li><li>two</li></ul>')).toBe('Title one two');
    expect(stripHtml('5 &lt; 6 &#39;ok&#39; &#x263A;')).toBe("5 < 6 'ok' ☺");
  });
});

describe('truncate', () => {
  it('keeps short text as it is', () => {
    expect(truncate('short')).toBe('short');
  });

  it('cuts long text at a word boundary to at most 160 characters', () => {
    const long = 'word '.repeat(60).trim();
    const cut = truncate(long);
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('cuts a long unbroken string hard', () => {
    expect(truncate('x'.repeat(300))).toHaveLength(160);
  });
});

describe('photoMetaDescription', () => {
  it('uses the description text', () => {
    expect(photoMetaDescription({ title: 'Heron', description: '<p>Great blue heron</p>' }, 'Sam')).toBe(
      'Great blue heron',
    );
  });

  it('falls back to the photographer and title when the description is empty', () => {
    expect(photoMetaDescription({ title: 'Heron', description: '<p> </p>' }, 'Sam Rivers')).toBe(
      'A photograph by Sam Rivers: Heron',
    );
  });
});
