import { describe, expect, it } from 'vitest';
import { headTags } from './page-head';

const site = { shopName: 'Lake Victoria Aquaculture', origin: 'https://shop.example.co.ke', noindex: false };

describe('headTags', () => {
  it('names the page’s own address in the canonical link and og:url', () => {
    const tags = headTags({ title: 'About Us', description: 'Our farm.', canonicalPath: '/about' }, site);
    expect(tags).toContain('<link rel="canonical" href="https://shop.example.co.ke/about" />');
    expect(tags).toContain('<meta property="og:url" content="https://shop.example.co.ke/about" />');
  });

  it('names no address for a missing page, so every missing address gets the same tags', () => {
    const missing = (canonicalPath: string) =>
      headTags({ title: 'Page Not Found', description: 'Gone.', canonicalPath, status: 404 }, site);
    expect(missing('/no/such/a1')).not.toMatch(/canonical|og:url|no\/such/);
    expect(missing('/no/such/a1')).toBe(missing('/no/such/b2'));
    expect(missing('/no/such/a1')).toContain('<title>Page Not Found | Lake Victoria Aquaculture</title>');
  });
});
