// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { purifyPageHtml } from './purify-page-html';

describe('purifyPageHtml (the browser pass over a content page)', () => {
  it.each<[string, string, string]>([
    [
      'keeps document markup',
      '<h2>Delivery</h2><h3>Zones</h3><p>We deliver <strong>daily</strong>, <em>fresh</em> and <u>on time</u>.<br><small>Not on Sundays.</small></p><hr><blockquote><b>Best</b> <i>tilapia</i></blockquote><ul><li>a</li></ul><ol><li>b</li></ol>',
      '<h2>Delivery</h2><h3>Zones</h3><p>We deliver <strong>daily</strong>, <em>fresh</em> and <u>on time</u>.<br><small>Not on Sundays.</small></p><hr><blockquote><b>Best</b> <i>tilapia</i></blockquote><ul><li>a</li></ul><ol><li>b</li></ol>',
    ],
    ['drops a script with its body', '<p>a</p><script>window.pwned = 1</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['drops a script inside svg', '<p>a</p><svg><script>window.pwned = 4</script></svg><p>b</p>', '<p>a</p><p>b</p>'],
    ['drops inline handlers', '<img src="/x.webp" alt="x" onerror="window.pwned=1">', '<img src="/x.webp" alt="x" loading="lazy">'],
    ['drops a handler on allowed markup', '<h2 onclick="window.pwned=1" style="color:red">Hello</h2>', '<h2>Hello</h2>'],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops javascript: hidden by a tab', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['drops protocol-relative links', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['drops data: images', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="">', '<img alt="" loading="lazy">'],
    ['drops mailto: images (images are http(s) only)', '<img src="mailto:a@b.co" alt="m">', '<img alt="m" loading="lazy">'],
    [
      'keeps relative, http(s), mailto and tel links',
      '<a href="/faq">f</a><a href="https://x.test/a">h</a><a href="mailto:a@b.co">m</a><a href="tel:+254700">t</a>',
      '<a href="/faq">f</a><a href="https://x.test/a">h</a><a href="mailto:a@b.co">m</a><a href="tel:+254700">t</a>',
    ],
    [
      'adds rel to new-tab links',
      '<a href="https://x.test" target="_blank" title="X">x</a>',
      '<a href="https://x.test" target="_blank" title="X" rel="noopener noreferrer">x</a>',
    ],
    ['drops a stray target and rel', '<a href="/faq" target="_self" rel="opener">x</a>', '<a href="/faq">x</a>'],
    [
      'keeps image sizes and makes every image lazy',
      '<img src="/a.webp" alt="A" width="640" height="480" loading="eager">',
      '<img src="/a.webp" alt="A" width="640" height="480" loading="lazy">',
    ],
    [
      'keeps an attribute only on its own tags',
      '<p title="t" colspan="2">x</p><img src="/a.webp" alt="" scope="row" target="_blank">',
      '<p>x</p><img src="/a.webp" alt="" loading="lazy">',
    ],
    [
      'drops iframes, styles and forms (a form keeps its text)',
      '<iframe srcdoc="<script>parent.x=1</script>"></iframe><style>p{}</style><form><p>f</p></form>',
      '<p>f</p>',
    ],
    ['unwraps unknown tags, keeping their text', '<div class="x"><p>Kept <span data-x="1">text</span>.</p></div>', '<p>Kept text.</p>'],
    [
      'drops textarea, noscript and object with what they hold',
      '<textarea>t</textarea><noscript><p>n</p></noscript><object><p>o</p></object><p>k</p>',
      '<p>k</p>',
    ],
    ['drops aria and data attributes', '<p aria-hidden="true" data-x="1">x</p>', '<p>x</p>'],
    ['escapes text that looks like markup', '<p>1 &lt; 2 &amp; 3</p>', '<p>1 &lt; 2 &amp; 3</p>'],
    ['gives nothing for nothing', '', ''],
  ])('%s', (_label, input, expected) => {
    expect(purifyPageHtml(input)).toBe(expected);
  });

  it('keeps tables, each in a named scrolling box', () => {
    expect(
      purifyPageHtml(
        '<table><caption>Fees</caption><thead><tr><th scope="col" colspan="2">Zone</th></tr></thead><tbody><tr><td rowspan="1">A</td></tr></tbody></table>',
      ),
    ).toBe(
      '<div class="overflow-x-auto" role="region" tabindex="0" aria-label="Fees"><table><caption>Fees</caption><thead><tr><th scope="col" colspan="2">Zone</th></tr></thead><tbody><tr><td rowspan="1">A</td></tr></tbody></table></div>',
    );
  });

  it('cleans the hostile page the browser test serves past the server', () => {
    const hostile =
      '<h2 onclick="window.__pwned=1" style="color:red">Hello</h2>' +
      '<script>window.__pwned=2</script>' +
      '<img src="/nope.webp" alt="Broken" onerror="window.__pwned=3">' +
      '<svg><script>window.__pwned=4</script></svg>' +
      '<iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>' +
      '<a href="java\tscript:window.__pwned=6" id="bad">Bad link</a> ' +
      '<a href="/shop" target="_blank">Shop</a>' +
      '<div class="x"><p>Kept text.</p></div>';
    expect(purifyPageHtml(hostile)).toBe(
      '<h2>Hello</h2><img src="/nope.webp" alt="Broken" loading="lazy"><a>Bad link</a> ' +
        '<a href="/shop" target="_blank" rel="noopener noreferrer">Shop</a><p>Kept text.</p>',
    );
  });

  it('is stable: purifying twice changes nothing', () => {
    const once = purifyPageHtml('<p onclick="x()">Hi <a href="https://a.test" target="_blank">a</a><img src="/i.webp" alt=""></p>');
    expect(purifyPageHtml(once)).toBe(once);
  });

  it('leaves the DOM of the page it runs in alone', () => {
    purifyPageHtml('<img src="/x.webp" onerror="window.pwned=1"><p>x</p>');
    expect(document.body.innerHTML).toBe('');
  });
});
