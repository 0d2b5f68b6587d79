import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_MODULES_ID } from '../../shared/app-modules';

export { APP_MODULES_ID };

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The client build's manifest, with every source module the build's SSR manifest
 * (ssr-manifest.json beside it) places in a chunk added as a key of that chunk: an island's module
 * shared with the app (the header) is in a chunk the manifest names only by its file.
 */
export function readViteManifest(file: string): ViteManifest {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  const ssrFile = path.join(path.dirname(file), 'ssr-manifest.json');
  if (!existsSync(ssrFile)) return manifest;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const modules = JSON.parse(readFileSync(ssrFile, 'utf8')) as Record<string, string[]>;
  for (const [source, files] of Object.entries(modules)) {
    const script = files.find((f) => f.endsWith('.js'))?.replace(/^\//, '');
    const key = script ? keyOfFile.get(script) : undefined;
    if (key && !manifest[source]) manifest[source] = manifest[key];
  }
  return manifest;
}

/**
 * The script files a rendered page runs to become interactive, besides the entry itself (from
 * Vite's build manifest): the modules the renderer names (an islands page's runtime and islands, or
 * the React app's start and the page's chunk), each with every chunk it imports. Left to the
 * browser, each chunk's imports are found only once it has arrived, a round trip each, in a chain;
 * listed up front they load in parallel.
 */
export function appModules(manifest: ViteManifest, modules: readonly string[]): string[] {
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
  for (const key of modules) visit(key);
  files.delete(entry.file);
  return [...files].map((file) => `/${file}`);
}
