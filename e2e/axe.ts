import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (through the debugging protocol, so the page's CSP is untouched). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured once the page stands still: a dialog fading in blends its colours with the
  // page's for a moment. Animations that never end (a loader) are not waited for; 2 s at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.evaluate(source);
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: { id: string; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> }) =>
          `${v.id}: ${v.help} (${v.nodes
            .map(
              (n) =>
                `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
            )
            .join('; ')})`,
      );
  });
  return result as string[];
}
