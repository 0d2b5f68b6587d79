/**
 * Shifts the headings of stored rich text so its highest one sits one level below the heading of
 * the section it is shown in (an about text with h3s under the page's h1 gets h2s), keeping their
 * order. Headings never skip a level that way, which screen readers and Lighthouse check. A moved
 * heading keeps its look through `data-as`, the level the owner chose.
 */
export function nestHeadings(html: string, sectionLevel: number): string {
  const levels = [...html.matchAll(/<h([1-6])\b/gi)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = Math.min(...levels) - (sectionLevel + 1);
  if (shift === 0) return html;
  const to = (level: number) => Math.min(6, Math.max(1, level - shift));
  return html
    .replace(/<h([1-6])\b/gi, (_, level) => `<h${to(Number(level))} data-as="h${level}"`)
    .replace(/<\/h([1-6])>/gi, (_, level) => `</h${to(Number(level))}>`);
}
