// The storefront pages' part of `npm run bench`: per page, Lighthouse mobile live against "the
// limit" (the same page as finished HTML with no script, measured by
// ../shared/tools/page-vs-limit.mjs) with their ratio; and the script a page needs to become
// interactive (gzipped). Throughput of the cached HTML is in bench-serving.ts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_MODULES_ID } from '../src/platform/http/app-modules';

export const STOREFRONT_PAGES = (photoId: number) => [
  '/',
  '/portfolio',
  `/photo/${photoId}`,
  '/about',
  '/faq',
  '/contact',
];

export type PageVsLimit = {
  page: string;
  score: string;
  fcp: string;
  lcp: string;
  lcpRatio: number;
  tbt: string;
  cls: number;
};

/** Runs page-vs-limit.mjs and reads its table back: per page, live / limit and the LCP ratio. */
export async function pagesVsLimit(base: string, pages: string[], runs: number): Promise<PageVsLimit[]> {
  const tool = path.resolve('../shared/tools/page-vs-limit.mjs');
  if (!existsSync(tool)) return [];
  // Asynchronously: the site being measured runs in this process.
  const { stdout: out } = await promisify(execFile)('node', [tool, base, ...pages, '--runs', String(runs)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  console.log(out);
  return out
    .split('\n')
    .filter((line) => line.startsWith('| /'))
    .map((line) => {
      const [page, score, fcp, lcp, ratio, tbt, cls] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { page, score, fcp, lcp, lcpRatio: Number(ratio), tbt, cls: Number(cls) };
    });
}

/**
 * The script a page loads before it is interactive (gzipped KB), as the page served at `base`
 * names it: the entry script, and the modules the server lists for it in its head's preload
 * template (src/platform/http/app-modules.ts: an islands page's runtime and islands, or React, the
 * app and the page's chunk, each with everything it imports).
 */
export async function pageScriptGzipKb(base: string, page: string, distDir = 'dist/web'): Promise<number> {
  const html = await (await fetch(new URL(page, base), { headers: { accept: 'text/html' } })).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  const template =
    new RegExp(`<template id="${APP_MODULES_ID}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '';
  const files = [entry, ...[...template.matchAll(/href="([^"]+)"/g)].map((m) => m[1])].filter(
    (file): file is string => Boolean(file),
  );
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(distDir, f))).length, 0);
  return Math.round(bytes / 102.4) / 10;
}
