import sanitizeHtml from 'sanitize-html';

const RICH_TAGS = ['p', 'strong', 'em', 'u', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'br'];

/**
 * A newsletter's body as stored: the rich-text editor's tags (platform/rich-text.ts's list) and
 * her photos as images. An image is kept only on the shop's own address (`publicUrl`): the editor
 * inserts a photo's display path ('/api/photos/12/image?v=3'), made absolute here so a mail client
 * can load it; any other image (a tracking pixel pasted in, data: URLs) is dropped.
 */
export function sanitizeNewsletterHtml(html: string, publicUrl: string): string {
  const own = (src: string) => {
    if (src.startsWith('/') && !src.startsWith('//')) return `${publicUrl}${src}`;
    return src.startsWith(`${publicUrl}/`) ? src : null;
  };
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TAGS, 'img'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      b: 'strong',
      i: 'em',
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
      img: (tagName, attribs) => {
        const src = own(attribs.src ?? '');
        const kept: Record<string, string> = src ? { src, alt: attribs.alt ?? '' } : {};
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}
