import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text';

describe('rich text sanitizer', () => {
  it('keeps what the editor produces unchanged', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><h3>x</h3><h4>y</h4><ul><li>one</li></ul><ol><li>two</li></ol><p>a<br />b</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()" style="color:red">hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
    );
    expect(out).toBe('<p>hi<a rel="noopener noreferrer">l</a></p>');
  });

  it('turns rich text into folded plain text', () => {
    expect(richTextToPlain('<p>Great&nbsp;egret &amp; <strong>heron</strong></p>\n<p>at dawn</p>')).toBe(
      'Great egret & heron at dawn',
    );
    expect(
      richTextToPlain(
        '<p>The sun clears the trees.</p><p>Printed on lustre.</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('The sun clears the trees. Printed on lustre. one two');
  });
});
