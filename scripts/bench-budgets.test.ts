import { describe, expect, it } from 'vitest';
import { budgetsTable } from './bench-budgets';

const lighthouse = (tbtMs: number, performance = 100) => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  tbtMs,
});
const hydrated = (page: string, hydratedMs: number) => ({ page, hydratedMs, fcpMs: 0, lcpMs: 0, runs: [] });

describe('the budgets table', () => {
  const table = budgetsTable({
    hydration: [hydrated('/', 1150), hydrated('/faq', 1900), hydrated('/checkout', 1900)],
    scripts: { '/': 68.2, '/faq': 122.5 },
    lighthouse: { '/': lighthouse(20), '/faq': lighthouse(80, 98) },
    vsLimit: [
      { page: '/', score: '', fcp: '', lcp: '', lcpRatio: 0.98, tbt: '', cls: 0 },
      { page: '/faq', score: '', fcp: '', lcp: '', lcpRatio: 1.04, tbt: '', cls: 0 },
    ],
  });
  const row = (page: string) => table.split('\n').find((line) => line.startsWith(`| ${page} |`));

  it('marks a page within every budget ok', () => {
    expect(row('/')).toBe('| / | 1.15 s ok | 68.2 KB ok | 20 ms ok | 0.98 ok | 100/100/100/100 ok |');
  });

  it('marks each figure over its budget OVER', () => {
    expect(row('/faq')).toBe(
      '| /faq | 1.90 s OVER | 122.5 KB OVER | 80 ms OVER | 1.04 OVER | 98/100/100/100 OVER |',
    );
  });

  it('says so when a Lighthouse run failed, instead of a figure', () => {
    const failed = budgetsTable({
      hydration: [],
      scripts: {},
      lighthouse: { '/': { ...lighthouse(0, 0), tbtMs: null, runtimeError: 'NO_FCP' } },
      vsLimit: [],
    });
    expect(failed).toContain('| / | - | - | run failed (NO_FCP) | - | 0/100/100/100 OVER |');
  });

  it('gives checkout its own interactive budget (2.0 s) and no storefront figures', () => {
    expect(row('/checkout')).toBe('| /checkout | 1.90 s ok | - | - | - | - |');
  });
});
