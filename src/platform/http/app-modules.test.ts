import { describe, expect, it } from 'vitest';
import { appModules, type ViteManifest } from './app-modules';

// The shape of the client build's manifest (dist/web/.vite/manifest.json), cut down.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    dynamicImports: ['src/lib/react-dom-client.ts', 'src/lib/api.ts', '_app-1.js'],
  },
  'src/lib/react-dom-client.ts': {
    file: 'assets/react-dom-client-1.js',
    imports: ['_runtime-1.js', '_react-1.js'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_react-1.js': { file: 'assets/react-1.js', imports: ['_runtime-1.js'] },
  'src/lib/api.ts': { file: 'assets/api-1.js', imports: ['_runtime-1.js', '_react-1.js'] },
  '_app-1.js': {
    file: 'assets/app-1.js',
    imports: ['index.html', '_react-1.js', 'src/lib/api.ts'],
    dynamicImports: ['src/features/storefront/faq-page.tsx', 'src/features/admin/admin-routes.tsx'],
  },
  'src/features/storefront/faq-page.tsx': {
    file: 'assets/faq-page-1.js',
    imports: ['_app-1.js', '_jsx-1.js'],
  },
  '_jsx-1.js': { file: 'assets/jsx-1.js', imports: ['_react-1.js'] },
  'src/features/admin/admin-routes.tsx': { file: 'assets/admin-routes-1.js', imports: ['_mui-1.js'] },
  '_mui-1.js': { file: 'assets/mui-1.js' },
};

describe('appModules', () => {
  it("lists each chunk a page's app runs, once, React DOM first, without the entry or other pages", () => {
    const app = ['src/lib/react-dom-client.ts', 'src/lib/api.ts', '_app-1.js'];
    expect(appModules(manifest, [...app, 'src/features/storefront/faq-page.tsx'])).toEqual([
      '/assets/react-dom-client-1.js',
      '/assets/runtime-1.js',
      '/assets/react-1.js',
      '/assets/api-1.js',
      '/assets/app-1.js',
      '/assets/faq-page-1.js',
      '/assets/jsx-1.js',
    ]);
  });

  it("lists an islands page's runtime and islands with their imports, and no app", () => {
    expect(appModules(manifest, ['src/lib/react-dom-client.ts', '_jsx-1.js'])).toEqual([
      '/assets/react-dom-client-1.js',
      '/assets/runtime-1.js',
      '/assets/react-1.js',
      '/assets/jsx-1.js',
    ]);
  });

  it('lists nothing for a build without an entry', () => {
    expect(appModules({}, ['src/features/storefront/faq-page.tsx'])).toEqual([]);
  });
});
