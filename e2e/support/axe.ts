import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core run in the page as it is, with the portal's Content Security Policy on: the source is
// evaluated through the DevTools protocol (as the test runner's own scripts are), not added as an
// inline script the policy forbids, so one walk checks the policy and accessibility together.

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
type Axe = { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };

async function ensureAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
}

/** The serious and critical axe violations of the page, each as "rule (impact): first targets". */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  await ensureAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}

/** The ids of the given axe rules the page breaks, whatever their impact. */
export async function brokenAxeRules(page: Page, rules: string[]): Promise<string[]> {
  await ensureAxe(page);
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: Axe }).axe;
    return (await axe.run(document, { runOnly })).violations.map((v) => v.id);
  }, rules);
}
