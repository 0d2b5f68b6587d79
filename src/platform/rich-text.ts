import sanitizeHtml from 'sanitize-html';

// Exactly what the admin editor (Tiptap) produces; everything else is dropped on write.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'em', 'u', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'br'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  transformTags: {
    b: 'strong',
    i: 'em',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain text of rich HTML, whitespace folded (for meta descriptions and e-mails). */
export function richTextToPlain(html: string): string {
  // A block boundary is a word boundary: '<p>line.</p><p>Next' must not become 'line.Next'.
  const spaced = html.replace(/<\/(p|h[1-6]|li|ul|ol|div)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
