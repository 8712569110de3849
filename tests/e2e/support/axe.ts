import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { classConflicts } from './class-conflicts';

/** Lets running finite animations and transitions (e.g. a toast fading in) settle first. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/**
 * The axe violations on the page, as readable lines (empty when the page passes), and any two
 * classes on one element that clash (see class-conflicts.ts).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  // A toast stacked behind the front one shows no text (sonner fades its content out while the stack
  // is collapsed); a live notice arriving during the check starts that fade mid-analysis. The front
  // toast, the one a person reads, is still checked.
  // Only violations are read: axe then keeps one node of each passing rule instead of every one.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-front="false"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  return [...violations, ...(await classConflicts(page))];
}
