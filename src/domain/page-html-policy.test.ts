import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_SCHEMES, PAGE_LINK_SCHEMES, pageUrlAllowed } from './page-html-policy';

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
