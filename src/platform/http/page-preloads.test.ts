import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPagePreloads } from './page-preloads';

function distWithManifest(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wf-dist-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_mui.js'] },
      '_mui.js': { file: 'assets/mui-1.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-1.js' },
      'src/features/storefront/photo-page.tsx': {
        file: 'assets/photo-page-1.js',
        imports: ['_mui.js', '_dialog.js'],
      },
      '_dialog.js': { file: 'assets/dialog-1.js' },
    }),
  );
  return dir;
}

describe('page preloads', () => {
  it("lists the page's own chunks (not the entry's) and its API reads", () => {
    const preloads = createPagePreloads(distWithManifest());
    const html = preloads('/photo/42');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/photo-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-1.js">');
    expect(html).not.toContain('mui-1.js');
    expect(html).not.toContain('runtime-1.js');
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/photos/42" crossorigin="use-credentials">',
    );
    expect(html).toContain('href="/api/site"');
  });

  it('adds nothing for pages it does not know, and still preloads data without a manifest', () => {
    const preloads = createPagePreloads(distWithManifest());
    expect(preloads('/admin/dashboard')).toBe('');
    const bare = createPagePreloads(mkdtempSync(path.join(tmpdir(), 'wf-empty-')));
    expect(bare('/faq')).toContain('href="/api/faqs"');
    expect(bare('/faq')).not.toContain('modulepreload');
  });
});
