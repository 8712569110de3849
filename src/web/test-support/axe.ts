// axe-core on what a component test rendered, as the browser journeys ran it on the page.
import axe from 'axe-core';
import { classClashes } from './class-clashes';

/**
 * The axe violations inside `root`, as readable lines (empty when it passes), and any two classes
 * on one element that clash (class-clashes.ts). jsdom computes no colours or layout, so the one
 * rule that needs them, color-contrast, is off here; the browser journeys still check it.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  const elements = new Map<string, [string, string]>();
  for (const el of root.querySelectorAll('[class]')) {
    const pair: [string, string] = [el.tagName.toLowerCase(), el.getAttribute('class') ?? ''];
    elements.set(pair.join(' '), pair);
  }
  return [...violations, ...classClashes(elements.values())];
}
