// The shop on a phone, in Chromium: every tap target on the public pages is at least 44 × 44 px,
// and no page (storefront, account or back office) scrolls sideways at 360 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, fillCart, inStockProduct, placeOrder, type Customer, type ShopProduct } from './live-helpers';
import { hydrated } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const ADMIN_EMAIL = 'owner-phone@lakevictoria.example';
const PRODUCT_PAGE = '/shop/fresh-whole-tilapia';
const POST_PAGE = '/blog/raising-tilapia-in-cages-on-lake-victoria';

/** The public pages, each with the heading that says it has rendered. */
const PUBLIC_PAGES = [
  ['/', null],
  ['/shop', 'Our Products'],
  [PRODUCT_PAGE, 'Fresh Whole Tilapia'],
  ['/blog', 'Our Blog'],
  [POST_PAGE, 'Raise Tilapia'],
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/faq', 'Frequently Asked Questions'],
  ['/shipping', null],
  ['/cart', 'Shopping Cart'],
  ['/auth', 'Welcome'],
  ['/auth?tab=sign-up', 'Welcome'],
  ['/auth?forgot=1', 'Forgot password'],
] as const;

/** The smallest a finger can hit reliably (WCAG 2.5.5, Apple's and Google's guidance). */
const MIN_TARGET = 44;

/**
 * Every visible tap target smaller than MIN_TARGET in either direction, as 'what (w×h)'. A link
 * inside a sentence is excepted, as WCAG 2.5.8 allows: its size is set by the line of text. A
 * checkbox or radio is measured with its label (a tap on either toggles it); a link stretched
 * over its card (::after, absolute) is measured as the card.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input, select, textarea, [role="button"], summary, label';
    const out: string[] = [];
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if ((el as HTMLElement).closest('[aria-hidden="true"], [inert]')) return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false; // sr-only and collapsed
      return true;
    };
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = text || el.getAttribute('name') || el.getAttribute('placeholder') || el.id;
      return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name}"`;
    };
    /** A link that sits in a sentence: inline, with text of its own block around it. */
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim();
      const all = (block.textContent ?? '').trim();
      return all.length > own.length + 3;
    };
    for (const el of document.querySelectorAll(selector)) {
      if (!visible(el)) continue;
      if (el.tagName === 'LABEL') {
        const control = (el as HTMLLabelElement).control;
        if (!control || !['checkbox', 'radio'].includes((control as HTMLInputElement).type)) continue;
      }
      if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes((el as HTMLInputElement).type)) {
        if ((el as HTMLInputElement).labels?.length) continue; // measured as its label
      }
      if (inSentence(el)) continue;
      let box = el.getBoundingClientRect();
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && (el as HTMLElement).offsetParent) {
        box = (el as HTMLElement).offsetParent!.getBoundingClientRect();
      }
      // Half a pixel of rounding is not a smaller target.
      if (box.width + 0.5 < min || box.height + 0.5 < min) out.push(`${describe(el)} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return out;
  }, MIN_TARGET);
}

/** Each table frame that scrolls sideways, as 'label: overflow'. */
const tableFrames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]:has(> table)')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `table '${el.getAttribute('aria-label')}' scrolls ${el.scrollWidth - el.clientWidth} px`),
  );

/** How far the page scrolls sideways, and what sticks out furthest (0 and '' when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const over = document.scrollingElement!.scrollWidth - window.innerWidth;
    if (over <= 0) return 0;
    let widest: Element | null = null;
    let right = window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right) [widest, right] = [el, r];
    }
    const what = widest ? `${widest.tagName.toLowerCase()}.${[...widest.classList].join('.')}` : '?';
    return `${over} px (${what.slice(0, 120)})`;
  });

describe('the shop on a phone', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let product: ShopProduct;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    product = await inStockProduct(shop);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  async function phone(width: number, height: number, context?: BrowserContext): Promise<Page> {
    const ctx = context ?? (await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true }));
    const page = await ctx.newPage();
    await page.setViewportSize({ width, height });
    return page;
  }

  async function openPage(page: Page, path: string, heading: string | null) {
    await page.goto(shop.url + path);
    await hydrated(page);
    if (heading) await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    else await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Data-driven parts (cards, lists, the footer's details) are in.
    await page.waitForLoadState('networkidle');
  }

  it.each([
    [390, 844],
    [360, 740],
  ])('at %i × %i every tap target on the public pages is at least 44 × 44 px', async (width, height) => {
    const page = await phone(width, height);
    await page.goto(shop.url + '/');
    await fillCart(page, product, 1); // the cart's controls are measured too
    const offenders: string[] = [];
    for (const [path, heading] of PUBLIC_PAGES) {
      await openPage(page, path, heading);
      for (const o of await smallTargets(page)) offenders.push(`${path}: ${o}`);
      if (path === '/') {
        // The menu's links, open.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#mobile-nav').waitFor();
        for (const o of await smallTargets(page)) offenders.push(`${path} (menu open): ${o}`);
        await page.getByRole('button', { name: 'Close menu' }).click();
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
    await page.context().close();
  });

  describe('no page scrolls sideways at 360 × 740', () => {
    let customer: Customer;
    let admin: Customer;
    let orderId: string;

    beforeAll(async () => {
      customer = await createCustomer(shop, smtp, browser, 'Wanjiru Njeri Wambui');
      admin = await createCustomer(shop, smtp, browser, 'Achieng Owner', ADMIN_EMAIL);
      orderId = (await placeOrder(shop, customer, product, 2, { building: 'Hse 4', directions: 'Blue gate' })).orderId;
    });

    it('on the public pages', async () => {
      const page = await phone(360, 740);
      await page.goto(shop.url + '/');
      await fillCart(page, product, 3);
      const wide: string[] = [];
      for (const [path, heading] of PUBLIC_PAGES) {
        await openPage(page, path, heading);
        const over = await sidewaysScroll(page);
        if (over) wide.push(`${path}: ${over}`);
      }
      expect(wide).toEqual([]);
      await page.context().close();
    });

    it("on the customer's pages: checkout, profile, orders and an order", async () => {
      const page = await phone(360, 740, customer.context);
      await page.goto(shop.url + '/');
      await fillCart(page, product, 1);
      const wide: string[] = [];
      const visit = async (path: string, ready: () => Promise<unknown>) => {
        await page.goto(shop.url + path);
        await hydrated(page);
        await ready();
        await page.waitForLoadState('networkidle');
        const over = await sidewaysScroll(page);
        if (over) wide.push(`${path}: ${over}`);
      };
      await visit('/', () => page.getByRole('link', { name: /^Cart/ }).waitFor());
      await visit('/shop', () => page.getByRole('article').first().waitFor());
      await visit('/cart', () => page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor());
      await visit('/checkout', () => page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor());
      await visit('/profile', () => page.getByRole('heading', { level: 1 }).waitFor());
      await visit('/orders', () => page.getByRole('heading', { name: /^(Awaiting payment|Order history)$/ }).first().waitFor());
      await page.evaluate((id) => {
        window.history.pushState({ usr: { orderId: id }, key: 'phone', idx: 1 }, '', '/order-success');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, orderId);
      await page.getByTestId('payment-state').waitFor();
      await page.waitForLoadState('networkidle');
      const over = await sidewaysScroll(page);
      if (over) wide.push(`/order-success: ${over}`);
      expect(wide).toEqual([]);
      await page.close();
    });

    it('in the back office', async () => {
      const page = await phone(360, 740, admin.context);
      const wide: string[] = [];
      const screens = ['/admin', '/admin/products', '/admin/products/new', '/admin/orders', `/admin/orders/${orderId}`, '/admin/customers', '/admin/posts', '/admin/pages', '/admin/newsletter', '/admin/messages', '/admin/delivery', '/admin/shop-details', '/admin/audit'];
      for (const path of screens) {
        await page.goto(shop.url + path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const over = await sidewaysScroll(page);
        if (over) wide.push(`${path}: ${over}`);
        // Nor does a table inside its own frame: on a phone its rows are stacks of lines.
        for (const frame of await tableFrames(page)) wide.push(`${path}: ${frame}`);
      }
      // The orders list: one order's cells, each under its column's name.
      await page.goto(shop.url + '/admin/orders');
      const row = page.getByRole('region', { name: 'Order list' }).locator('tbody tr').first();
      await row.waitFor();
      const lines = await row.locator('td').evaluateAll((cells) =>
        cells
          .filter((td) => getComputedStyle(td).display !== 'none')
          .map((td) => ({ label: getComputedStyle(td, '::before').content, top: Math.round(td.getBoundingClientRect().top) })),
      );
      expect(lines.map((l) => l.label)).toEqual(expect.arrayContaining(['"Order"', '"Customer"', '"Total"', '"Status"']));
      expect(new Set(lines.map((l) => l.top)).size).toBe(lines.length); // one line each, not side by side
      expect(await axeViolations(page)).toEqual([]);
      // The first product and the first customer, from their lists.
      for (const [list, row] of [['/admin/products', /Edit|Tilapia/], ['/admin/customers', /Wanjiru/]] as const) {
        await page.goto(shop.url + list);
        await page.getByRole('link', { name: row }).first().click();
        await page.waitForURL((u) => u.pathname !== list);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const over = await sidewaysScroll(page);
        if (over) wide.push(`${new URL(page.url()).pathname}: ${over}`);
        for (const frame of await tableFrames(page)) wide.push(`${new URL(page.url()).pathname}: ${frame}`);
      }
      expect(wide).toEqual([]);
      await page.close();
    });
  });
});
