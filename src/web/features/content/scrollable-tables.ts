// A merchant's table can be wider than a phone (the delivery-fee table on /shipping): it scrolls
// inside its own box instead of making the whole page scroll sideways. The box is a named,
// focusable region, so a keyboard can scroll it too (axe: scrollable-region-focusable).
const TABLE_BOX = 'overflow-x-auto';

/** The page's (already sanitised) HTML with every table in a scrolling box. */
export function withScrollableTables(html: string): string {
  if (!/<table[\s>]/i.test(html)) return html;
  // An inert document: nothing in it runs or loads while it is parsed.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const table of doc.querySelectorAll('table')) {
    const box = doc.createElement('div');
    box.className = TABLE_BOX;
    box.setAttribute('role', 'region');
    box.setAttribute('tabindex', '0');
    box.setAttribute('aria-label', table.caption?.textContent?.trim() || 'Table');
    table.replaceWith(box);
    box.append(table);
  }
  return doc.body.innerHTML;
}
