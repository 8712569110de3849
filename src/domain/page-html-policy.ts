// What a merchant's content page may hold (its HTML is untrusted). The server's sanitiser applies it
// when a page is stored and sent; the browser applies it again before rendering. One list for both.

/** Plain document markup: headings, text, lists, links, images and tables. */
export const PAGE_HTML_TAGS: readonly string[] = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'a',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
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

/** What a dropped element would take with it that the merchant wrote as page content. */
export interface SwallowedContent {
  tag: string;
  text: string;
}

// PAGE_HTML_DROPPED_WITH_CONTENT go with everything inside them, and the parser reads all after a
// <script> or <style> as their code up to the matching end tag. Left unclosed (or hidden in markup a
// browser reads differently, e.g. inside MathML), such a tag takes the rest of the page with it.
const DROPPED_ELEMENT = new RegExp(`<(${PAGE_HTML_DROPPED_WITH_CONTENT.join('|')})\\b[^>]*>([\\s\\S]*?)(?:</\\1\\s*>|$)`, 'gi');
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
/** Elements whose content is code, not text a visitor reads. */
const CODE_ELEMENTS = new Set(['script', 'style']);

/**
 * The first element the policy drops with its content when that content was written as page
 * content: markup (a heading, a paragraph), text a visitor would read (a textarea's, a noscript's),
 * or code left unclosed that runs to the end of the page. Null when nothing of the page would go.
 */
export function swallowedPageContent(html: string): SwallowedContent | null {
  for (const match of html.matchAll(DROPPED_ELEMENT)) {
    const [whole, name = '', inner = ''] = match;
    const tag = name.toLowerCase();
    const closed = new RegExp(`</${tag}\\s*>$`, 'i').test(whole);
    const text = inner.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim();
    const holdsMarkup = new RegExp(MARKUP.source, 'i').test(inner);
    const lost = CODE_ELEMENTS.has(tag) ? holdsMarkup || (!closed && text !== '') : holdsMarkup || text !== '';
    if (lost) return { tag, text: text.length > 80 ? `${text.slice(0, 80)}…` : text };
  }
  return null;
}

/** The save's 400 message: what would be removed and how to keep it. */
export function swallowedContentMessage({ tag, text }: SwallowedContent): string {
  const what = text ? `the text "${text}"` : 'content';
  return `The page was not saved: a <${tag}> element would remove ${what} from the page. Remove the <${tag}> tag, or close it with </${tag}> before the page's content, and save again.`;
}

/** Content that markup the sanitiser drops would hide: a comment left open, CDATA, a data-block script. */
export interface HiddenContent {
  kind: 'comment' | 'cdata' | 'script';
  text: string;
}

// The parser reads these as raw text up to their end tag, so a '<!--' inside one opens no comment.
const RAW_TEXT_ELEMENTS = ['script', 'style', 'textarea', 'title', 'xmp'];
const HIDING_MARKUP = new RegExp(`<!--|<!\\[CDATA\\[|<(${RAW_TEXT_ELEMENTS.join('|')})\\b([^>]*)>`, 'gi');
// A script of any other type is a data block: its body is text (a note, a template, JSON-LD), not code.
const JAVASCRIPT_TYPE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script(?:1\.\d)?|text\/(?:jscript|livescript))?$/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The text (maybe '') of what a stretch of the page holds, or null when it holds nothing. */
function lostContent(html: string): string | null {
  const text = html.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim();
  if (text === '' && !new RegExp(MARKUP.source, 'i').test(html)) return null;
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * The first content the sanitiser would drop unseen: everything after a comment never closed
 * with '-->' (the parser ends a comment nowhere else), what a CDATA section holds, or the text of
 * a script that is not JavaScript. Null when nothing the merchant wrote would go this way.
 */
export function hiddenPageContent(html: string): HiddenContent | null {
  const scan = new RegExp(HIDING_MARKUP.source, 'gi');
  for (let match = scan.exec(html); match; match = scan.exec(html)) {
    const [opener, element, attributes = ''] = match;
    const start = match.index + opener.length;
    if (element) {
      const end = new RegExp(`</${element}[\\s/>]`, 'i').exec(html.slice(start));
      const body = html.slice(start, end ? start + end.index : undefined);
      const type = TYPE_ATTRIBUTE.exec(attributes);
      const text =
        element.toLowerCase() === 'script' && type && !JAVASCRIPT_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim())
          ? lostContent(body)
          : null;
      if (text !== null) return { kind: 'script', text };
      // Left open, the rest is that element's: swallowedPageContent judges it.
      if (!end) return null;
      scan.lastIndex = start + end.index + 2;
    } else if (opener === '<!--') {
      // '<!-->' and '<!--->' are whole, empty comments.
      if (/^-?>/.test(html.slice(start))) continue;
      const close = html.indexOf('-->', start);
      if (close < 0) {
        const text = lostContent(html.slice(start));
        return text === null ? null : { kind: 'comment', text };
      }
      scan.lastIndex = close + 3;
    } else {
      const close = html.indexOf(']]>', start);
      const text = lostContent(html.slice(start, close < 0 ? undefined : close));
      if (text !== null) return { kind: 'cdata', text };
      if (close < 0) return null;
      scan.lastIndex = close + 3;
    }
  }
  return null;
}

/** The save's 400 message for hidden content: what would be lost and how to keep it. */
export function hiddenContentMessage({ kind, text }: HiddenContent, noun: 'page' | 'post' = 'page'): string {
  const what = text ? `the text "${text}"` : 'content';
  const refused = `The ${noun} was not saved:`;
  switch (kind) {
    case 'comment':
      return `${refused} a comment (<!--) is never closed with -->, so it would swallow the rest of the ${noun}, including ${what}. Close the comment with --> where it should end, or remove the <!--, and save again.`;
    case 'cdata':
      return `${refused} CDATA sections (<![CDATA[ … ]]>) are not allowed, and this one would remove ${what}. Write the text without <![CDATA[ and ]]>, and save again.`;
    case 'script':
      return `${refused} script elements are not allowed, and this one would remove ${what}. Write the ${text ? 'text' : 'content'} outside the <script> element, and save again.`;
  }
}
