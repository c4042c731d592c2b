// axe-core in the page under test: the engine is injected as a script (no
// network) and run in Chromium; violations come back as one readable line per
// failing element, so an assertion failure says what to fix.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.1 level A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's best-practice rules that Lighthouse's accessibility score also counts
 * (it counts the WCAG ones above too): a page that passes both has nothing
 * left for Lighthouse to fail.
 */
export const LIGHTHOUSE_BEST_PRACTICE_RULES = ['heading-order', 'landmark-one-main', 'skip-link', 'empty-heading', 'identical-links-same-purpose', 'landmark-unique'];

/** Every rule with one of the WCAG 2.1 A/AA tags, plus the best-practice rules above. */
export function accessibilityRules(): string[] {
  const wcag = axe.getRules(WCAG_21_AA).map((r) => r.ruleId);
  return [...new Set([...wcag, ...LIGHTHOUSE_BEST_PRACTICE_RULES])];
}

export interface AxeOptions {
  /** Rule ids to run (default: accessibilityRules()). */
  rules?: string[];
  /** A CSS selector of the part of the page to check (default: the document). */
  include?: string;
}

/** Runs axe on the page as it is now and returns one line per violating element ('' list when clean). */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const rules = options.rules ?? accessibilityRules();
  const result = await page.evaluate(
    ([values, include]) => {
      const w = window as unknown as { axe: typeof axe };
      return w.axe.run(include ? { include: [include] } : document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] });
    },
    [rules, options.include ?? ''] as const,
  );
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).filter(Boolean)[0] ?? v.help;
      return `${v.id}: ${n.target.join(' ')} — ${why}`;
    }),
  );
}

/** Sets the colour mode the way the head script does (the real site fixes light; the CSS holds both). */
export async function setColourMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
}
