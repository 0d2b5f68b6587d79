import { describe, expect, it } from 'vitest';
import { nestHeadings } from './nest-headings';

describe('nestHeadings', () => {
  it('moves the highest heading one level below the section and keeps the chosen look', () => {
    expect(nestHeadings('<h3>Why prints?</h3><p>x</p><h4>Paper</h4>', 1)).toBe(
      '<h2 data-as="h3">Why prints?</h2><p>x</p><h3 data-as="h4">Paper</h3>',
    );
  });

  it('leaves text alone whose headings already nest', () => {
    const html = '<h3>Patience first</h3><p>x</p>';
    expect(nestHeadings(html, 2)).toBe(html);
    expect(nestHeadings('<p>No headings</p>', 1)).toBe('<p>No headings</p>');
  });

  it('moves headings down when they would sit above the section', () => {
    expect(nestHeadings('<h2 id="a">Top</h2>', 3)).toBe('<h4 data-as="h2" id="a">Top</h4>');
  });
});
