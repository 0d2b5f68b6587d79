// Time to hydrated, part of `npm run bench` (docs/design.md, Performance budgets: 1.2 s for a storefront
// page, 2.0 s for checkout, at 4x CPU and slow 4G): per page, from navigation start to the app's
// 'wildframe:app-ready' event (the page has hydrated and its buttons work), with FCP and LCP of the
// same loads for context. Checkout is loaded with a print in the cart (its real first view). Each load is a
// fresh browser context (empty cache, no service worker yet), as a first visit from a phone:
// Lighthouse's mobile screen, CPU slowed 4x, and slow 4G (150 ms round trip, 1.6 Mbit/s down,
// 750 Kbit/s up) applied by Chromium itself (DevTools throttling, not simulated). Median of RUNS.
//
// Alone, against the built app with demo data on a database of its own (as bench.ts starts it):
//   npx tsx scripts/bench-hydration.ts          (BENCH_HYDRATION_RUNS=3, BENCH_BUILD=false to skip the build)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { APP_READY_EVENT } from '../web/src/lib/early-clicks';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { STOREFRONT_PAGES } from './bench-pages';

/** Every storefront page, then checkout. */
export const HYDRATION_PAGES = (photoId: number) => [...STOREFRONT_PAGES(photoId), '/checkout'];

/** Interactive within: a storefront page 1.2 s (islands), checkout (a React app, Stripe) 2.0 s. */
export const hydrationBudgetMs = (page: string) => (page === '/checkout' ? 2000 : 1200);

/** A print to put in the cart before checkout loads: the first photo with a print option. */
export type CartLine = { photoId: number; printOptionId: number };
export async function firstCartLine(base: string): Promise<CartLine | null> {
  const photos = (await (await fetch(`${base}/api/photos`)).json()) as { id: number }[];
  for (const { id } of photos) {
    const detail = (await (await fetch(`${base}/api/photos/${id}`)).json()) as {
      printOptions: { id: number }[];
    };
    if (detail.printOptions.length) return { photoId: id, printOptionId: detail.printOptions[0].id };
  }
  return null;
}

export type HydrationRow = { page: string; hydratedMs: number; fcpMs: number; lcpMs: number; runs: number[] };

type Load = { hydratedMs: number; fcpMs: number; lcpMs: number };

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One first visit: milliseconds from navigation start to hydrated, FCP and LCP. */
async function loadOnce(
  browser: import('@playwright/test').Browser,
  url: string,
  cartLine: CartLine | null,
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // Before any of the page's script: the moment the app says it is ready, as a mark on the
    // page's own timeline (performance.now() counts from navigation start), and its LCP entries.
    await context.addInitScript((event: string) => {
      addEventListener(event, () => performance.mark('bench:app-ready'), { once: true });
      const w = window as unknown as { __lcp: number };
      w.__lcp = NaN;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }, APP_READY_EVENT);
    // Checkout with an empty cart sends the visitor back to the portfolio: put a print in first.
    if (cartLine && new URL(url).pathname === '/checkout') {
      const added = await context.request.post(new URL('/api/cart', url).href, {
        data: { ...cartLine, quantity: 1 },
      });
      if (!added.ok()) throw new Error(`POST /api/cart answered ${added.status()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('bench:app-ready').length > 0, null, {
      timeout: 60_000,
      polling: 100,
    });
    return await page.evaluate(() => ({
      hydratedMs: performance.getEntriesByName('bench:app-ready')[0].startTime,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcpMs: (window as unknown as { __lcp: number }).__lcp,
    }));
  } finally {
    await context.close();
  }
}

/** Per page, the median of `runs` first visits; the pages take turns so noise spreads evenly. */
export async function benchHydration(base: string, pages: string[], runs = 3): Promise<HydrationRow[]> {
  const cartLine = await firstCartLine(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loads = new Map<string, Load[]>(pages.map((p) => [p, []]));
  try {
    // One unmeasured visit first, so the server's page cache and the OS's file cache are warm.
    await loadOnce(browser, base + pages[0], cartLine).catch(() => undefined);
    for (let i = 0; i < runs; i++)
      for (const p of pages) loads.get(p)!.push(await loadOnce(browser, base + p, cartLine));
  } finally {
    await browser.close();
  }
  return pages.map((page) => {
    const l = loads.get(page)!;
    return {
      page,
      hydratedMs: Math.round(median(l.map((x) => x.hydratedMs))),
      fcpMs: Math.round(median(l.map((x) => x.fcpMs))),
      lcpMs: Math.round(median(l.map((x) => x.lcpMs))),
      runs: l.map((x) => Math.round(x.hydratedMs)),
    };
  });
}

/** The rows as a Markdown table. */
export function hydrationTable(rows: HydrationRow[], runs: number): string {
  const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');
  return [
    `Time to hydrated ('${APP_READY_EVENT}'), first visit, 4x CPU, 150 ms RTT, 1.6 Mbit/s down, 750 Kbit/s up; median of ${runs}`,
    '',
    '| page | hydrated | runs | FCP | LCP | budget |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const budget = hydrationBudgetMs(r.page);
      return `| ${r.page} | ${s(r.hydratedMs)} | ${r.runs.map((x) => (x / 1000).toFixed(2)).join(' / ')} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${s(budget)} ${r.hydratedMs <= budget ? 'ok' : 'OVER'} |`;
    }),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { startBenchShop } = await import('./bench-shop');
  if (!existsSync('dist/web/index.html') || process.env.BENCH_BUILD !== 'false')
    execSync('npm run build', { stdio: 'inherit' });
  const runs = Number(process.env.BENCH_HYDRATION_RUNS ?? 3);
  const shop = await startBenchShop({
    port: Number(process.env.BENCH_PORT ?? 3997),
    database: process.env.BENCH_DB_NAME ?? 'wildframe_bench_hydration',
    redisPrefix: process.env.BENCH_REDIS_PREFIX ?? 'wfbenchhydration',
  });
  try {
    const photos = (await (await fetch(`${shop.base}/api/photos`)).json()) as { id: number }[];
    const rows = await benchHydration(shop.base, HYDRATION_PAGES(photos[0]?.id ?? 1), runs);
    console.log(hydrationTable(rows, runs));
  } finally {
    await shop.close();
  }
  process.exit(0);
}
