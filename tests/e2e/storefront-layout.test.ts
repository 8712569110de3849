// Layout rules every storefront page shares, in Chromium: one centred container lined up with the
// header, no layout shift while data, pictures and the session arrive, and a keyboard path through
// shopping.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { axeViolations } from './support/axe';
import {
  containerEdges,
  holdApi,
  holdAppScript,
  hydrated,
  painted,
  recordLayoutShifts,
  shiftSources,
  stubSignedIn,
} from './storefront-helpers';

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
      const logoLeft = await page
        .locator('header a')
        .first()
        .evaluate((a) => Math.round(a.getBoundingClientRect().left));
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
    // The page as it stands before the data (skeletons, or the server's render) is on screen.
    await page.waitForLoadState('load');
    await painted(page);
    release();
    await page.locator('main article img').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Every picture in view has loaded and been laid out.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img')].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete),
    );
    expect(await shifts(), await shiftSources(page)).toBe(0);
  });

  it("keeps the header still when a signed-in customer's name and switches arrive", async () => {
    await stubSignedIn(page, 'Wanjiku Kamau');
    // Registered last, so it runs first: the session answer comes late, after the first paint.
    await page.route('**/api/account/session', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    // The signed-in switches' own code comes later still (a slow phone): the name shows first.
    await page.route(/\/assets\/signed-in-tools-chunk-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
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
    expect(await shifts(), await shiftSources(page)).toBe(0);
  });

  it('a visitor who scrolls down before the app has started stays there when it starts', async () => {
    // The app's script is held back while the visitor scrolls the server's HTML.
    const release = await holdAppScript(page);
    await page.goto(shop.url + '/', { waitUntil: 'commit' });
    await page.locator('footer').getByRole('button', { name: 'Subscribe' }).scrollIntoViewIfNeeded();
    const spot = await page.evaluate(() => window.scrollY);
    expect(spot).toBeGreaterThan(900);
    release();
    await hydrated(page);
    await painted(page); // a scroll to the top would come with the first render's effects
    expect(await page.evaluate(() => window.scrollY)).toBe(spot);
  });

  it('Back returns to the same spot on /shop, while a new page starts at the top', async () => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto(shop.url + '/shop');
    await hydrated(page); // in-app Back and Forward; scrolling before the page is live has its own test
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

  describe('on a phone', () => {
    const toggle = () => page.getByRole('banner').locator('button[aria-controls="mobile-nav"]');
    const expanded = () => toggle().getAttribute('aria-expanded');
    const focusIsOnToggle = () => toggle().evaluate((b) => b === document.activeElement);
    const accountMenu = () => page.locator('#mobile-nav').getByRole('button', { name: 'Account menu for Wanjiku Kamau' });

    it.each([320, 375])("at %i px the header holds the '1 Pending' badge: nothing overflows or overlaps", async (width) => {
      await open({ width, height: 740 });
      await stubSignedIn(page);
      await page.route('**/api/orders/pending-count', (r) => r.fulfill({ json: { count: 1 } }));
      await page.goto(shop.url + '/shop');
      await page.getByTestId('pending-badge').waitFor();
      await page.getByRole('button', { name: 'Payment sounds' }).waitFor();
      const header = page.getByRole('banner');
      const bar = (await header.boundingBox())!;
      const brand = header.getByRole('link', { name: 'Lake Victoria Aquaculture' });
      const badge = (await header.getByTestId('pending-badge').boundingBox())!;
      // Left to right, each inside the header and on screen, none over the one before it.
      const items = [
        ['shop link', brand],
        ['badge', header.getByTestId('pending-badge')],
        ['sound switch', header.getByRole('button', { name: 'Payment sounds' })],
        ['cart', header.getByRole('link', { name: /^Cart/ })],
        ['menu button', toggle()],
      ] as const;
      let previousRight = 0;
      for (const [what, locator] of items) {
        const box = (await locator.boundingBox())!;
        expect(box.y, what).toBeGreaterThanOrEqual(bar.y);
        expect(box.y + box.height, what).toBeLessThanOrEqual(bar.y + bar.height);
        expect(box.x, `${what} starts after the item before it ends`).toBeGreaterThanOrEqual(previousRight);
        expect(box.x + box.width, what).toBeLessThanOrEqual(width);
        previousRight = box.x + box.width;
      }
      // The shop name, where shown (at 320 px only the logo is), neither spills out nor runs under the badge.
      const name = await brand.locator('span:visible').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { shown: r.width > 1, top: r.top, bottom: r.bottom, right: r.right };
      });
      if (name.shown) {
        expect(name.top).toBeGreaterThanOrEqual(bar.y);
        expect(name.bottom).toBeLessThanOrEqual(bar.y + bar.height);
        expect(name.right).toBeLessThanOrEqual(badge.x);
      }
      // '1 Pending' stays on one line.
      expect((await header.getByTestId('pending-badge').locator('span').boundingBox())!.height).toBeLessThan(28);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the menu closes on Escape (focus back on its button), on a tap outside it and on any navigation', async () => {
      await open({ width: 375, height: 740 });
      await stubSignedIn(page);
      await page.route('**/api/orders**', (r) => r.fulfill({ json: { count: 0, orders: [], awaitingPayment: [] } }));
      await page.goto(shop.url + '/shop');
      await page.getByRole('article').first().waitFor();
      await hydrated(page);

      await toggle().focus();
      await page.keyboard.press('Enter');
      expect(await expanded()).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(expanded).toBe('false');
      expect(await focusIsOnToggle()).toBe(true);

      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab'); // the menu's product search comes first
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await page.keyboard.press('Tab'); // then Home
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
      await page.keyboard.press('Escape');
      await expect.poll(expanded).toBe('false');
      expect(await focusIsOnToggle()).toBe(true);

      await toggle().click();
      await page.getByRole('heading', { level: 1, name: 'Our Products' }).click();
      await expect.poll(expanded).toBe('false');

      // Escape in the account menu closes that menu only.
      await toggle().click();
      await accountMenu().click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
      expect(await expanded()).toBe('true');

      for (const [item, path] of [
        ['Profile', '/profile'],
        ['Orders', '/orders'],
      ]) {
        if ((await expanded()) !== 'true') await toggle().click();
        await accountMenu().click();
        await page.getByRole('menuitem', { name: item }).click();
        await page.waitForURL(shop.url + path);
        // The address changes first; the new page (and the closed menu) render right after.
        await expect.poll(expanded, { message: item }).toBe('false');
      }
      // Back to the page the menu was last opened on: it stays closed.
      await page.goBack();
      await page.waitForURL(shop.url + '/profile');
      expect(await expanded()).toBe('false');
    });

    it('Sign out in the menu closes it and asks nothing more of the signed-in API', async () => {
      await open({ width: 375, height: 740 });
      let signedIn = true;
      const askedSignedOut: string[] = [];
      await stubSignedIn(page);
      // Registered last, so it runs first: once signed out, the session says so.
      await page.route('**/api/account/session', (r) =>
        signedIn ? r.fallback() : r.fulfill({ json: { user: null, profile: null, googleEnabled: false } }),
      );
      await page.route('**/api/auth/sign-out', (r) => {
        signedIn = false;
        return r.fulfill({ json: { success: true } });
      });
      await page.route('**/api/orders/**', (r) => {
        if (signedIn) return r.fulfill({ json: { count: 2 } });
        askedSignedOut.push(r.request().url());
        return r.fulfill({ status: 401, json: { error: { code: 'UNAUTHORIZED', message: 'Sign in first' } } });
      });
      await page.goto(shop.url + '/shop');
      await page.getByTestId('pending-badge').waitFor();
      await toggle().click();
      await accountMenu().click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Signed out successfully!' }).waitFor();
      await page.waitForURL(shop.url + '/');
      await page.waitForLoadState('networkidle');
      expect(askedSignedOut).toEqual([]);
      expect(await page.getByTestId('pending-badge').count()).toBe(0);
      expect(await expanded()).toBe('false');
    });

    it('toasts sit at the top just below the header, with a close button of at least 24 x 24 px', async () => {
      await open({ width: 375, height: 740 });
      await page.goto(shop.url + '/');
      await page.locator('footer').getByRole('button', { name: 'Subscribe' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid email' });
      await toast.waitFor();
      const header = (await page.getByRole('banner').boundingBox())!;
      // At the top, once it has slid in from above.
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);
      expect((await toast.boundingBox())!.y).toBeLessThan(header.y + header.height + 24);
      const close = (await toast.getByRole('button', { name: 'Close toast' }).boundingBox())!;
      expect(Math.round(close.width)).toBeGreaterThanOrEqual(24);
      expect(Math.round(close.height)).toBeGreaterThanOrEqual(24);
    });
  });

  it('lets a keyboard user filter, add to the cart and change the quantity', async () => {
    await page.clock.install(); // 'Adding...' is held on the page's own clock below, not raced in real time
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
    // Stop the page's time, so 'Adding...' lasts until the test moves the clock on (a busy machine
    // may otherwise take its half second to look).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Adding...' }).waitFor();
    // Focus stays on the button while it reads 'Adding...'.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Adding...');
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.clock.resume();

    await page.goto(shop.url + '/cart');
    const plus = page
      .getByRole('listitem', { name: 'Chicken Wings (1 kg)', exact: true })
      .getByRole('button', { name: 'Increase quantity' });
    await plus.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.keyboard.press('Shift+Tab'); // Decrease quantity
    // Past the 300 ms lock, which the button shows as aria-disabled.
    const minus = page
      .getByRole('listitem', { name: 'Chicken Wings (1 kg)', exact: true })
      .getByRole('button', { name: 'Decrease quantity' });
    await expect.poll(() => minus.getAttribute('aria-disabled')).toBeNull();
    await page.keyboard.press('Space');
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
  });
});
