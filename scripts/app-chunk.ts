/**
 * The build's chunking rule for the app's own code (vite.config.ts). Rolldown would cut the code
 * shared between the app and its pages into a dozen small chunks by importer sets; each is a request
 * that a phone issues and links on its main thread after the first paint. Instead one `app` chunk
 * holds what the app needs to start (boot.tsx and its imports) and what two or more storefront
 * pages share (photo card, page meta, catalog api...), so a storefront page loads the app chunk and
 * its own page chunk. What the page runs before the app (main.tsx and its imports) and what main.tsx
 * loads in steps ahead of it (React DOM, RTK Query's api) stay out, so they load and run first; so
 * does everything a storefront page's islands can load (web/src/islands, with all they import,
 * statically or not): an islands page never loads the app chunk, the app imports their chunks.
 */
type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

const isAppSource = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');

/** The modules reached from `roots` through static imports, the roots included. */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The modules reached from `roots` through static and dynamic imports, never through `skip`. */
function fullClosure(graph: ModuleGraph, roots: string[], skip: string): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((id) => id !== skip);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    queue.push(
      ...[...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])].filter((d) => d !== skip),
    );
  }
  return seen;
}

/**
 * A chunk-name function for `codeSplitting.groups`: 'app' for the start-up modules of `boot` and
 * for modules that two or more of `router`'s lazy pages share, unless `isPrivatePage` (admin,
 * checkout: their code stays in their own chunks).
 */
export function appChunk(
  entry: string,
  boot: string,
  router: string,
  isPrivatePage: (id: string) => boolean,
) {
  let app: Set<string> | null = null;
  const collect = (graph: ModuleGraph) => {
    const info = (id: string) => graph.getModuleInfo(id);
    const ahead = (info(entry)?.dynamicallyImportedIds ?? []).filter((dep) => dep !== boot);
    const early = fullClosure(graph, [entry, ...ahead], boot);
    const uses = new Map<string, number>();
    for (const page of info(router)?.dynamicallyImportedIds ?? []) {
      if (isPrivatePage(page)) continue;
      for (const dep of staticClosure(graph, [page]))
        if (dep !== page) uses.set(dep, (uses.get(dep) ?? 0) + 1);
    }
    const shared = [...uses].filter(([, count]) => count >= 2).map(([dep]) => dep);
    return new Set(
      [...staticClosure(graph, [boot]), ...shared].filter((dep) => isAppSource(dep) && !early.has(dep)),
    );
  };
  return (id: string, graph: ModuleGraph): string | null => {
    app ??= collect(graph);
    return app.has(id) ? 'app' : null;
  };
}

/**
 * A chunk-name function for `codeSplitting.groups`: 'islands' for the islands' runtime, every
 * island `registry` loads, and all they import statically (React DOM and the MUI parts included),
 * except what the entry itself imports. Split by importer sets they were ~25 files of 1-3 KB; over
 * HTTP/1.1's six connections at 150 ms a round trip, a phone fetched them in five rounds. One chunk
 * (beside the entry) is one round. Lazily loaded parts (the wall preview) stay in their own chunks.
 */
export function islandsChunk(entry: string, runtime: string, registry: string) {
  let islands: Set<string> | null = null;
  const collect = (graph: ModuleGraph) => {
    const entryCode = staticClosure(graph, [entry]);
    const roots = [runtime, ...(graph.getModuleInfo(registry)?.dynamicallyImportedIds ?? [])];
    return new Set(
      [...staticClosure(graph, roots)].filter((id) => !entryCode.has(id) && !id.startsWith('\0')),
    );
  };
  return (id: string, graph: ModuleGraph): string | null => {
    islands ??= collect(graph);
    return islands.has(id) ? 'islands' : null;
  };
}
