import { describe, expect, it } from 'vitest';
import { storefrontAssets, type BuildManifest } from './precache';

// A build manifest shaped as Vite writes it: the entry, what it loads in steps, the app chunk's
// lazy pages, shared chunks and a page's own lazy part.
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', dynamicImports: ['src/lib/api.ts', '_app-1.js'] },
  'style.css': { file: 'assets/style-1.css' },
  'src/lib/api.ts': { file: 'assets/api-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_app-1.js': {
    file: 'assets/app-1.js',
    imports: ['_react-1.js'],
    dynamicImports: [
      'src/features/storefront/photo-page.tsx',
      'src/features/admin/admin-routes.tsx',
      'src/features/checkout/checkout-page.tsx',
    ],
  },
  'src/features/storefront/photo-page.tsx': {
    file: 'assets/photo-page-1.js',
    imports: ['_card-1.js'],
    dynamicImports: ['src/features/storefront/wall-preview/wall-preview.tsx'],
  },
  '_card-1.js': { file: 'assets/card-1.js', assets: ['assets/frame-1.svg'] },
  'src/features/storefront/wall-preview/wall-preview.tsx': {
    file: 'assets/wall-preview-1.js',
    dynamicImports: ['../node_modules/@google/model-viewer/lib/model-viewer.js'],
  },
  '../node_modules/@google/model-viewer/lib/model-viewer.js': { file: 'assets/model-viewer-1.js' },
  'src/features/admin/admin-routes.tsx': {
    file: 'assets/admin-routes-1.js',
    imports: ['_Button-1.js', '_card-1.js'],
  },
  '_Button-1.js': { file: 'assets/Button-1.js' },
  'src/features/checkout/checkout-page.tsx': { file: 'assets/checkout-page-1.js', imports: ['_Button-1.js'] },
};
const shell =
  '<script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" href="/assets/style-1.css">';
const onFirstUse = (source: string) => /\/features\/(admin|checkout)\/|\/wall-preview\//.test(source);

describe('storefrontAssets', () => {
  const files = storefrontAssets(manifest, shell, onFirstUse);

  it("keeps the shell's script and stylesheet, what it loads and the storefront page with its imports", () => {
    expect([...files].sort()).toEqual([
      'assets/api-1.js',
      'assets/app-1.js',
      'assets/card-1.js',
      'assets/frame-1.svg',
      'assets/index-1.js',
      'assets/photo-page-1.js',
      'assets/react-1.js',
      'assets/style-1.css',
    ]);
  });

  it('leaves out the pages and parts loaded on first use, and what only they import', () => {
    for (const file of ['admin-routes-1', 'checkout-page-1', 'Button-1', 'wall-preview-1', 'model-viewer-1'])
      expect(files).not.toContain(`assets/${file}.js`);
  });

  it('keeps a chunk the storefront shares with a page loaded on first use', () => {
    expect(storefrontAssets(manifest, shell, () => false)).toContain('assets/Button-1.js');
    expect(files).toContain('assets/card-1.js');
  });
});
