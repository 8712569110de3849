// Pages as HTML: what the server sends before any script runs (what search engines, link previews
// and a phone whose scripts failed to load get), product pages, and hydration without warnings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { computedStyles, styleDifferences } from './support/computed-styles';
import { holdApi, holdAppScript, hydrated, navigateInApp, painted } from './storefront-helpers';

interface ApiProduct {
  name: string;
  slug: string;
  priceCents: number;
  stock: number;
  category: string;
}

const kes = (cents: number) => `KES ${(cents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('storefront: pages as HTML', () => {
  let shop: ShopServer;
  let browser: Browser;
  let products: ApiProduct[];
  let postSlugs: string[];

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    products = ((await (await fetch(`${shop.url}/api/catalog/products`)).json()) as { products: ApiProduct[] }).products;
    postSlugs = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page = (await (await fetch(`${shop.url}/api/content/posts?limit=24&offset=${offset}`)).json()) as {
        posts: { slug: string }[];
        nextOffset: number | null;
      };
      postSlugs.push(...page.posts.map((p) => p.slug));
      offset = page.nextOffset;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const html = async (path: string) => {
    const res = await fetch(shop.url + path);
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('the HTML of /shop (view source) holds every product name, price and stock state', async () => {
    const { status, text } = await html('/shop');
    expect(status).toBe(200);
    expect(products.length).toBeGreaterThan(5);
    for (const p of products) {
      expect(decoded(text), p.name).toContain(p.name);
      expect(text, p.name).toContain(`href="/shop/${p.slug}"`);
    }
    expect(text).toContain(kes(products[0]!.priceCents));
    const soldOut = products.filter((p) => p.stock === 0);
    if (soldOut.length) expect(text).toContain('Out of Stock');
    expect(text).toMatch(/<title>Our Products \| [^<]+<\/title>/);
    // The first paint waits for the footer, which follows every product: a half-parsed card (its
    // cart icon without its text) is never painted and then moved.
    const hold = text.indexOf('<link rel="expect" href="#site-footer" blocking="render">');
    expect(hold).toBeGreaterThan(0);
    expect(text.indexOf('id="site-footer"')).toBeGreaterThan(text.lastIndexOf(`href="/shop/${products.at(-1)!.slug}"`));
  });

  it('an article arrives as HTML with its own title, description and BlogPosting', async () => {
    const slug = postSlugs[0]!;
    const post = ((await (await fetch(`${shop.url}/api/content/posts/${slug}`)).json()) as { post: { title: string; content: string } })
      .post;
    const { status, text } = await html(`/blog/${slug}`);
    expect(status).toBe(200);
    const firstParagraph = post.content.split(/\n\s*\n/)[0]!.trim();
    expect(decoded(text)).toContain(firstParagraph);
    const ld = jsonLd(text);
    expect(ld).toMatchObject([{ '@type': 'BlogPosting', headline: post.title }]);
  });

  it("a product page's og:title, og:image and JSON-LD name that product, with its price in KES", async () => {
    const p = products.find((x) => x.stock > 0)!;
    const { status, text } = await html(`/shop/${p.slug}`);
    expect(status).toBe(200);
    expect(meta(text, 'og:title')).toBe(p.name);
    expect(meta(text, 'og:image')).toMatch(/^http:\/\/localhost:\d+\//);
    expect(meta(text, 'product:price:currency')).toBe('KES');
    const decimalPrice = (p.priceCents / 100).toFixed(2);
    expect(meta(text, 'product:price:amount')).toBe(decimalPrice);
    expect(text).toContain(`<link rel="canonical" href="${shop.url}/shop/${p.slug}" />`);
    const [product] = jsonLd(text) as {
      '@type': string;
      name: string;
      offers: { priceCurrency: string; price: string; availability: string };
    }[];
    expect(product).toMatchObject({
      '@type': 'Product',
      name: p.name,
      offers: { priceCurrency: 'KES', price: decimalPrice, availability: 'https://schema.org/InStock' },
    });
  });

  it('the home page describes the shop as a Store with its address, phone and opening hours', async () => {
    const { text } = await html('/');
    const [store] = jsonLd(text) as { '@type': string; address: { streetAddress: string }; openingHoursSpecification: unknown[] }[];
    expect(store?.['@type']).toBe('Store');
    expect(store?.address.streetAddress).toContain('Nairobi');
    expect(store?.openingHoursSpecification.length).toBe(2);
  });

  it('an unknown product answers 404 with the shop page saying so', async () => {
    const { status, text } = await html('/shop/no-such-fish');
    expect(status).toBe(404);
    expect(text).toContain('Product not found');
    expect(text).toContain('Back to the shop');
    const page = await browser.newPage();
    const res = await page.goto(`${shop.url}/shop/no-such-fish`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.close();
  });

  it('sitemap.xml lists every published product and post, and robots.txt is served', async () => {
    const { text } = await html('/sitemap.xml');
    const paths = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const listedProducts = paths.filter((p) => p.startsWith('/shop/')).map((p) => p.slice('/shop/'.length));
    expect(listedProducts.sort()).toEqual(products.map((p) => p.slug).sort());
    const listedPosts = paths.filter((p) => p.startsWith('/blog/')).map((p) => p.slice('/blog/'.length));
    expect(listedPosts.sort()).toEqual([...postSlugs].sort());
    expect((await html('/robots.txt')).text).toContain('User-agent: *');
  });

  it('from a card to the product page: choose 2, add to the cart, and the cart holds 2', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const p = products.find((x) => x.stock >= 3)!;
    await page.goto(`${shop.url}/shop`);
    await page.getByRole('article', { name: p.name, exact: true }).getByRole('link', { name: p.name }).click();
    await page.waitForURL(`${shop.url}/shop/${p.slug}`);
    await page.getByRole('heading', { level: 1, name: p.name }).waitFor();
    expect(await page.getByTestId('stock-hint').textContent()).toMatch(/^(In stock|Only \d+ left)$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click(); // the product's own; the others are related products
    await page.locator('[data-sonner-toast]', { hasText: `${p.name} added to cart` }).waitFor();
    await page.goto(`${shop.url}/cart`);
    const line = page.getByRole('listitem', { name: p.name, exact: true });
    await line.waitFor();
    expect(await line.getByLabel('Quantity', { exact: true }).textContent()).toBe('2');
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 2 items');
    await context.close();
  });

  it('what a customer does before the app has loaded is kept: the quantity, Add to Cart and the newsletter', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A slow phone: the page's HTML is on screen, but neither the small boot script nor the app has
    // run. The quantity and Add to Cart are tapped then; the newsletter once the boot script has
    // run, still before the app. The boot script is inside the page, so its running late is made
    // here: the page arrives with it as inert text, which is run later as the same inline script.
    const release = await holdAppScript(page);
    const p = products.find((x) => x.stock >= 3)!;
    await page.route(`${shop.url}/shop/${p.slug}`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(
        '<script type="module" data-app-entry=',
        '<script type="text/plain" id="late-boot" data-app-entry=',
      );
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: res.status(), headers, body: html });
    });
    await page.goto(`${shop.url}/shop/${p.slug}`);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    // The boot script's own text, run as an inline module script (the page's policy allows exactly it).
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.textContent = document.getElementById('late-boot')!.textContent;
      document.head.append(script);
    });
    // The boot script asks for the app once the page has painted.
    await page.locator('link[rel="modulepreload"]').waitFor({ state: 'attached' });
    const footer = page.locator('footer');
    await footer.getByLabel('Email address').fill('early.bird@example.co.ke');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await page.locator('[data-sonner-toast]', { hasText: `${p.name} added to cart` }).waitFor();
    await page.locator('[data-sonner-toast]', { hasText: 'Thank you for subscribing!' }).waitFor();
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(await footer.getByLabel('Email address').inputValue()).toBe('');
    await context.close();
  });

  it('the home page below its hero comes to life after the hero and the header, and a tap meanwhile is kept', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' || m.type() === 'warning' ? errors.push(m.text()) : undefined));
    const release = await holdApi(page, /\/assets\/home-below-hero-[^/]+\.js$/);
    await page.goto(`${shop.url}/`);
    // The page is live (its menu opens) while the products are still the server's HTML.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-nav').waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    const featured = page.locator('section[aria-labelledby="home-featured"]');
    const card = featured
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first();
    const name = await card.getAttribute('aria-label');
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart');
    release();
    await page.locator('[data-sonner-toast]', { hasText: `${name} added to cart` }).waitFor();
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a tap on a header button's icon, before the icon's own code is here, opens the menu", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The header's icons hydrate after the header (their code is a chunk of its own): until then
    // the icon inside the button is the server's drawing, which React does not have yet.
    const release = await holdApi(page, /\/assets\/shell-icons-[^/]+\.js$/);
    await page.goto(`${shop.url}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The finger lands on the icon, in the middle of the button.
    await page.getByRole('button', { name: 'Open menu' }).locator('svg').tap();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    release();
    await context.close();
  });

  it('the whole card is one link, reached by keyboard, with Add to Cart its own next stop', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/shop`);
    const card = page.getByRole('article').first();
    const link = card.getByRole('link');
    await link.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(/Add to Cart|Out of Stock/);
    const box = (await card.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + 40); // on the picture
    await page.waitForURL(/\/shop\/[a-z0-9-]+$/);
    await page.close();
  });

  it('without JavaScript the shop lists its products, links navigate and articles read', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/shop`);
    expect(await page.getByRole('article').count()).toBe(products.length);
    await page.getByRole('link', { name: products[0]!.name }).click();
    await page.waitForURL(`${shop.url}/shop/${products[0]!.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(products[0]!.name);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${shop.url}/blog`);
    await page.locator('article a').first().click();
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
    expect((await page.getByTestId('post-body').textContent())!.length).toBeGreaterThan(100);
    await context.close();
  });

  it('a page whose code cannot be downloaded (a deploy meanwhile) reloads once, then says so instead of going blank', async () => {
    const page = await browser.newPage();
    await page.route(/\/assets\/blog-[^/]*\.js$/, (r) => r.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    await navigateInApp(page, shop.url, '/blog');
    const alert = page.getByRole('alert');
    await alert.getByText('This page could not be loaded. Please check your connection and reload the page.').waitFor();
    expect(loads).toBe(2); // the first visit, and the one reload
    expect(await page.getByRole('banner').getByRole('link', { name: 'Blog' }).count()).toBeGreaterThan(0);
    await page.unroute(/\/assets\/blog-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor();
    await page.close();
  });

  it('a page that fails while rendering shows the error with Reload, and the rest of the shop still works', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // An answer the page cannot draw (no list where the products should be).
    await page.route('**/api/catalog/products', (r) => r.fulfill({ json: { products: null, categories: [], total: 3 } }));
    await navigateInApp(page, shop.url, '/shop');
    await page.getByRole('alert').getByText('Something went wrong').waitFor();
    await page.getByRole('button', { name: 'Reload page' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  // One test a page, so a slow machine gives each page its own time.
  describe('each page paints with only the styles its HTML uses, inline; the whole stylesheet follows', () => {
    const WHOLE_STYLESHEET = /\/assets\/index-[^/]+\.css$/;

    /** The page as it paints before the whole stylesheet has arrived (scripts off, the stylesheet refused), or with it. */
    const stylesOf = async (path: string, width: number, whole: boolean) => {
      const context = await browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        if (!whole) await page.route(WHOLE_STYLESHEET, (route) => route.abort());
        const loaded = page.waitForResponse(WHOLE_STYLESHEET).catch(() => null);
        await page.goto(shop.url + path);
        // Without scripts the page's <noscript> link brings the whole stylesheet.
        if (whole) expect((await loaded)?.ok()).toBe(true);
        return await computedStyles(page);
      } finally {
        await context.close();
      }
    };

    it('the home page, the shop, a product page, the blog, an article and About look the same with their inline styles alone as with the whole stylesheet', async () => {
      const { text } = await html('/');
      expect(text).toMatch(/<style data-full-stylesheet="\/assets\/index-[^"]+\.css">/);
      expect(text).not.toMatch(/<link rel="stylesheet"[^>]*>(?!<\/noscript>)/);
      for (const path of ['/', '/shop', `/shop/${products[0]!.slug}`, '/blog', `/blog/${postSlugs[0]}`, '/about']) {
        for (const width of [390, 1280]) {
          const inline = await stylesOf(path, width, false);
          expect(inline.length, path).toBeGreaterThan(50);
          expect(styleDifferences(inline, await stylesOf(path, width, true)), `${path} at ${width} px`).toEqual([]);
        }
      }
    });

    it('the whole stylesheet arrives before the app starts, and a page reached inside the app is styled as when opened directly', async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      try {
        const releaseStylesheet = await holdApi(page, WHOLE_STYLESHEET);
        const app = page.waitForResponse(/\/assets\/index-[^/]+\.js$/);
        // Not until the load event: a stylesheet added before it (the boot script adds it at the first
        // paint, which may come before the pictures are in) holds the load event while it is held.
        await page.goto(shop.url + '/', { waitUntil: 'commit' });
        // The app downloads meanwhile, but does not start while the stylesheet is on its way.
        await app;
        await painted(page);
        await painted(page);
        expect(await page.locator('html[data-hydrated]').count()).toBe(0);
        releaseStylesheet();
        await hydrated(page);
        expect(await page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/index-')))).toBe(true);

        // The blog's cards use rules the home page's inline styles do not hold.
        await page.evaluate(() => {
          window.history.pushState(null, '', '/blog');
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
        await page.locator('main article img').first().waitFor();
        await painted(page);
        const inApp = await computedStyles(page, 'main');

        const direct = await browser.newPage({ viewport: { width: 390, height: 844 } });
        try {
          await direct.goto(shop.url + '/blog');
          await hydrated(direct);
          await painted(direct);
          expect(styleDifferences(inApp, await computedStyles(direct, 'main'))).toEqual([]);
        } finally {
          await direct.close();
        }
      } finally {
        await page.close();
      }
    });

    it('when the whole stylesheet cannot be downloaded the page stays as painted and the app still starts', async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      try {
        await page.route(WHOLE_STYLESHEET, (route) => route.abort());
        await page.goto(shop.url + '/shop');
        await hydrated(page);
        expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      } finally {
        await page.close();
      }
    });
  });

  describe('no public page logs a hydration warning or any other error', () => {
    const pages: [string, () => string][] = [
      ['/', () => '/'],
      ['/shop', () => '/shop'],
      ['a product page', () => `/shop/${products[0]!.slug}`],
      ['/shop?category=fish', () => '/shop?category=fish'],
      ['/blog', () => '/blog'],
      ['an article', () => `/blog/${postSlugs[0]}`],
      ['/about', () => '/about'],
      ['/contact', () => '/contact'],
      ['/faq', () => '/faq'],
      ['/shipping', () => '/shipping'],
    ];
    it.each(pages)('%s', async (_name, path) => {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      await page.goto(shop.url + path(), { waitUntil: 'networkidle' });
      await painted(page);
      expect(problems, path()).toEqual([]);
      await page.close();
    });
  });
});

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** The page's markup with the entities React writes turned back into characters. */
function decoded(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function meta(html: string, property: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${property.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
}
