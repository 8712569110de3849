// The shop on a phone, in Chromium: every tap target on the public pages is at least 44 × 44 px,
// and no page (storefront, account or back office) scrolls sideways at 360 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, fillCart, inStockProduct, placeOrder, seenByPesapal, type Customer, type ShopProduct } from './live-helpers';
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

/**
 * Money and days said another way than the shop's one way ('KES 1,200.00', '24 Nov 2026'): each
 * offending snippet of the page's visible text.
 */
const otherWording = (page: Page) =>
  page.evaluate(() => {
    const text = document.body.innerText;
    const patterns = [
      /\bK[Ss][Hh]s?(?![a-z])\.?\s*[\d,.]*/g, // KSh 1,200, Ksh500
      /(?:\$|\bUSD)\s?\d[\d,.]*/g, // $12, USD 12
      /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, // 24/11/2026, 11/24/26
      /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?/g, // 2026-11-24
      /\b(?:January|February|March|April|June|July|August|September|October|November|December) \d{1,2}\b/g, // November 24
      /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/g, // Nov 24, 2026
    ];
    return patterns.flatMap((re) => text.match(re) ?? []);
  });

/** Each table frame that scrolls sideways, as 'label: overflow'. */
const tableFrames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]:has(> table)')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `table '${el.getAttribute('aria-label')}' scrolls ${el.scrollWidth - el.clientWidth} px`),
  );

/**
 * Each visible text the page cuts short, as 'cut: text': a line ended with an ellipsis, a clamped
 * paragraph with more lines than it shows, or a box that hides what overflows it. Screen-reader-only
 * text (a 1 px box) is not shown, so not cut.
 */
const cutText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.clientWidth <= 1 || el.clientHeight <= 1 || !el.textContent?.trim()) continue;
      if (el.closest('[aria-hidden="true"], [inert], [data-sonner-toaster]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = el.scrollHeight > el.clientHeight + 1;
      const ellipsis = style.textOverflow === 'ellipsis' && wide;
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && tall;
      const hidden = style.overflowX === 'hidden' && wide && el.children.length === 0;
      if (ellipsis || clamped || hidden) out.push(`cut: ${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 60)}`);
    }
    return out;
  });

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
  let customer: Customer;
  let admin: Customer;
  let orderId: string;
  let tilapiaId: string;
  let variantOrderId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    product = await inStockProduct(shop);
    customer = await createCustomer(shop, smtp, browser, 'Wanjiru Njeri Wambui');
    admin = await createCustomer(shop, smtp, browser, 'Achieng Owner', ADMIN_EMAIL);
    const pending = await placeOrder(shop, customer, product, 2, { building: 'Hse 4', directions: 'Blue gate' });
    orderId = pending.orderId;
    // Pesapal has seen its payment: the header shows it as pending (a page closed unpaid would not be).
    await seenByPesapal(shop, pending);
    // A fish sold by size and cut, and an order of it: the back office's widest product and order.
    const tilapia = (await (await fetch(`${shop.url}/api/catalog/products/by-slug/tilapia`)).json()) as {
      product: { id: string };
      variants: { id: string; name: string }[];
    };
    tilapiaId = tilapia.product.id;
    const large = tilapia.variants.find((v) => v.name === 'Large, Scaled & gutted')!;
    const placed = await customer.context.request.post(`${shop.url}/api/checkout/orders`, {
      headers: { Origin: shop.url },
      data: {
        items: [{ productId: tilapiaId, variantId: large.id, quantity: 2 }],
        customerInfo: { fullName: customer.name, email: customer.email, phone: '0712 345 678', address: 'Westlands, Nairobi' },
        deliveryInfo: { address: 'Westlands, Nairobi' },
      },
    });
    expect(placed.status()).toBe(200);
    variantOrderId = ((await placed.json()) as { orderId: string }).orderId;
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
    await page.context().close();
    // Signed in, with an order waiting for payment: the badge, the sound switch and the account
    // menu in the open menu.
    const signedIn = await phone(width, height, customer.context);
    await openPage(signedIn, '/shop', 'Our Products');
    await signedIn.getByTestId('pending-badge').waitFor();
    await signedIn.getByRole('button', { name: 'Open menu' }).click();
    await signedIn.getByRole('button', { name: /^Account menu/ }).click();
    await signedIn.getByRole('menuitem').first().waitFor();
    for (const o of await smallTargets(signedIn)) offenders.push(`/shop (signed in, menus open): ${o}`);
    for (const item of await signedIn.getByRole('menuitem').all()) {
      const box = (await item.boundingBox())!;
      if (box.height < MIN_TARGET || box.width < MIN_TARGET)
        offenders.push(`/shop account menu: ${await item.textContent()} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    await signedIn.close();
    expect([...new Set(offenders)]).toEqual([]);
  });

  describe('no page scrolls sideways or cuts a text short at 360 × 740', () => {
    it('on the public pages', async () => {
      const page = await phone(360, 740);
      await page.goto(shop.url + '/');
      await fillCart(page, product, 3);
      const wide: string[] = [];
      for (const [path, heading] of PUBLIC_PAGES) {
        await openPage(page, path, heading);
        const over = await sidewaysScroll(page);
        if (over) wide.push(`${path}: ${over}`);
        for (const w of await otherWording(page)) wide.push(`${path} says '${w}'`);
        for (const c of await cutText(page)) wide.push(`${path}: ${c}`);
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
        for (const w of await otherWording(page)) wide.push(`${path} says '${w}'`);
        for (const c of await cutText(page)) wide.push(`${path}: ${c}`);
      };
      await visit('/', () => page.getByRole('link', { name: /^Cart/ }).waitFor());
      await visit('/shop', () => page.getByRole('article').first().waitFor());
      // With the pending badge, the sound switch, the cart and the menu beside it, the header still
      // says whose shop this is: the short name, not the logo alone.
      await page.getByTestId('pending-badge').waitFor();
      expect(await page.getByTestId('shop-short-name').isVisible()).toBe(true);
      expect((await page.getByTestId('shop-short-name').boundingBox())!.width).toBeGreaterThan(20);
      expect(await page.getByTestId('shop-short-name').textContent()).toBe('Lake Victoria');
      await visit('/cart', () => page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor());
      await visit('/checkout', () => page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor());
      await visit('/profile', () => page.getByRole('heading', { level: 1 }).waitFor());
      await visit('/orders', () =>
        page
          .getByRole('heading', { name: /^(Awaiting payment|Order history)$/ })
          .first()
          .waitFor(),
      );
      await page.evaluate((id) => {
        window.history.pushState({ usr: { orderId: id }, key: 'phone', idx: 1 }, '', '/order-success');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, orderId);
      await page.getByTestId('payment-state').waitFor();
      await page.waitForLoadState('networkidle');
      const over = await sidewaysScroll(page);
      if (over) wide.push(`/order-success: ${over}`);
      for (const w of await otherWording(page)) wide.push(`/order-success says '${w}'`);
      for (const c of await cutText(page)) wide.push(`/order-success: ${c}`);
      expect(wide).toEqual([]);
      await page.close();
    });

    /** What is too wide on the back-office screen open in `page`: the page, a table's frame, the wording. */
    async function backOfficeProblems(page: Page): Promise<string[]> {
      const path = new URL(page.url()).pathname;
      const wide: string[] = [];
      const over = await sidewaysScroll(page);
      if (over) wide.push(`${path}: ${over}`);
      // Nor does a table inside its own frame: on a phone its rows are stacks of lines.
      for (const frame of await tableFrames(page)) wide.push(`${path}: ${frame}`);
      for (const w of await otherWording(page)) wide.push(`${path} says '${w}'`);
      return wide;
    }

    // One test a screen, so a slow machine gives each its own time.
    const screen = (path: string): [string, () => string] => [path, () => path];
    const screens: [string, () => string][] = [
      ...['/admin', '/admin/products', '/admin/products/new', '/admin/orders'].map(screen),
      ['an order', () => `/admin/orders/${orderId}`],
      ['a product sold by size and cut', () => `/admin/products/${tilapiaId}`],
      ['an order of a fish by size and cut', () => `/admin/orders/${variantOrderId}`],
      ...[
        '/admin/customers',
        '/admin/posts',
        '/admin/pages',
        '/admin/newsletter',
        '/admin/messages',
        '/admin/delivery',
        '/admin/shop-details',
        '/admin/tax-invoices',
        '/admin/audit',
        '/admin/abandoned-carts',
      ].map(screen),
    ];
    it.each(screens)('in the back office: %s', async (_name, path) => {
      const page = await phone(360, 740, admin.context);
      await page.goto(shop.url + path());
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await backOfficeProblems(page)).toEqual([]);
      await page.close();
    });

    it('in the back office: the orders list stacks each cell under its column name', async () => {
      const page = await phone(360, 740, admin.context);
      await page.goto(shop.url + '/admin/orders');
      const row = page.getByRole('region', { name: 'Order list' }).locator('tbody tr').first();
      await row.waitFor();
      const lines = await row
        .locator('td')
        .evaluateAll((cells) =>
          cells
            .filter((td) => getComputedStyle(td).display !== 'none')
            .map((td) => ({ label: getComputedStyle(td, '::before').content, top: Math.round(td.getBoundingClientRect().top) })),
        );
      expect(lines.map((l) => l.label)).toEqual(expect.arrayContaining(['"Order"', '"Customer"', '"Total"', '"Status"']));
      expect(new Set(lines.map((l) => l.top)).size).toBe(lines.length); // one line each, not side by side
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it.each([
      ['/admin/products', /Edit|Tilapia/],
      ['/admin/customers', /Wanjiru/],
    ] as const)('in the back office: the first entry of %s', async (list, row) => {
      const page = await phone(360, 740, admin.context);
      await page.goto(shop.url + list);
      await page.getByRole('link', { name: row }).first().click();
      await page.waitForURL((u) => u.pathname !== list);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await backOfficeProblems(page)).toEqual([]);
      await page.close();
    });
  });
  describe('/shop on a phone', () => {
    /** Boxes of the cards, the filter bar and the header, in viewport pixels. */
    const layout = (page: Page) =>
      page.evaluate(() => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
        };
        return {
          header: box(document.querySelector('header')),
          bar: box(document.querySelector('[data-sticky-filters]')),
          cards: [...document.querySelectorAll('main article')].map(box),
          position: getComputedStyle(document.querySelector('[data-sticky-filters]')!).position,
        };
      });

    it.each([390, 360])('at %i px: two compact columns, the search and categories stay under the header while scrolling', async (width) => {
      const page = await phone(width, 844);
      await openPage(page, '/shop', 'Our Products');
      const start = await layout(page);
      // Two columns: the first two cards side by side, the third under the first.
      const [a, b, c] = start.cards;
      expect(Math.round(b!.top)).toBe(Math.round(a!.top));
      expect(b!.left).toBeGreaterThan(a!.right);
      expect(Math.round(c!.left)).toBe(Math.round(a!.left));
      // Compact: picture, name, price and button, no description (it is on the product's page).
      expect(a!.height).toBeLessThan(300);
      const card = page.getByRole('article').first();
      expect(await card.getByRole('img').isVisible()).toBe(true);
      expect(await card.getByRole('heading').isVisible()).toBe(true);
      expect(await card.getByText(/^KES /).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: /Add to Cart|Out of Stock/ }).isVisible()).toBe(true);
      expect(await card.locator('p.line-clamp-2').isVisible()).toBe(false);
      // At the top the bar sits in the page's flow, over nothing.
      expect(start.bar.top).toBeGreaterThanOrEqual(start.header.bottom);
      expect(start.cards.every((k) => k.top >= start.bar.bottom)).toBe(true);
      // Scrolled far down: the search box and the categories are still on screen, under the header.
      await page.evaluate(() => window.scrollTo(0, 2000));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2000);
      const scrolled = await layout(page);
      expect(scrolled.position).toBe('sticky');
      expect(scrolled.bar.top).toBeGreaterThanOrEqual(scrolled.header.bottom - 1);
      expect(scrolled.bar.top).toBeLessThanOrEqual(scrolled.header.bottom + 1);
      await page.getByRole('searchbox', { name: 'Search products' }).click(); // a tap reaches it
      await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Fish' }).click();
      await page.waitForURL(/category=fish/);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });

    it("a product card's description is readable on its page", async () => {
      const page = await phone(390, 844);
      await openPage(page, PRODUCT_PAGE, 'Fresh Whole Tilapia');
      const res = await fetch(`${shop.url}/api/catalog/products`);
      const { products } = (await res.json()) as { products: { slug: string; description: string }[] };
      const description = products.find((p) => `/shop/${p.slug}` === PRODUCT_PAGE)!.description;
      expect(await page.getByRole('main').getByText(description.slice(0, 40)).first().isVisible()).toBe(true);
      await page.context().close();
    });

    it('keyboard focus moving through the cards is never hidden under the header or the search bar', async () => {
      const page = await phone(390, 844);
      await openPage(page, '/shop', 'Our Products');
      await page.getByRole('searchbox', { name: 'Search products' }).focus();
      const hidden: string[] = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement!;
          if (!el.closest('main article')) return null;
          const r = el.getBoundingClientRect();
          const bar = document.querySelector('[data-sticky-filters]')!.getBoundingClientRect();
          return { name: el.textContent?.trim() ?? '', top: r.top, bottom: r.bottom, barBottom: bar.bottom };
        });
        if (!where) continue;
        if (where.top < where.barBottom || where.bottom > 844)
          hidden.push(`${where.name} at ${Math.round(where.top)} (bar ends at ${Math.round(where.barBottom)})`);
      }
      expect(hidden).toEqual([]);
      // Shift+Tab back up the page: the same.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Shift+Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement!;
          if (!el.closest('main article')) return null;
          const r = el.getBoundingClientRect();
          const bar = document.querySelector('[data-sticky-filters]')!.getBoundingClientRect();
          return { name: el.textContent?.trim() ?? '', top: r.top, barBottom: bar.bottom };
        });
        if (where && where.top < where.barBottom) hidden.push(`back: ${where.name} at ${Math.round(where.top)}`);
      }
      expect(hidden).toEqual([]);
      await page.context().close();
    });

    it("a toast after Add to Cart sits over the search bar, not over the next card's button", async () => {
      const page = await phone(390, 844);
      await openPage(page, '/shop', 'Our Products');
      const cards = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) });
      await cards.nth(2).scrollIntoViewIfNeeded();
      await cards.nth(2).getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'added to cart' });
      await toast.waitFor();
      const { header, bar } = await layout(page);
      // Once it has slid in from above: below the header, so the logo and the cart stay in view.
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.bottom);
      const box = (await toast.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.bottom);
      const buttons = await page
        .getByRole('button', { name: 'Add to Cart' })
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
      const under = buttons.filter((r) => r.bottom > box.y && r.top < box.y + box.height && r.top >= bar.bottom);
      expect(under).toEqual([]);
      await page.context().close();
    });

    it('is unchanged on a desktop: four columns with descriptions, the filters in the flow', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await openPage(page, '/shop', 'Our Products');
      const { cards, position } = await layout(page);
      expect(position).toBe('static');
      expect(new Set(cards.slice(0, 4).map((k) => Math.round(k.top))).size).toBe(1);
      expect(Math.round(cards[4]!.top)).toBeGreaterThan(Math.round(cards[0]!.bottom));
      expect(await page.getByRole('article').first().locator('p.line-clamp-2').isVisible()).toBe(true);
      await page.close();
    });
  });

  describe('the header and the home page', () => {
    /** The shop name's lines in the header (0 when only the logo shows). */
    /** How many lines the header's shop name takes: the whole name has one, the short name (its
     * first two words, when the header is crowded) at most two; 0 when only the logo shows. */
    const brandLines = (page: Page) =>
      page
        .getByRole('banner')
        .locator('a[href="/"] span:visible')
        .evaluate((el) => {
          const r = el.getBoundingClientRect();
          const short = el.getAttribute('data-testid') === 'shop-short-name';
          if (r.width <= 1) return { lines: 0, short };
          return { lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight)), short };
        });
    const nameFits = async (page: Page) => {
      const { lines, short } = await brandLines(page);
      expect(lines).toBeLessThanOrEqual(short ? 2 : 1);
    };

    it.each([
      [320, 740],
      [360, 740],
      [390, 844],
      [412, 823],
    ])('signed in at %i px the shop name (or its short form) fits inside the header', async (width, height) => {
      const page = await phone(width, height, customer.context);
      await page.goto(shop.url + '/shop');
      await page.getByRole('button', { name: 'Payment sounds' }).waitFor();
      await page.getByTestId('pending-badge').waitFor(); // the order placed above waits for payment
      await nameFits(page);
      const name = page.getByRole('banner').locator('a[href="/"] span:visible');
      const shown = await name.evaluate((el) => el.getBoundingClientRect().width > 1);
      // From 360 px the header always says whose shop this is (the short name when crowded).
      if (width >= 360) expect(shown).toBe(true);
      if (shown) expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await sidewaysScroll(page)).toBe(0);
      await page.close();
    });

    /**
     * The header the instant both payment badges show, measured in that same instant: 'Processing'
     * shows for 3 s only, and on a busy machine a second look could come after it has gone.
     */
    const headerWithBadges = async (page: Page) => {
      const seen = await page.waitForFunction(() => {
        const processing = document.querySelector('[data-testid="processing-badge"]');
        const pending = document.querySelector('[data-testid="pending-badge"]');
        if (!processing || !pending) return null;
        const banner = document.querySelector('header')!;
        const box = (el: Element | null | undefined) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        const cart = [...banner.querySelectorAll('a')].find((a) => /^Cart/.test(a.getAttribute('aria-label') ?? a.textContent ?? ''));
        // The name shown (a name too long for the room is hidden; where not even a word fits, only
        // the screen readers' 1 px copy is left: no lines of text).
        const brand = [...banner.querySelectorAll<HTMLElement>('a[href="/"] span')].find((el) => el.getBoundingClientRect().width > 0);
        return {
          processing: box(processing),
          pending: box(pending),
          sounds: box(banner.querySelector('button[aria-label="Payment sounds"]')),
          cart: box(cart),
          menu: box(banner.querySelector('button[aria-label="Open menu"]')),
          header: box(banner),
          processingText: processing.textContent ?? '',
          brand: brand
            ? {
                lines:
                  brand.getBoundingClientRect().width <= 1
                    ? 0
                    : Math.round(brand.getBoundingClientRect().height / parseFloat(getComputedStyle(brand).lineHeight)),
                short: brand.getAttribute('data-testid') === 'shop-short-name',
                whole: brand.scrollWidth <= brand.clientWidth,
              }
            : null,
          sideways: Math.max(0, document.scrollingElement!.scrollWidth - window.innerWidth),
        };
      });
      return (await seen.jsonValue())!;
    };

    it.each([320, 360])('at %i px the Processing and Pending badges fit in the header', async (width) => {
      const page = await customer.context.newPage();
      await page.setViewportSize({ width, height: 740 });
      await page.goto(shop.url + '/shop');
      await page.waitForFunction(() => (window as unknown as { __live?: { connected: boolean } }).__live?.connected === true);
      await placeOrder(shop, customer, product, 1);
      const header = await headerWithBadges(page);
      expect(header.brand!.lines).toBeLessThanOrEqual(header.brand!.short ? 2 : 1);
      expect(header.sideways).toBe(0);
      let previousRight = 0;
      for (const part of ['processing', 'pending', 'sounds', 'cart', 'menu'] as const) {
        const box = header[part]!;
        expect(box.x, part).toBeGreaterThanOrEqual(previousRight);
        expect(box.x + box.width, part).toBeLessThanOrEqual(width);
        previousRight = box.x + box.width;
      }
      expect(header.processingText).toContain('Processing'); // said to a screen reader
      await page.close();
    });

    it('at 1366 px with the Processing and Pending badges the shop name is whole, on one line', async () => {
      const page = await customer.context.newPage();
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(shop.url + '/shop');
      await page.waitForFunction(() => (window as unknown as { __live?: { connected: boolean } }).__live?.connected === true);
      await placeOrder(shop, customer, product, 1); // a new payment: 'Processing' for 3 s
      const header = await headerWithBadges(page);
      expect(header.brand).toEqual({ lines: 1, short: false, whole: true }); // no ellipsis
      for (const part of ['processing', 'pending', 'cart'] as const) {
        const box = header[part]!;
        expect(box.x + box.width, part).toBeLessThanOrEqual(1366);
        expect(box.y + box.height, part).toBeLessThanOrEqual(header.header!.y + header.header!.height);
      }
      await page.close();
    });

    it.each([360, 390])('at %i px the home statistics tiles line up', async (width) => {
      const page = await phone(width, 844);
      await openPage(page, '/', null);
      const tiles = await page.locator('main dl > div').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const value = el.querySelector('dd')!.getBoundingClientRect();
          return {
            top: r.top,
            left: r.left,
            width: r.width,
            height: r.height,
            valueTop: value.top,
            valueRight: value.right,
            right: r.right,
          };
        }),
      );
      expect(tiles).toHaveLength(4);
      // Two rows of two, all the same size, each figure at the same height as its neighbour's.
      for (const [x, y] of [
        [0, 1],
        [2, 3],
      ] as const) {
        expect(Math.round(tiles[x]!.top)).toBe(Math.round(tiles[y]!.top));
        expect(Math.round(tiles[x]!.valueTop)).toBe(Math.round(tiles[y]!.valueTop));
      }
      expect(new Set(tiles.map((t) => Math.round(t.width))).size).toBe(1);
      expect(new Set(tiles.map((t) => Math.round(t.height))).size).toBe(1);
      expect(tiles.every((t) => t.valueRight <= t.right)).toBe(true);
      await page.context().close();
    });
  });
});
