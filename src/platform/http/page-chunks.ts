import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Module preloads for a server-rendered page: the browser hydrates a page only once its chunk is
 * in, so the HTML lists the chunk (and what it imports, minus what the entry already brings) and it
 * downloads in parallel with the entry script instead of after it. Read from Vite's build manifest.
 */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export function createPageChunks(distDir: string) {
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

  /** `<link rel="modulepreload">` tags for the page module at `moduleKey` (its path under web/). */
  return (moduleKey: string): string => {
    const m = manifest();
    if (!m) return '';
    return chunkFiles(m, moduleKey)
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('\n');
  };
}
