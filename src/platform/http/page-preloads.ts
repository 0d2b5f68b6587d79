import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Preload hints for the storefront's first paint. The web app is rendered in the browser, so a
 * visitor would otherwise wait for the entry script before its page chunk and the page's API reads
 * even start. Knowing the route, the server lists both in the HTML, and they download in parallel
 * with the entry script. Keep the table in step with web/src/app/router.tsx and the pages' queries.
 */
type PagePlan = { pattern: RegExp; module: string; data: (m: RegExpExecArray) => string[] };

const storefront = 'src/features/storefront';
const pages: PagePlan[] = [
  { pattern: /^\/$/, module: `${storefront}/home-page.tsx`, data: () => ['/api/photos?featured=true'] },
  {
    pattern: /^\/portfolio(?:\/[a-z0-9_-]+)?\/?$/,
    module: `${storefront}/portfolio-page.tsx`,
    data: () => ['/api/photos', '/api/categories'],
  },
  {
    pattern: /^\/photo\/(\d{1,9})\/?$/,
    module: `${storefront}/photo-page.tsx`,
    data: (m) => [`/api/photos/${m[1]}`, '/api/shipping-notice'],
  },
  { pattern: /^\/about\/?$/, module: `${storefront}/about-page.tsx`, data: () => ['/api/about'] },
  { pattern: /^\/faq\/?$/, module: `${storefront}/faq-page.tsx`, data: () => ['/api/faqs'] },
  { pattern: /^\/contact\/?$/, module: `${storefront}/contact-page.tsx`, data: () => [] },
];
/** Read by the layout on every storefront page (header, footer, cart badge). */
const layoutData = ['/api/site', '/api/logo', '/api/cart'];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export function createPagePreloads(distDir: string) {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  let cached: { manifest: Manifest; mtimeMs: number } | null = null;
  const manifest = (): Manifest | null => {
    const stat = statSync(manifestPath, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      cached = {
        manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
        mtimeMs: stat.mtimeMs,
      };
    }
    return cached.manifest;
  };

  /** The chunk files a page module needs, minus what the entry already brings. */
  const chunkFiles = (m: Manifest, key: string): string[] => {
    const entryImports = new Set<string>();
    const collect = (k: string) => {
      const chunk = m[k];
      if (!chunk || entryImports.has(chunk.file)) return;
      entryImports.add(chunk.file);
      for (const i of chunk.imports ?? []) collect(i);
    };
    for (const [k, chunk] of Object.entries(m)) if (chunk.isEntry) collect(k);
    const files: string[] = [];
    const visit = (k: string) => {
      const chunk = m[k];
      if (!chunk || entryImports.has(chunk.file) || files.includes(chunk.file)) return;
      files.push(chunk.file);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(key);
    return files;
  };

  return (pathname: string): string => {
    for (const page of pages) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      const m = manifest();
      const scripts = m ? chunkFiles(m, page.module) : [];
      return [
        ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        // crossorigin="use-credentials" matches the app's fetch (credentials: 'include'), so the
        // browser hands the preloaded answer to RTK Query instead of asking twice.
        ...[...page.data(match), ...layoutData].map(
          (href) => `<link rel="preload" as="fetch" href="${href}" crossorigin="use-credentials">`,
        ),
      ].join('\n');
    }
    return '';
  };
}
