/** Description meta text is capped at 160 characters. */
export const META_DESCRIPTION_MAX = 160;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of sanitized rich text: tags dropped, common entities decoded, whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
      if (code[0] === '#') {
        const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : match;
      }
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a word boundary so the result, ellipsis included, is at most `max` characters. */
export function truncate(text: string, max = META_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The photo page's description: its text, else 'A photograph by {photographer, else the shop}: {title}'. */
export function photoMetaDescription(
  photo: { title: string; description?: string | null },
  credit: string,
): string {
  const text = stripHtml(photo.description ?? '');
  return truncate(text || `A photograph by ${credit}: ${photo.title}`);
}
