// Layout rules every storefront page shares, in Chromium: one centred container lined up with the
// header, no layout shift while data, pictures and the session arrive, and a keyboard path through
// shopping.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { containerEdges, holdApi, recordLayoutShifts, stubSignedIn } from './storefront-helpers';

const STOREFRONT_PAGES = [
  ['/', 'home'],
  ['/shop', 'Our Products'],
  ['/cart', 'Shopping Cart'],
  ['/blog', 'Our Blog'],
  ['/blog/raising-tilapia-in-cages-on-lake-victoria', 'Raise Tilapia'],
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/faq', 'Frequently Asked Questions'],
  ['/no/such/place', 'Page Not Found'],
] as const;

describe('storefront: layout', () => {
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  const open = async (viewport: { width: number; height: number }) => {
    await context?.close();
    context = await browser.newContext({ viewport });
    page = await context.newPage();
  };
  beforeEach(() => open({ width: 1280, height: 900 }));

  it.each([390, 1280, 1600])('at %i px every storefront page lines its content up with the header', async (width) => {
    await open({ width, height: 900 });
    for (const [path, heading] of STOREFRONT_PAGES) {
      await page.goto(shop.url + path);
      if (heading !== 'home') await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      else await page.getByRole('heading', { level: 1 }).waitFor();
      const edges = await containerEdges(page);
      const expected = width >= 1152 ? `${(width - 1152) / 2}-${(width + 1152) / 2}` : `0-${width}`;
      expect(edges.header, path).toBe(expected);
      expect(edges.page, path).toEqual([expected]);
      // The page's own padding: its first words start where the shop name does.
      const logoLeft = await page.locator('header a').first().evaluate((a) => Math.round(a.getBoundingClientRect().left));
      const contentLeft = await page
        .locator('main [data-container]')
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft)));
      expect(contentLeft, path).toBe(logoLeft);
    }
  });

  it.each([
    ['/', { width: 412, height: 823 }],
    ['/shop', { width: 412, height: 823 }],
    ['/blog', { width: 412, height: 823 }],
    ['/', { width: 1280, height: 900 }],
    ['/shop', { width: 1280, height: 900 }],
    ['/blog', { width: 1280, height: 900 }],
  ])('%s does not shift while its data and pictures arrive (%o)', async (path, viewport) => {
    await open(viewport);
    const shifts = await recordLayoutShifts(page);
    // The first answer comes late, so the skeletons are on screen first and get replaced.
    const release = await holdApi(page, path === '/blog' ? /\/api\/content\/posts\?/ : /\/api\/catalog\/products/);
    await page.goto(shop.url + path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(300);
    release();
    await page.locator('main article img').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Every picture in view has loaded and been laid out.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img')]
        .filter((img) => img.getBoundingClientRect().top < innerHeight)
        .every((img) => img.complete),
    );
    expect(await shifts()).toBe(0);
  });

  it('keeps the header still when a signed-in customer\'s name and switches arrive', async () => {
    await stubSignedIn(page, 'Wanjiku Kamau');
    // Registered last, so it runs first: the session answer comes late, after the first paint.
    await page.route('**/api/account/session', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    const shifts = await recordLayoutShifts(page);
    await page.goto(shop.url + '/shop');
    const cart = page.getByRole('link', { name: /^Cart/ });
    const before = await cart.boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    await page.getByText('Welcome, Wanjiku Kamau!').waitFor();
    await page.getByRole('button', { name: 'Payment sounds' }).waitFor();
    expect(await cart.boundingBox()).toEqual(before);
    expect(await page.getByRole('navigation', { name: 'Main' }).boundingBox()).toEqual(nav);
    expect(await shifts()).toBe(0);
  });

  it('Back returns to the same spot on /shop, while a new page starts at the top', async () => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto(shop.url + '/shop');
    await page.getByRole('article').first().waitFor();
    const faq = page.locator('footer').getByRole('link', { name: 'Frequently Asked Questions' });
    await faq.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const spot = await scrollY();
    expect(spot).toBeGreaterThan(900);
    await faq.click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await expect.poll(scrollY).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Our Products' }).waitFor();
    await expect.poll(scrollY).toBe(spot);
    // Forward again: the FAQ was left at its top.
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await expect.poll(scrollY).toBe(0);
  });

  it('lets a keyboard user filter, add to the cart and change the quantity', async () => {
    await page.goto(shop.url + '/shop');
    await page.getByRole('article').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.type('wings');
    await page.waitForURL(/search=wings$/);
    await page.keyboard.press('Tab'); // All
    await page.keyboard.press('Tab'); // Chicken
    await page.keyboard.press('Enter');
    await page.waitForURL(/category=chicken/);
    const card = page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true });
    await card.waitFor();
    const add = card.getByRole('button', { name: 'Add to Cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Adding...' }).waitFor();
    // Focus stays on the button while it reads 'Adding...'.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Adding...');
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    await page.goto(shop.url + '/cart');
    const plus = page.getByRole('listitem', { name: 'Chicken Wings (1 kg)', exact: true }).getByRole('button', { name: 'Increase quantity' });
    await plus.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.keyboard.press('Shift+Tab'); // Decrease quantity
    await page.waitForTimeout(350); // past the 300 ms lock
    await page.keyboard.press('Space');
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
  });
});
