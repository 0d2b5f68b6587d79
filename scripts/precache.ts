/**
 * What the service worker precaches (vite.config.ts, workbox's manifestTransforms), and its size
 * for `npm run bench` and tests/deploy/precache.test.ts. A first visit downloads the whole precache,
 * so it holds what the storefront needs offline and nothing else: the files the app shell
 * (index.html) links and every chunk the app can load from them, static or dynamic imports alike,
 * except the dynamic imports `onFirstUse` names (the admin, checkout, the wall preview...) and all
 * they alone import. Those are cached when first fetched (the runtime /assets/ route).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { readViteManifest } from '../src/platform/http/app-modules';

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
export type BuildManifest = Record<string, ManifestChunk>;

/** The /assets/ files to precache (paths as in the manifest: 'assets/x-hash.js'). */
export function storefrontAssets(
  manifest: BuildManifest,
  shellHtml: string,
  onFirstUse: (source: string) => boolean,
): Set<string> {
  const linked = new Set([...shellHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
  const files = new Set(linked);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const dep of chunk.dynamicImports ?? []) if (!onFirstUse(dep)) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (linked.has(chunk.file)) visit(key);
  return files;
}

/**
 * A workbox manifestTransform for the build in `distDir`: of the globbed files, /assets/ keeps only
 * the storefront's (the rest, index.html, icons and the web manifest, stay as they are).
 */
export function storefrontPrecache(distDir: string, onFirstUse: (source: string) => boolean) {
  return <T extends { url: string }>(entries: T[]) => {
    const manifest = readViteManifest(path.join(distDir, '.vite/manifest.json')) as BuildManifest;
    const keep = storefrontAssets(
      manifest,
      readFileSync(path.join(distDir, 'index.html'), 'utf8'),
      onFirstUse,
    );
    // Never an empty shell: a build whose index.html no longer links its entry fails here.
    if (keep.size === 0) throw new Error('precache: index.html links no file of the build manifest');
    const kept = entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url));
    return { manifest: kept, warnings: [] as string[] };
  };
}

/** The files the built service worker (dist/web/sw.js) precaches, as paths under `distDir`. */
export function precachedFiles(distDir = 'dist/web'): string[] {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]!);
}

/**
 * A file's bytes as the API sends them: compression()'s brotli (quality 4) for text of 1 KB or
 * more; smaller files and PNGs as they are.
 */
function transferredBytes(file: string, body: Buffer): number {
  if (body.length < 1024 || file.endsWith('.png')) return body.length;
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}

export type PrecacheSize = { files: number; rawKb: number; brotliKb: number };

/** The precache's size: its files, their bytes and what a first visit transfers (brotli), in KB. */
export function precacheSize(distDir = 'dist/web'): PrecacheSize {
  let raw = 0;
  let transferred = 0;
  const files = precachedFiles(distDir);
  for (const file of files) {
    const body = readFileSync(path.join(distDir, file));
    raw += body.length;
    transferred += transferredBytes(file, body);
  }
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return { files: files.length, rawKb: kb(raw), brotliKb: kb(transferred) };
}

/** The bench's budget for what a first visit's service worker downloads. */
export const PRECACHE_BUDGET_KB = 400;

/** Measured on the build before issue 48, which precached every chunk but three heavy ones. */
const BEFORE: PrecacheSize = { files: 123, rawKb: 1337.3, brotliKb: 482.8 };

/** The bench's line: this build's precache against the budget, and the one before issue 48. */
export function precacheSummary(size: PrecacheSize): string {
  const figures = (s: PrecacheSize) =>
    `${s.files} files, ${s.rawKb} KB raw, ${s.brotliKb} KB as transferred (brotli)`;
  return `Service worker precache: ${figures(size)}, budget <= ${PRECACHE_BUDGET_KB} KB; before issue 48: ${figures(BEFORE)}`;
}
