import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: what the design promises on every page and state. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Options = {
  /** What is being checked, for the failure message ('orders tab (phone)'). */
  label?: string;
  /** Selectors left out of the scan, each with a reason in the caller (e.g. a third-party frame). */
  exclude?: string[];
};

/**
 * Runs axe-core on the page as it is now and fails on any WCAG 2.1 A/AA violation, listing each
 * one's rule, impact, summary and the elements it found (selector and what is wrong with each).
 */
export async function expectNoA11yViolations(page: Page, { label, exclude = [] }: Options = {}) {
  // label-content-name-mismatch (WCAG 2.5.3 Label in Name, level A) is still 'experimental' in
  // axe and off by default: turned on, as a name that differs from the visible text is a real failure.
  // Colours are measured as they end up: every running transition (a drawer, a dialog, a toast or
  // a menu fading in or out) finishes first, or axe may read text over a colour still blending.
  // (at most 3 s: a paused animation never finishes)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  let builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_AA_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) =>
          `  - ${node.target.join(' >> ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    ].join('\n'),
  );
  expect(report, `axe found WCAG 2.1 A/AA violations${label ? ` on ${label}` : ''}`).toEqual([]);
}
