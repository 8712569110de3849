import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_SCHEMES, PAGE_LINK_SCHEMES, pageUrlAllowed, swallowedContentMessage, swallowedPageContent } from './page-html-policy';

describe('page HTML addresses', () => {
  it.each(['/shop', 'faq', '#top', '?x=1', 'https://example.com/a', 'HTTP://example.com', 'mailto:info@example.com', 'tel:+254700000000'])(
    'lets the link %s stay',
    (url) => expect(pageUrlAllowed(url, PAGE_LINK_SCHEMES)).toBe(true),
  );

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/x', 'x:y'])(
    'drops the link %s',
    (url) => expect(pageUrlAllowed(url, PAGE_LINK_SCHEMES)).toBe(false),
  );

  it('keeps images to http(s) and relative addresses', () => {
    expect(pageUrlAllowed('/media/abc', PAGE_IMAGE_SCHEMES)).toBe(true);
    expect(pageUrlAllowed('https://images.example.com/p.png', PAGE_IMAGE_SCHEMES)).toBe(true);
    expect(pageUrlAllowed('mailto:x@example.com', PAGE_IMAGE_SCHEMES)).toBe(false);
    expect(pageUrlAllowed('data:image/svg+xml,<svg onload=alert(1)>', PAGE_IMAGE_SCHEMES)).toBe(false);
  });
});

describe('content a dropped element would take with it', () => {
  it.each([
    ['<p>Intro</p><math><mtext><table><mglyph><style><h2>Delivery</h2><p>We deliver daily.</p>', 'style', 'Delivery We deliver daily.'],
    ['<p>a</p><style>p { color: red }', 'style', 'p { color: red }'],
    ['<p>a</p><script>x()</script><p>b</p><script><p>lost</p></script>', 'script', 'lost'],
    ['<p>a</p><textarea>Our notes</textarea>', 'textarea', 'Our notes'],
    ['<p>a</p><noscript><p>Turn on JavaScript</p></noscript>', 'noscript', 'Turn on JavaScript'],
    ['<iframe src="https://x.test"><p>Rest of the page', 'iframe', 'Rest of the page'],
  ])('%s loses the %s', (html, tag, text) => {
    expect(swallowedPageContent(html)).toEqual({ tag, text });
  });

  it.each([
    '<p>a</p><script>window.pwned = 1</script><p>b</p>',
    '<p>a</p><script>if (a<b) {}</script>',
    '<p>a</p><style>p{}</style>',
    '<iframe src="https://evil.test"></iframe><p>b</p>',
    '<p>a</p><style>',
    '<h2>Plain</h2><p>page</p>',
  ])('%s loses nothing the merchant wrote', (html) => {
    expect(swallowedPageContent(html)).toBeNull();
  });

  it('names the tag and the text in the message', () => {
    expect(swallowedContentMessage({ tag: 'style', text: 'Delivery' })).toBe(
      'The page was not saved: a <style> element would remove the text "Delivery" from the page. Remove the <style> tag, or close it with </style> before the page\'s content, and save again.',
    );
  });
});
