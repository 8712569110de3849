// A page's critical CSS still declares every custom property the whole stylesheet has: the theme's
// colours (`--color-red-700`), and Tailwind's `@property --tw-shadow{…}` rules and their fallbacks.
// Those the page's rules never read through var() change nothing on its first paint (the whole
// stylesheet, with all of them, follows before the app starts), so they are left out: about 0.9 KB
// of each compressed page, which keeps the largest inside the first round trip.

const VAR_READ = /var\(\s*(--[\w-]+)/g;
const PROPERTY_RULE = /@property (--[\w-]+)\{[^}]*\}/g;
/** `--name:value` in a block, whose value holds no quote, brace or semicolon (anything else is kept as it is). */
const DECLARATION = /([{;])(--[\w-]+):[^;{}"']*(?=[;}])/g;

const readsIn = (text: string) => new Set([...text.matchAll(VAR_READ)].map((m) => m[1]));

/**
 * `css` without the custom properties nothing reads: neither a rule of `css` (a property read only
 * by one that is dropped goes too) nor `document` (an inline style may read one).
 */
export function withoutUnusedCustomProperties(css: string, document = ''): string {
  const readByDocument = readsIn(document);
  let out = css;
  for (;;) {
    const read = readsIn(out);
    const unused = (name: string) => !read.has(name) && !readByDocument.has(name);
    const next = out
      .replace(PROPERTY_RULE, (rule, name: string) => (unused(name) ? '' : rule))
      .replace(DECLARATION, (declaration, before: string, name: string) => (unused(name) ? before : declaration))
      .replace(/;{2,}/g, ';')
      .replace(/\{;/g, '{')
      .replace(/;\}/g, '}');
    if (next === out) return out;
    out = next;
  }
}
