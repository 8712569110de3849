import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize-page-html';

describe('sanitizePageHtml', () => {
  it.each<[string, string, string]>([
    [
      'keeps document markup',
      '<h2>Delivery</h2><p>We deliver <strong>daily</strong>.</p>',
      '<h2>Delivery</h2><p>We deliver <strong>daily</strong>.</p>',
    ],
    ['drops a script with its body', '<p>a</p><script>window.pwned = 1</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['drops inline handlers', '<img src="/x.webp" alt="x" onerror="window.pwned=1">', '<img src="/x.webp" alt="x" loading="lazy" />'],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops data: images', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="">', '<img alt="" loading="lazy" />'],
    [
      'keeps mailto and tel links',
      '<a href="mailto:a@b.co">m</a><a href="tel:+254700">t</a>',
      '<a href="mailto:a@b.co">m</a><a href="tel:+254700">t</a>',
    ],
    [
      'adds rel to new-tab links',
      '<a href="https://x.test" target="_blank">x</a>',
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['drops a stray target and rel', '<a href="/faq" target="_self" rel="opener">x</a>', '<a href="/faq">x</a>'],
    ['drops iframes, styles and forms', '<iframe src="https://evil.test"></iframe><style>p{}</style><form><p>f</p></form>', '<p>f</p>'],
    ['drops style attributes', '<p style="position:fixed">x</p>', '<p>x</p>'],
    [
      'keeps tables',
      '<table><tr><th scope="col">Zone</th></tr><tr><td>A</td></tr></table>',
      '<table><tr><th scope="col">Zone</th></tr><tr><td>A</td></tr></table>',
    ],
    ['escapes text that looks like markup', '<p>1 &lt; 2</p>', '<p>1 &lt; 2</p>'],
  ])('%s', (_label, input, expected) => {
    expect(sanitizePageHtml(input)).toBe(expected);
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizePageHtml('<p onclick="x()">Hi <a href="https://a.test" target="_blank">a</a><img src="/i.webp" alt=""></p>');
    expect(sanitizePageHtml(once)).toBe(once);
  });
});
