// @vitest-environment jsdom
// A content page is sanitised twice with one policy (src/domain/page-html-policy.ts): by
// sanitize-html on the server, and by DOMPurify in the browser once the page has hydrated. The
// server renders the server's HTML (tables boxed without a DOM); the browser then renders its own
// pass. Both must give the same page, or the page would change under the visitor's eyes, and
// either sanitiser on its own must give what the other gives.
import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from '@/server/features/content/sanitize-page-html';
import { boxTablesInHtml } from '@/web/features/content/page-tables';
import { purifyPageHtml } from '@/web/features/content/purify-page-html';

/**
 * The page a browser builds from some HTML, written back out with each element's attributes in
 * name order: '<img />' and '<img>', or the same attributes in another order, are the same page.
 */
function asParsed(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const el of root.querySelectorAll('*')) {
    const attributes = [...el.attributes].map(({ name, value }) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) el.removeAttribute(name);
    for (const [name, value] of attributes) el.setAttribute(name, value);
  }
  return root.innerHTML;
}

const SAMPLES = [
  '<h2>Delivery</h2><p>We deliver <strong>daily</strong>, <em>fresh</em>.<br>Call us.</p><hr><blockquote>Best <b>tilapia</b></blockquote>',
  '<h3>Zones</h3><ul><li>Westlands</li><li>Kilimani</li></ul><ol><li>Order</li><li>Pay</li></ol><p><small>Fine print</small> <u>u</u> <i>i</i></p>',
  '<p>a</p><script>window.pwned = 1</script><p>b</p>',
  '<img src="/x.webp" alt="x" onerror="window.pwned=1" width="640" height="480">',
  '<a href="javascript:alert(1)">x</a> <a href="java\tscript:alert(1)">y</a> <a href="//evil.example/x">z</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt=""><img src="mailto:a@b.co" alt="m">',
  '<a href="/faq">f</a><a href="https://x.test/a?b=1&amp;c=2">h</a><a href="mailto:a@b.co">m</a><a href="tel:+254700">t</a>',
  '<a href="https://x.test" target="_blank" title="X &amp; Y">x</a><a href="/faq" target="_self" rel="opener">y</a>',
  '<iframe src="https://evil.test"></iframe><style>p{}</style><form><p>f</p></form><textarea>t</textarea><noscript>n</noscript>',
  '<p style="position:fixed" class="c" id="i" data-x="1" aria-hidden="true">x</p>',
  '<div class="x"><p>Kept <span>text</span>.</p></div><section><h2>In a section</h2></section>',
  '<table><caption>Delivery fees</caption><thead><tr><th scope="col">Zone</th><th scope="col">Fee</th></tr></thead><tbody><tr><td>A</td><td>KES 200</td></tr></tbody></table>',
  '<table><tr><th scope="row" colspan="2" rowspan="1">Zone</th></tr><tr><td colspan="2">A</td></tr></table>',
  '<table><caption>Fish &amp; "chips" <b>prices</b></caption><tfoot><tr><td>t</td></tr></tfoot></table>',
  '<p>1 &lt; 2 &amp; 3 &gt; 0 "quoted" \'single\' &nbsp;non-breaking</p>',
  '<h2 onclick="window.__pwned=1" style="color:red">Hello</h2><script>window.__pwned=2</script><svg><script>window.__pwned=4</script></svg><iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>',
  '<P>Upper <STRONG>case</STRONG></P><A HREF="/shop">Shop</A>',
  '<p>Before</p><!-- a note --><p>After</p>',
  '<h1>Top heading</h1><h5>Small</h5><pre>code</pre><code>x</code>',
];

describe('the server and the browser sanitise a content page alike', () => {
  it.each(SAMPLES)('%s', (html) => {
    const server = sanitizePageHtml(html);
    // What the server renders, and what the hydrating render repeats.
    const serverPage = asParsed(boxTablesInHtml(server));
    // What the browser renders once hydrated: its own pass over the server's HTML.
    expect(asParsed(purifyPageHtml(server))).toBe(serverPage);
    // DOMPurify on its own, given HTML the server never saw, lands on the same page.
    expect(asParsed(purifyPageHtml(html))).toBe(serverPage);
  });

  it('drops what must go on both sides', () => {
    const hostile = SAMPLES.filter((html) => /script|on\w+=|javascript|data:/.test(html)).join('');
    for (const page of [sanitizePageHtml(hostile), purifyPageHtml(hostile)]) {
      expect(page).not.toMatch(/<script|\son\w+=|javascript:|data:|<iframe|<svg|style=/i);
    }
  });
});
