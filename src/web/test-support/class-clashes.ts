// The shop joins class names without merging (src/web/lib/cn.ts), so two classes on one element
// that set the same thing (px-4 and px-6) would leave the winner to the stylesheet's order. Every
// page a test checks with axe, in a browser or in a component test, is also checked for such a
// pair, with tailwind-merge (a test tool here, not shipped) as the judge: whatever it would drop is a clash.
import { twMerge } from 'tailwind-merge';

/** 'class clash: px-4 overridden on <button class="...">' lines for these [tag, class attribute] pairs. */
export function classClashes(elements: Iterable<readonly [tag: string, classes: string]>): string[] {
  const problems: string[] = [];
  for (const [tag, classes] of elements) {
    const tokens = [...new Set(classes.split(/\s+/).filter(Boolean))];
    const kept = new Set(twMerge(tokens.join(' ')).split(' '));
    const dropped = tokens.filter((t) => !kept.has(t));
    if (dropped.length) problems.push(`class clash: ${dropped.join(' ')} overridden on <${tag} class="${classes}">`);
  }
  return problems;
}
