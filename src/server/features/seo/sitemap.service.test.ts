import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap.service';

describe('robots.txt and the sitemap', () => {
  it('in production allows the shop and keeps robots off every private page and server path', () => {
    const lines = robotsTxt('https://shop.example', true).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/auth',
      '/cart',
      '/checkout',
      '/order-success',
      '/profile',
      '/orders',
      '/admin',
      '/api/',
      '/dev/',
      '/pesapal-sim/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('writes each address once with its last change', () => {
    const xml = sitemapXml('https://shop.example', [{ path: '/' }, { path: '/shop/tilapia', lastmod: new Date('2026-11-24T08:00:00Z') }]);
    expect(xml).toContain('<url><loc>https://shop.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://shop.example/shop/tilapia</loc><lastmod>2026-11-24T08:00:00.000Z</lastmod></url>');
  });
});
