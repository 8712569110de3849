// The shop joins class names without merging (src/web/lib/cn.ts), so two classes on one element
// that set the same thing (px-4 and px-6) would leave the winner to the stylesheet's order. Every
// page a browser test checks with axe is also checked for such a pair, with tailwind-merge (a test
// tool here, not shipped) as the judge: whatever it would drop is a clash.
import type { Page } from 'playwright-core';
import { twMerge } from 'tailwind-merge';

/** 'clash: px-4 overridden on <button class="...">' lines, empty when no element has a clash. */
export async function classConflicts(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() => {
    const seen = new Set<string>();
    for (const el of document.querySelectorAll('[class]')) seen.add(`${el.tagName.toLowerCase()}\u0000${el.getAttribute('class') ?? ''}`);
    return [...seen];
  });
  const problems: string[] = [];
  for (const entry of lists) {
    const [tag, classes = ''] = entry.split('\u0000');
    const tokens = [...new Set(classes.split(/\s+/).filter(Boolean))];
    const kept = new Set(twMerge(tokens.join(' ')).split(' '));
    const dropped = tokens.filter((t) => !kept.has(t));
    if (dropped.length) problems.push(`class clash: ${dropped.join(' ')} overridden on <${tag} class="${classes}">`);
  }
  return problems;
}
