// The storefront rendered on the server (vite build --ssr into dist/server), from the same
// components and store the browser uses. Loaded by src/platform/http/web-app.ts.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppRoot } from './app/app-root';
import { pageSource, preloadPage, routeFor, type PageName } from './app/router';
import { jsonForScript, SSR_DATA_ID, type SsrData } from './lib/ssr-data';
import { makeStore } from './app/store';
import { api } from './lib/api';
import type { StorefrontReadName, StorefrontReads } from '@contract';
import type { catalogApi } from './lib/catalog-api';
import type { contentApi } from './lib/content-api';
import type { orderStatusApi } from './features/order-status/api';
import type { verifyApi } from './features/verify/api';

export { pageSource, routeFor, type PageName };

// The server reads each page's answers as the contract names them (StorefrontReads): a renamed
// endpoint, or a changed argument, fails the type check here.
type Endpoints = (typeof catalogApi)['endpoints'] &
  (typeof contentApi)['endpoints'] &
  (typeof orderStatusApi)['endpoints'] &
  (typeof verifyApi)['endpoints'];
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
};

/** Tags React hoists to the front of its output: title, meta and link (including image preloads). */
const LEADING_HEAD_TAGS = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

/** Renders the page at `url` from the given answers (already read by the server, in-process). */
export async function render(url: string, data: SsrData): Promise<RenderedPage> {
  await preloadPage(new URL(url, 'http://localhost').pathname);
  const store = makeStore();
  store.dispatch(api.util.upsertQueryEntries(data.queries as never));
  // A cache per render: the styles collected are this page's only (MUI's server rendering guide).
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppRoot store={store} origin={data.origin} router={Router} />
    </CacheProvider>,
  );
  const hoisted = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const page = html.slice(hoisted.length);
  // Only the checkout and order pages still use MUI (emotion); storefront pages have none.
  const { styles: chunks } = emotion.extractCriticalToChunks(page);
  const styles = emotion.constructStyleTagsFromChunks({ html: page, styles: chunks.filter((c) => c.css) });
  return {
    head: `${hoisted}\n${styles}`,
    root: page,
    data: `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(data)}</script>`,
  };
}
