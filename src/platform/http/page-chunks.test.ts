import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageChunks } from './page-chunks';

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

describe('page chunks', () => {
  it("lists the page's own chunks, not the entry's, and no API reads", () => {
    const chunks = createPageChunks(distWithManifest());
    const html = chunks('src/features/storefront/photo-page.tsx');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/photo-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-1.js">');
    expect(html).not.toContain('mui-1.js');
    expect(html).not.toContain('runtime-1.js');
    expect(html).not.toContain('/api/');
  });

  it('adds nothing for modules it does not know, or without a manifest', () => {
    expect(createPageChunks(distWithManifest())('src/app/unknown.tsx')).toBe('');
    const bare = createPageChunks(mkdtempSync(path.join(tmpdir(), 'wf-empty-')));
    expect(bare('src/features/storefront/faq-page.tsx')).toBe('');
  });
});
