// The storefront's budgets in one table, from figures `npm run bench` has already measured
// (docs/design.md, Performance budgets): per page, interactive time (bench-hydration.ts), script
// to become interactive (gzip), total blocking time and the four Lighthouse scores (Lighthouse
// mobile: 4x CPU, slow 4G, median run), and LCP against the same page as finished HTML (the limit).
import { hydrationBudgetMs, type HydrationRow } from './bench-hydration';
import type { PageVsLimit } from './bench-pages';

export const SCRIPT_BUDGET_KB = 70;
export const TBT_BUDGET_MS = 50;
export const LCP_RATIO_BUDGET = 1.0;

export type LighthousePage = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** null when Lighthouse's run failed (a page that did not load in time on a busy machine). */
  tbtMs: number | null;
  runtimeError?: string;
};

export type BudgetInputs = {
  hydration: HydrationRow[];
  scripts: Record<string, number>;
  lighthouse: Record<string, LighthousePage>;
  vsLimit: PageVsLimit[];
};

const mark = (within: boolean | undefined) => (within === undefined ? '' : within ? ' ok' : ' OVER');

/** A row a page (every page with a figure), each figure with 'ok' or 'OVER' against its budget. */
export function budgetsTable({ hydration, scripts, lighthouse, vsLimit }: BudgetInputs): string {
  const pages = [...new Set([...Object.keys(lighthouse), ...hydration.map((r) => r.page)])];
  const rows = pages.map((page) => {
    const hydrated = hydration.find((r) => r.page === page);
    const kb = scripts[page];
    const lh = lighthouse[page];
    const ratio = vsLimit.find((r) => r.page === page)?.lcpRatio;
    const cells = [
      hydrated
        ? `${(hydrated.hydratedMs / 1000).toFixed(2)} s${mark(hydrated.hydratedMs <= hydrationBudgetMs(page))}`
        : '-',
      kb === undefined ? '-' : `${kb} KB${mark(kb <= SCRIPT_BUDGET_KB)}`,
      !lh
        ? '-'
        : lh.tbtMs === null
          ? `run failed (${lh.runtimeError ?? 'no figures'})`
          : `${lh.tbtMs} ms${mark(lh.tbtMs <= TBT_BUDGET_MS)}`,
      ratio === undefined || !Number.isFinite(ratio)
        ? '-'
        : `${ratio.toFixed(2)}${mark(ratio <= LCP_RATIO_BUDGET)}`,
      lh
        ? `${lh.performance}/${lh.accessibility}/${lh.bestPractices}/${lh.seo}${mark(
            [lh.performance, lh.accessibility, lh.bestPractices, lh.seo].every((s) => s === 100),
          )}`
        : '-',
    ];
    return `| ${page} | ${cells.join(' | ')} |`;
  });
  return [
    'Budgets (storefront pages interactive <= 1.2 s, checkout <= 2.0 s; the rest per storefront page)',
    '',
    `| page | interactive | script gzip (<= ${SCRIPT_BUDGET_KB} KB) | TBT (<= ${TBT_BUDGET_MS} ms) | LCP / limit (<= ${LCP_RATIO_BUDGET.toFixed(1)}) | Lighthouse perf/a11y/bp/seo (100) |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
