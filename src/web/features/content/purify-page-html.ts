// The browser's own pass over a content page's HTML before rendering it (merchant HTML is
// untrusted): the server has sanitised it already, and this runs DOMPurify with the same policy
// (src/domain/page-html-policy.ts), so a fault on the way (a cache, a proxy, a bug) still cannot
// put a script on the page.
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import {
  NEW_TAB_REL,
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_DROPPED_WITH_CONTENT,
  PAGE_HTML_TAGS,
  PAGE_IMAGE_SCHEMES,
  PAGE_LINK_SCHEMES,
  pageUrlAllowed,
} from '@/domain/page-html-policy';
import { boxTables } from './page-tables';

const CONFIG: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: [...PAGE_HTML_TAGS],
  // DOMPurify's list is for every tag; the hook below keeps each attribute only on its own tags.
  ALLOWED_ATTR: [...new Set(Object.values(PAGE_HTML_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Exactly the policy's list, as on the server: any other tag that goes leaves its text behind.
  FORBID_CONTENTS: [...PAGE_HTML_DROPPED_WITH_CONTENT],
  // The parsed body of an inert document: the tables are boxed there before it is serialised.
  RETURN_DOM: true,
};

/** The address attribute of a tag and the schemes it may use, as on the server. */
const URL_ATTRIBUTE: Readonly<Record<string, { name: string; schemes: readonly string[] }>> = {
  a: { name: 'href', schemes: PAGE_LINK_SCHEMES },
  img: { name: 'src', schemes: PAGE_IMAGE_SCHEMES },
};

function createPurifier(): Purifier {
  // An instance of its own: its hooks change no other use of DOMPurify.
  const purifier = DOMPurify(window);
  // DOMPurify without a working DOM would hand the HTML back untouched: refuse instead.
  if (!purifier.isSupported) throw new Error('DOMPurify needs a DOM: sanitise page HTML in the browser only');
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.localName;
    const url = URL_ATTRIBUTE[tag];
    if (!(PAGE_HTML_ATTRIBUTES[tag] ?? []).includes(event.attrName)) event.keepAttr = false;
    else if (url?.name === event.attrName) event.keepAttr = pageUrlAllowed(event.attrValue, url.schemes);
    // rel is set below from target; a target other than a new tab is dropped, as on the server.
    else if (tag === 'a') event.keepAttr = event.attrName !== 'rel' && (event.attrName !== 'target' || event.attrValue === '_blank');
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new tab must not hand the new page a handle to ours.
    if (node.localName === 'a' && node.getAttribute('target') === '_blank') node.setAttribute('rel', NEW_TAB_REL);
    // Images in pages load lazily: they are below the page title.
    if (node.localName === 'img') node.setAttribute('loading', 'lazy');
  });
  return purifier;
}

let purifier: Purifier | null = null;

/** The page's HTML, sanitised once more and with every table in a scrolling box, ready to render. */
export function purifyPageHtml(html: string): string {
  purifier ??= createPurifier();
  const body = purifier.sanitize(html, CONFIG);
  boxTables(body);
  return body.innerHTML;
}
