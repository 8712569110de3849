import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { classConflicts } from './class-conflicts';

/**
 * Lets a toast on the page mount and running finite animations and transitions (e.g. a toast fading
 * in) settle first. sonner renders a toast at opacity 0 and starts its fade on the next frame
 * (data-mounted turns true), so a check between the two would read its text as unreadable.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const until = Date.now() + 2000;
    while (document.querySelector('[data-sonner-toast][data-mounted="false"]') && Date.now() < until) await frame();
    await frame();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/**
 * The axe violations on the page, as readable lines (empty when the page passes), and any two
 * classes on one element that clash (see class-conflicts.ts).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast raised just before the check may still be on its way (sonner loads on demand) and arrive
  // mid-analysis at opacity 0. When the toasts changed during the analysis, the page was not yet what
  // a person sees: it is checked again once settled (a toast that stays unreadable still fails).
  // The toasts are read before the settling too: one arriving between the settling and the
  // analysis (a live notice) would otherwise be analysed mid-fade and never be seen to change.
  for (let attempt = 1; ; attempt++) {
    const before = await toastStates(page);
    await settleAnimations(page);
    const results = await analyze(page);
    if (attempt === 3 || (await toastStates(page)) === before) return [...results, ...(await classConflicts(page))];
  }
}

/** Each toast on the page and where it is in its life: mounted, in front, on its way out. */
function toastStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-sonner-toast]')]
      .map((t) => [t.textContent, ...['mounted', 'front', 'removed'].map((k) => t.getAttribute(`data-${k}`))].join('|'))
      .join('\n'),
  );
}

async function analyze(page: Page): Promise<string[]> {
  // A toast stacked behind the front one shows no text (sonner fades its content out while the stack
  // is collapsed); a live notice arriving during the check starts that fade mid-analysis. The front
  // toast, the one a person reads, is still checked.
  // Only violations are read: axe then keeps one node of each passing rule instead of every one.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-front="false"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
