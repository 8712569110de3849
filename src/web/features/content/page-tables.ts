// A merchant's table can be wider than a phone (the delivery-fee table on /shipping): it scrolls
// inside its own box instead of making the whole page scroll sideways. The box is a named,
// focusable region, so a keyboard can scroll it too (axe: scrollable-region-focusable).
const BOX_CLASS = 'overflow-x-auto';
const UNNAMED = 'Table';

/** Puts every table of a parsed page in its scrolling box (the browser's pass). */
export function boxTables(root: Element): void {
  const doc = root.ownerDocument;
  for (const table of root.querySelectorAll('table')) {
    const box = doc.createElement('div');
    box.className = BOX_CLASS;
    box.setAttribute('role', 'region');
    box.setAttribute('tabindex', '0');
    box.setAttribute('aria-label', table.querySelector(':scope > caption')?.textContent?.trim() || UNNAMED);
    table.replaceWith(box);
    box.append(table);
  }
}

/**
 * The same boxes without a DOM (the server's render, and the hydrating one that must match it).
 * Its input is the server's sanitised HTML, whose text is already entity-encoded: only a quote
 * could end the attribute early.
 */
export function boxTablesInHtml(html: string): string {
  return html.replace(/<table\b[\s\S]*?<\/table>/gi, (table) => {
    const caption = /<caption[^>]*>([\s\S]*?)<\/caption>/i
      .exec(table)?.[1]
      ?.replace(/<[^>]*>/g, '')
      .trim();
    const label = (caption || UNNAMED).replace(/"/g, '&quot;');
    return `<div class="${BOX_CLASS}" role="region" tabindex="0" aria-label="${label}">${table}</div>`;
  });
}
