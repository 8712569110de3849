// The browser's own pass over a content page's HTML before rendering it (merchant HTML is untrusted):
// the server has sanitised it already, and this applies the same policy (src/domain/page-html-policy)
// again, so a fault on the way (a cache, a proxy, a bug) still cannot put a script on the page.
import {
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_DROPPED_WITH_CONTENT,
  PAGE_HTML_TAGS,
  PAGE_IMAGE_SCHEMES,
  PAGE_LINK_SCHEMES,
  NEW_TAB_REL,
  pageUrlAllowed,
} from '@/domain/page-html-policy';

function cleanElement(el: Element): void {
  const tag = el.localName;
  const allowed = PAGE_HTML_ATTRIBUTES[tag] ?? [];
  for (const { name } of [...el.attributes]) {
    if (!allowed.includes(name)) el.removeAttribute(name);
  }
  const url = tag === 'a' ? 'href' : tag === 'img' ? 'src' : null;
  const value = url && el.getAttribute(url);
  if (url && value !== null && !pageUrlAllowed(value, tag === 'img' ? PAGE_IMAGE_SCHEMES : PAGE_LINK_SCHEMES)) el.removeAttribute(url);
  if (tag === 'a') {
    if (el.getAttribute('target') === '_blank') el.setAttribute('rel', NEW_TAB_REL);
    else el.removeAttribute('rel');
  }
  if (tag === 'img') el.setAttribute('loading', 'lazy');
}

/** Sanitises `root` in place: unknown tags are unwrapped (their text stays), dangerous ones dropped. */
function sanitizeTree(root: Element): void {
  // Children first, as a static list: unwrapping moves nodes up into the parent being walked.
  for (const child of [...root.children]) {
    sanitizeTree(child);
    const tag = child.localName;
    if (PAGE_HTML_DROPPED_WITH_CONTENT.includes(tag)) child.remove();
    else if (!PAGE_HTML_TAGS.includes(tag)) child.replaceWith(...child.childNodes);
    else cleanElement(child);
  }
}

// A merchant's table can be wider than a phone (the delivery-fee table on /shipping): it scrolls
// inside its own box instead of making the whole page scroll sideways. The box is a named,
// focusable region, so a keyboard can scroll it too (axe: scrollable-region-focusable).
function boxTables(doc: Document): void {
  for (const table of doc.querySelectorAll('table')) {
    const box = doc.createElement('div');
    box.className = 'overflow-x-auto';
    box.setAttribute('role', 'region');
    box.setAttribute('tabindex', '0');
    box.setAttribute('aria-label', table.caption?.textContent?.trim() || 'Table');
    table.replaceWith(box);
    box.append(table);
  }
}

/** The page's HTML, sanitised once more and with every table in a scrolling box, ready to render. */
export function safePageHtml(html: string): string {
  // An inert document: nothing in it runs or loads while it is parsed and cleaned.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  sanitizeTree(doc.body);
  boxTables(doc);
  return doc.body.innerHTML;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page as the server renders it, without a DOM: the server's HTML (sanitised when stored and
 * when sent) with each table in the same scrolling box. Shown until the browser has run its own
 * pass (safePageHtml), and to a visitor whose scripts did not load.
 */
export function serverPageHtml(html: string): string {
  return html.replace(/<table\b[\s\S]*?<\/table>/gi, (table) => {
    const caption = /<caption[^>]*>([\s\S]*?)<\/caption>/i
      .exec(table)?.[1]
      ?.replace(/<[^>]*>/g, '')
      .trim();
    return `<div class="overflow-x-auto" role="region" tabindex="0" aria-label="${escapeAttr(caption || 'Table')}">${table}</div>`;
  });
}
