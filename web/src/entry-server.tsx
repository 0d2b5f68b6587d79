// The storefront rendered on the server (vite build --ssr into dist/server), from the same
// components and store the browser uses. Loaded by src/platform/http/web-app.ts.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { STOREFRONT_PAGES } from '@shared/storefront-pages';
import { AppRoot } from './app/app-root';
import { pageSource, preloadPage, routeFor, type PageName } from './app/router';
import { jsonForScript, SSR_DATA_ID, type SsrData } from './lib/ssr-data';
import { makeStore } from './app/store';
import { api } from './lib/api';
import { IslandsPlaced } from './islands/island';
import { ISLANDS_DATA_ID, type IslandsData } from './islands/islands-data';
import { ISLANDS, ISLANDS_RUNTIME_SOURCE, type IslandName } from './islands/registry';
import type { Site, StorefrontReadName, StorefrontReads } from '@contract';
import type { catalogApi } from './lib/catalog-api';
import type { contentApi } from './lib/content-api';
import type { orderStatusApi } from './features/order-status/api';
import type { verifyApi } from './features/verify/api';
import type { licencesApi } from './lib/licences-api';
import type { giftCardsApi } from './lib/gift-cards-api';

export { routeFor, type PageName };

// The server reads each page's answers as the contract names them (StorefrontReads): a renamed
// endpoint, or a changed argument, fails the type check here.
type Endpoints = (typeof catalogApi)['endpoints'] &
  (typeof contentApi)['endpoints'] &
  (typeof orderStatusApi)['endpoints'] &
  (typeof verifyApi)['endpoints'] &
  (typeof licencesApi)['endpoints'] &
  (typeof giftCardsApi)['endpoints'];
type Args = { [E in StorefrontReadName]: Endpoints[E]['Types']['QueryArg'] };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type StorefrontReadsAgree = Assert<Same<Args, StorefrontReads>>;

export type RenderedPage = {
  /** For <head>: the page's title, meta and link tags, then its styles. */
  head: string;
  /** The inside of #root. */
  root: string;
  /** The data it was rendered from, for after #root (outside what React hydrates). */
  data: string;
  /**
   * The modules the page runs to become interactive (keys of Vite's build manifest): its islands
   * and their runtime, or the React app (React DOM, the api, the app, the page's chunk).
   */
  modules: string[];
};

/** What the React app loads after main.tsx (main.tsx's steps), before the page's own chunk. */
const APP_START_MODULES = ['src/lib/react-dom-client.ts', 'src/lib/api.ts', 'src/boot.tsx'];

/** Whether a page runs as islands (src/shared/storefront-pages.ts), the not-found page too. */
function isIslandsPage(page: PageName): boolean {
  if (page === 'notFound') return true;
  const spec = STOREFRONT_PAGES[page as keyof typeof STOREFRONT_PAGES] as { islands?: true } | undefined;
  return Boolean(spec?.islands);
}

/** Tags React hoists to the front of its output: title, meta and link (including image preloads). */
const LEADING_HEAD_TAGS = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

/** Renders the page at `url` from the given answers (already read by the server, in-process). */
export async function render(url: string, data: SsrData): Promise<RenderedPage> {
  const { pathname } = new URL(url, 'http://localhost');
  await preloadPage(pathname);
  const store = makeStore();
  store.dispatch(api.util.upsertQueryEntries(data.queries as never));
  // A cache per render: the styles collected are this page's only (MUI's server rendering guide).
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const placed = new Set<IslandName>();
  const html = renderToString(
    <IslandsPlaced value={placed}>
      <CacheProvider value={cache}>
        <AppRoot store={store} origin={data.origin} router={Router} />
      </CacheProvider>
    </IslandsPlaced>,
  );
  const hoisted = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const page = html.slice(hoisted.length);
  // Only the checkout and order pages still use MUI (emotion); storefront pages have none.
  const { styles: chunks } = emotion.extractCriticalToChunks(page);
  const styles = emotion.constructStyleTagsFromChunks({ html: page, styles: chunks.filter((c) => c.css) });
  const head = `${hoisted}\n${styles}`;
  if (isIslandsPage(routeFor(pathname).page)) {
    const site = data.queries.find((q) => q.endpointName === 'getSite')?.value as Site | undefined;
    const islands: IslandsData = { origin: data.origin, site: site ?? null };
    return {
      head,
      root: page,
      data: `<script type="application/json" id="${ISLANDS_DATA_ID}">${jsonForScript(islands)}</script>`,
      modules: [ISLANDS_RUNTIME_SOURCE, ...[...placed].map((name) => ISLANDS[name].source)],
    };
  }
  return {
    head,
    root: page,
    data: `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(data)}</script>`,
    modules: [...APP_START_MODULES, pageSource(pathname)],
  };
}
