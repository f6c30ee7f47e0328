/**
 * The automated accessibility check: axe-core injected into a page, its violations of
 * impact "serious" or "critical" returned (and described: rule, impact, the elements).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/* The browser's names the page function below uses (this project's TypeScript lib has no DOM; the function runs in the page). */
declare const window: object;
declare const document: unknown;

/** axe-core's browser bundle, as text (its package's main export). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the whole document; the serious and critical violations, one line each element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy (script-src 'self') refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as { axe: { run(ctx: unknown, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(n.target)}${n.failureSummary ? `\n    ${n.failureSummary.replace(/\n/g, '\n    ')}` : ''}`),
    );
}
