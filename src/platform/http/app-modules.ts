import { readFileSync } from 'node:fs';
import { APP_MODULES_ID } from '../../shared/app-modules';

export { APP_MODULES_ID };

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(file: string): ViteManifest {
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/**
 * The script files a rendered page runs to become interactive, besides the entry itself (from
 * Vite's build manifest): what the entry loads once the page has painted (React DOM, the api, the
 * app) and the page's own chunk, each with every chunk it imports. Left to the browser, each chunk's
 * imports are found only once it has arrived, a round trip each, in a chain; listed up front they
 * load in parallel.
 */
export function appModules(manifest: ViteManifest, pageSource: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return [];
  files.add(entry.file);
  for (const key of [...(entry.dynamicImports ?? []), pageSource]) visit(key);
  files.delete(entry.file);
  return [...files].map((file) => `/${file}`);
}
