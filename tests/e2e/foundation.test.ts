import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { launchChromium, openPage } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';

describe('the shop in a browser', () => {
  let shop: ShopServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('home shows the header links and the footer', async () => {
    const res = await page.goto(shop.url + '/');
    expect(res?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Shop', 'Blog', 'About Us', 'Contact']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/aboutus');
    expect(await page.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(await page.getByRole('link', { name: 'Sign In' }).first().getAttribute('href')).toBe('/auth');
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'About', exact: true }).getAttribute('href')).toBe('/about');
    expect(await footer.textContent()).toContain('Monday to Friday: 9:00 AM-6:00 PM');
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/about', '/aboutus'])('%s opens the About page', async (path) => {
    await page.goto(shop.url + path);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
  });

  it('/contact opens the Contact page', async () => {
    await page.goto(shop.url + '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
  });

  it('an unknown path shows Page Not Found with a link home', async () => {
    await page.goto(shop.url + '/no/such/place');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(shop.url + '/');
    await page.getByRole('heading', { level: 1, name: /Fresh fish and chicken/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('puts every security header, a request id and the caching headers on a cached API answer and its 304', async () => {
    const expectHeaders = (res: Response) => {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    };
    const res = await fetch(shop.url + '/api/catalog/products', { headers: { 'X-Request-Id': 'bench-check-0001' } });
    expect(res.status).toBe(200);
    expectHeaders(res);
    expect(res.headers.get('x-request-id')).toBe('bench-check-0001');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await res.json()) as { products: unknown[] }).products.length).toBeGreaterThanOrEqual(12);
    const again = await fetch(shop.url + '/api/catalog/products', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expectHeaders(again);
  });

  it('serves the security headers with the page, and caches hashed assets for a year', async () => {
    const res = await fetch(shop.url + '/shop');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    // The app's entry, which the boot script inside the page names.
    const asset = html.match(/data-app-entry="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const js = await fetch(shop.url + asset);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
