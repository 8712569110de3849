import { describe, expect, it } from 'vitest';
import {
  PAGE_IMAGE_SCHEMES,
  PAGE_LINK_SCHEMES,
  hiddenContentMessage,
  hiddenPageContent,
  pageUrlAllowed,
  swallowedContentMessage,
  swallowedPageContent,
} from './page-html-policy';

describe('page HTML addresses', () => {
  it.each(['/shop', 'faq', '#top', '?x=1', 'https://example.com/a', 'HTTP://example.com', 'mailto:info@example.com', 'tel:+254700000000'])(
    'lets the link %s stay',
    (url) => expect(pageUrlAllowed(url, PAGE_LINK_SCHEMES)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example/x',
    'x:y',
  ])('drops the link %s', (url) => expect(pageUrlAllowed(url, PAGE_LINK_SCHEMES)).toBe(false));

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

describe('content that markup would hide from the page', () => {
  it.each([
    ['<p>Intro</p><!-- note <p>Important</p>', 'comment', 'note Important'],
    ['<p>Intro</p><!-- old --><p>a</p><!-- <img src="/x.webp">', 'comment', ''],
    ['<p>Intro</p><!-- ends like a browser would --!><p>Important</p>', 'comment', 'ends like a browser would --!> Important'],
    ['<p>Intro</p><![CDATA[ <p>Important</p>', 'cdata', 'Important'],
    ['<p>Intro</p><![CDATA[ Important ]]><p>b</p>', 'cdata', 'Important'],
    ['<p>Intro</p><svg><![CDATA[ x ]]></svg>', 'cdata', 'x'],
    ['<p>Intro</p><script type="text/plain">Important</script><p>b</p>', 'script', 'Important'],
    ['<p>Intro</p><SCRIPT TYPE="TEXT/PLAIN"><p>Important</p>', 'script', 'Important'],
    ['<p>Intro</p><script type=application/ld+json>{"name": "Tilapia"}</script>', 'script', '{"name": "Tilapia"}'],
  ])('%s hides a %s', (html, kind, text) => {
    expect(hiddenPageContent(html)).toEqual({ kind, text });
  });

  it.each([
    '<p>Intro</p><!-- note --><p>Important</p>',
    '<p>Intro</p><!--><p>Important</p><!---><p>More</p>',
    '<p>Intro</p><!--',
    '<p>a</p><script>/* <!-- */ x()</script><p>b</p>',
    '<p>a</p><style>/* <![CDATA[ */</style><p>b</p>',
    '<p>a</p><script type="module">x()</script><script type="text/javascript">y()</script>',
    '<p>a</p><script type="text/plain"></script>',
    '<p>a</p><script>window.pwned = 1</script><p>b</p>',
    '<h2>Plain</h2><p>page</p><p>1 &lt; 2</p>',
  ])('%s hides nothing the merchant wrote', (html) => {
    expect(hiddenPageContent(html)).toBeNull();
  });

  it('says what would be lost and how to keep it', () => {
    expect(hiddenContentMessage({ kind: 'comment', text: 'note Important' })).toBe(
      'The page was not saved: a comment (<!--) is never closed with -->, so it would swallow the rest of the page, including the text "note Important". Close the comment with --> where it should end, or remove the <!--, and save again.',
    );
    expect(hiddenContentMessage({ kind: 'cdata', text: 'Important' }, 'post')).toBe(
      'The post was not saved: CDATA sections (<![CDATA[ … ]]>) are not allowed, and this one would remove the text "Important". Write the text without <![CDATA[ and ]]>, and save again.',
    );
    expect(hiddenContentMessage({ kind: 'script', text: '' })).toBe(
      'The page was not saved: script elements are not allowed, and this one would remove content. Write the content outside the <script> element, and save again.',
    );
  });
});
