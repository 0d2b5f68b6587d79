import { describe, expect, it } from 'vitest';
import { appChunk, islandsChunk } from './app-chunk';

/** A module graph: id -> [static imports, dynamic imports]. */
function graphOf(modules: Record<string, [string[], string[]?]>) {
  return {
    getModuleInfo: (id: string) =>
      modules[id] ? { importedIds: modules[id][0], dynamicallyImportedIds: modules[id][1] ?? [] } : null,
  };
}

const graph = graphOf({
  '/web/main.tsx': [['/web/early-clicks.ts'], ['/web/react-dom-client.ts', '/web/api.ts', '/web/boot.tsx']],
  '/web/early-clicks.ts': [[]],
  '/web/react-dom-client.ts': [['/node_modules/react-dom/client.js']],
  '/web/api.ts': [['/node_modules/rtk/query.js', '/web/api-error.ts']],
  '/web/api-error.ts': [[]],
  '/web/boot.tsx': [['/web/router.tsx', '/web/api.ts', '/web/early-clicks.ts', '/web/store.ts']],
  '/web/store.ts': [['/node_modules/rtk/index.js', '/web/api.ts']],
  '/web/router.tsx': [
    ['/node_modules/react-router/index.js'],
    ['/web/home.tsx', '/web/about.tsx', '/web/admin/routes.tsx'],
  ],
  '/web/home.tsx': [['/web/photo-card.tsx', '/web/page-meta.tsx', '/web/hero.tsx']],
  '/web/about.tsx': [['/web/page-meta.tsx']],
  '/web/admin/routes.tsx': [['/web/photo-card.tsx', '/web/admin/form.tsx']],
  '/web/photo-card.tsx': [[]],
  '/web/page-meta.tsx': [[]],
  '/web/hero.tsx': [[]],
  '/web/admin/form.tsx': [[]],
});

const chunkOf = (id: string) =>
  appChunk('/web/main.tsx', '/web/boot.tsx', '/web/router.tsx', (page) => page.startsWith('/web/admin/'))(
    id,
    graph,
  );

describe('appChunk', () => {
  it('puts boot and the app modules it imports in the app chunk', () => {
    expect(['/web/boot.tsx', '/web/router.tsx', '/web/store.ts'].map(chunkOf)).toEqual(['app', 'app', 'app']);
  });

  it('leaves out what runs before the app: the entry, its imports and what it loads ahead of boot', () => {
    const early = [
      '/web/main.tsx',
      '/web/early-clicks.ts',
      '/web/react-dom-client.ts',
      '/web/api.ts',
      '/web/api-error.ts',
    ];
    expect(early.map(chunkOf)).toEqual([null, null, null, null, null]);
  });

  it('leaves packages to the default chunking', () => {
    expect(chunkOf('/node_modules/react-router/index.js')).toBeNull();
  });

  it('adds what two storefront pages share, but not a module of one page or of the admin', () => {
    expect(chunkOf('/web/page-meta.tsx')).toBe('app');
    expect(chunkOf('/web/hero.tsx')).toBeNull();
    expect(chunkOf('/web/photo-card.tsx')).toBeNull(); // shared with the admin only
    expect(chunkOf('/web/home.tsx')).toBeNull();
  });
});

describe('islandsChunk', () => {
  const islands = graphOf({
    '/web/main.tsx': [['/web/early-clicks.ts'], ['/web/islands/start.tsx']],
    '/web/early-clicks.ts': [[]],
    '/web/islands/start.tsx': [['/web/islands/registry.ts', '/node_modules/react-dom/client.js']],
    '/web/islands/registry.ts': [[], ['/web/cart-button.tsx', '/web/contact-form.tsx']],
    '/web/cart-button.tsx': [['/web/cart-store.ts', '/web/early-clicks.ts'], ['/web/wall-preview.tsx']],
    '/web/contact-form.tsx': [['/web/text-field.tsx']],
    '/web/cart-store.ts': [[]],
    '/web/text-field.tsx': [[]],
    '/web/wall-preview.tsx': [['/node_modules/model-viewer/index.js']],
    '/node_modules/react-dom/client.js': [[]],
  });
  const chunkOf = (id: string) =>
    islandsChunk('/web/main.tsx', '/web/islands/start.tsx', '/web/islands/registry.ts')(id, islands);

  it('puts the runtime, every island, what they import and React DOM in one chunk', () => {
    const one = [
      '/web/islands/start.tsx',
      '/web/islands/registry.ts',
      '/web/cart-button.tsx',
      '/web/contact-form.tsx',
      '/web/cart-store.ts',
      '/web/text-field.tsx',
      '/node_modules/react-dom/client.js',
    ];
    expect(one.map(chunkOf)).toEqual(one.map(() => 'islands'));
  });

  it('leaves out the entry and its imports, and what an island loads lazily (the wall preview)', () => {
    expect(['/web/main.tsx', '/web/early-clicks.ts', '/web/wall-preview.tsx'].map(chunkOf)).toEqual([
      null,
      null,
      null,
    ]);
  });
});
