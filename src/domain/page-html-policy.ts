// What a merchant's content page may hold (GUIDE non-negotiable 6). The server's sanitiser applies it
// when a page is stored and sent; the browser applies it again before rendering. One list for both.

/** Plain document markup: headings, text, lists, links, images and tables. */
export const PAGE_HTML_TAGS: readonly string[] = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'small',
  'a', 'img', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

/** The attributes each tag may keep; every other attribute (style, on*, class…) goes. */
export const PAGE_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Schemes a link may use; an image only http(s). A relative address ('/shop') is always fine. */
export const PAGE_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];
export const PAGE_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/** A link that opens a new tab must not hand the new page a handle to ours. */
export const NEW_TAB_REL = 'noopener noreferrer';

/** Tags dropped together with what they hold, never kept as text. */
export const PAGE_HTML_DROPPED_WITH_CONTENT: readonly string[] = ['script', 'style', 'textarea', 'noscript', 'iframe', 'object'];

/**
 * Whether an href or src may stay: relative, or with one of the allowed schemes. Browsers ignore
 * control characters and spaces inside a scheme ('java\tscript:'), so those are removed first.
 */
export function pageUrlAllowed(url: string, schemes: readonly string[]): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact.startsWith('//') || compact.startsWith('\\\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined ? !/^[^/?#]*:/.test(compact) : schemes.includes(scheme.toLowerCase());
}
