// Home and /shop in Chromium: every state a visitor can meet, with their timings. The shop sells the
// demo catalogue and 2,000 more products (seeded in SQL, named to sort after the demo ones, so the
// first page still shows every demo product), as a large shop's /shop is read a page at a time.
// The empty and error states of a faked API are component tests (src/web/routes/home.test.tsx, shop.test.tsx).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { holdApi, holdAppScript, hydrated, navigateInApp, stubSignedIn } from './storefront-helpers';

const EXTRA_PRODUCTS = 2_000;
/** The name of extra product n: 'Wholesale Crate 0007' sorts after 'Whole Catfish (1 kg)'. */
const crate = (n: number) => `Wholesale Crate ${String(n).padStart(4, '0')}`;

/** A DATA_DIR the shop starts from: migrated and seeded as on first start, plus the extra products. */
async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-shop-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await runMigrations(database);
    await seedDemoData(database.db);
    // Each product with its implicit variant, which holds its price and stock.
    await database.db.execute(sql`with made as (insert into products (name, slug, description, category, price)
        select 'Wholesale Crate ' || lpad(g::text, 4, '0'), 'wholesale-crate-' || g, 'A crate for hotels and schools.',
          case when g % 2 = 0 then 'fish' else 'chicken' end, 100000 + g
        from generate_series(1, ${EXTRA_PRODUCTS}) g returning id, price)
      insert into product_variants (product_id, price, stock) select id, price, 50 from made`);
  } finally {
    await database.close();
  }
  return dir;
}

describe('storefront: home and shop', () => {
  let dataDir: string;
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = await prepareDataDir();
    shop = await startShop({ DATA_DIR: dataDir });
    browser = await launchChromium();
  }, 240_000); // migrating and seeding 2,000 products, then starting the shop, on a busy machine
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  const badge = () => page.getByRole('link', { name: /^Cart/ });

  describe('home', () => {
    it('shows the hero, skeletons then four featured products, the statistics, and passes axe', async () => {
      const release = await holdApi(page, '**/api/catalog/products/featured');
      await navigateInApp(page, shop.url, '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shop');
      expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/about');
      const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Products' }) });
      await featured.getByTestId('product-skeleton').first().waitFor();
      expect(await featured.getByTestId('product-skeleton').count()).toBe(4);
      release();
      await featured.getByRole('article').nth(3).waitFor();
      expect(await featured.getByRole('article').count()).toBe(4);
      expect(await featured.getByTestId('product-skeleton').count()).toBe(0);
      for (const text of ['10+', '1000+', '100%', '24/7']) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      for (const text of ['Years of experience', 'Happy customers', 'Sustainable', 'Support']) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    it('adds a featured product to the cart and the header badge counts it', async () => {
      await page.goto(shop.url + '/');
      const card = page.getByRole('article', { name: 'Fresh Whole Tilapia (1 kg)', exact: true });
      expect(await badge().getAttribute('aria-label')).toBe('Cart');
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      // (Its half second of 'Adding...' is timed on the page's own clock by a test below.)
      await badge()
        .and(page.getByLabel('Cart, 1 item', { exact: true }))
        .waitFor();
      await page.getByText('Fresh Whole Tilapia (1 kg) added to cart').waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
      expect(stored).toMatchObject([{ name: 'Fresh Whole Tilapia (1 kg)', quantity: 1, priceCents: 65_000 }]);
    });

    it('rotates the testimonials, pauses on hover and focus, and works by keyboard', async () => {
      await page.clock.install();
      await page.goto(shop.url + '/');
      const carousel = page.locator('[aria-roledescription="carousel"]');
      const slide = carousel.locator('[aria-roledescription="slide"]');
      await carousel.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      // The carousel arrives rendered by the server and turns once its own code has run.
      await page.locator('[aria-roledescription="carousel"][data-rotating="true"]').waitFor();
      expect(await slide.getAttribute('aria-label')).toBe('1 of 3');
      await page.clock.runFor(6_500);
      expect(await slide.getAttribute('aria-label')).toBe('2 of 3');

      await carousel.hover();
      await page.clock.runFor(13_000);
      expect(await slide.getAttribute('aria-label')).toBe('2 of 3');
      await page.mouse.move(0, 0);
      await page.clock.runFor(6_500);
      expect(await slide.getAttribute('aria-label')).toBe('3 of 3');

      await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
      await page.keyboard.press('Enter');
      expect(await slide.getAttribute('aria-label')).toBe('1 of 3');
      await page.keyboard.press('ArrowLeft');
      expect(await slide.getAttribute('aria-label')).toBe('3 of 3');
      await page.clock.runFor(13_000); // focus inside: no rotation
      expect(await slide.getAttribute('aria-label')).toBe('3 of 3');
      expect(await slide.getAttribute('aria-live')).toBe('polite');
      await carousel.getByRole('button', { name: 'Show testimonial 2' }).click();
      expect(await slide.getAttribute('aria-label')).toBe('2 of 3');
    });

    it('loads the contact form when scrolled to, checks required fields and sends a message', async () => {
      await page.goto(shop.url + '/');
      const contact = page.locator('section', { has: page.getByRole('heading', { name: 'Get in Touch' }) });
      await contact.scrollIntoViewIfNeeded();
      await contact.getByRole('button', { name: 'Send Message' }).click();
      expect(await contact.getByText('Please fill in all fields').count()).toBe(4);
      expect(await axeViolations(page)).toEqual([]);
      await contact.getByLabel('Name', { exact: true }).fill('Otieno Ouma');
      await contact.getByLabel('Email', { exact: true }).fill('otieno@example.com');
      await contact.getByLabel('Subject', { exact: true }).fill('Bulk order');
      await contact.getByLabel('Message', { exact: true }).fill('Can you deliver 20 kg of tilapia to Karen on Friday?');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await contact.getByRole('status').getByText("Thank you for your message! We'll get back to you soon.").waitFor();
      expect(await contact.getByLabel('Name', { exact: true }).inputValue()).toBe('');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('/shop', () => {
    it('keeps what was typed in the search box before the page came alive', async () => {
      // The app's script is held back: the box is the server's plain HTML while the customer types.
      const release = await holdAppScript(page);
      // The page never finishes loading while its script is held: go on once the HTML is there.
      await page.goto(shop.url + '/shop', { waitUntil: 'commit' });
      const box = page.getByRole('searchbox', { name: 'Search products' });
      await box.waitFor();
      await box.pressSequentially('wings');
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      release();
      await hydrated(page);
      await page.waitForURL(/\/shop\?search=wings$/);
      expect(await box.inputValue()).toBe('wings');
      await page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true }).waitFor();
    });

    it('shows 8 skeleton cards while loading, then the products, welcoming a visitor as Valued Customer', async () => {
      const release = await holdApi(page, '**/api/catalog/products');
      await navigateInApp(page, shop.url, '/shop');
      await page.getByRole('heading', { level: 1, name: 'Our Products' }).waitFor();
      await page.getByTestId('product-skeleton').first().waitFor();
      expect(await page.getByTestId('product-skeleton').count()).toBe(8);
      release();
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(12);
      await page.getByText('Welcome, Valued Customer!').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    it("welcomes a signed-in customer by the profile's full name", async () => {
      await stubSignedIn(page, 'Wanjiku Kamau');
      await page.goto(shop.url + '/shop');
      await page.getByText('Welcome, Wanjiku Kamau!').waitFor();
    });

    it('filters by category and search, keeps both in the URL, and Back restores them', async () => {
      await page.goto(shop.url + '/shop');
      const categories = page.getByRole('group', { name: 'Categories' });
      await page.getByRole('article').first().waitFor();
      expect(await categories.getByRole('button').allTextContents()).toEqual(['All', 'Chicken', 'Fish']);
      const all = await page.getByRole('article').count();

      await categories.getByRole('button', { name: 'Fish' }).click();
      await page.waitForURL(/\/shop\?category=fish$/);
      expect(await categories.getByRole('button', { name: 'Fish' }).getAttribute('aria-pressed')).toBe('true');
      await expectAllCategories(page, 'fish');

      await page.getByRole('searchbox', { name: 'Search products' }).fill('tilapia');
      await page.waitForURL(/category=fish&search=tilapia$/);
      await waitForNames(page, (names) => names.length > 0 && names.every((n) => /tilapia/i.test(n)));

      await categories.getByRole('button', { name: 'All' }).click();
      await page.waitForURL(/\/shop\?search=tilapia$/);

      const searchbox = page.getByRole('searchbox', { name: 'Search products' });
      await page.goBack();
      await page.waitForURL(/category=fish&search=tilapia$/);
      await expect.poll(() => searchbox.inputValue()).toBe('tilapia');
      await expect.poll(() => categories.getByRole('button', { name: 'Fish' }).getAttribute('aria-pressed')).toBe('true');

      // Starting the search was a step of its own.
      await page.goBack();
      await page.waitForURL(/\/shop\?category=fish$/);
      await expect.poll(() => searchbox.inputValue()).toBe('');

      await page.goBack();
      await page.waitForURL(shop.url + '/shop');
      await waitForNames(page, (names) => names.length === all);

      // A shared link opens the same filter.
      await page.goto(shop.url + '/shop?category=chicken&search=wings');
      await waitForNames(page, (names) => names.length === 1 && names[0] === 'Chicken Wings (1 kg)');
    });

    it('keeps every typed character while the search reaches the URL, and Back undoes the search', async () => {
      await page.goto(shop.url + '/shop');
      await hydrated(page); // typing before the page is live has its own test above
      await page.getByRole('article').first().waitFor();
      const all = await page.getByRole('article').count();
      const searchbox = page.getByRole('searchbox', { name: 'Search products' });
      await searchbox.click();
      // A pause after the space sends 'chicken' to the URL; the space must stay for the next word.
      await page.keyboard.type('chicken ');
      await page.waitForURL(/\/shop\?search=chicken$/);
      await page.keyboard.type('wings');
      await page.waitForURL(/search=chicken\+wings$/);
      expect(await searchbox.inputValue()).toBe('chicken wings');
      // A slow typist: every key lands just as the search of the one before comes back from the URL.
      await searchbox.fill('');
      await page.waitForURL(shop.url + '/shop');
      await page.keyboard.type('chicken wings', { delay: 320 });
      await page.waitForURL(/search=chicken\+wings$/);
      expect(await searchbox.inputValue()).toBe('chicken wings');
      await waitForNames(page, (names) => names.length === 1 && names[0] === 'Chicken Wings (1 kg)');

      // Back undoes the search (the slow typist's began where the cleared one ended).
      await page.goBack();
      await page.waitForURL(shop.url + '/shop');
      await page.goBack();
      await page.waitForURL(/search=chicken\+wings$/);
      await page.goBack();
      await page.waitForURL(shop.url + '/shop');
      await expect.poll(() => searchbox.inputValue()).toBe('');
      await waitForNames(page, (names) => names.length === all);

      // Clearing a search is a step too: Back brings the search back.
      await searchbox.fill('tilapia');
      await page.waitForURL(/\/shop\?search=tilapia$/);
      await searchbox.fill('');
      await page.waitForURL(shop.url + '/shop');
      await page.goBack();
      await page.waitForURL(/\/shop\?search=tilapia$/);
      await expect.poll(() => searchbox.inputValue()).toBe('tilapia');
    });

    it('a shared link naming a category in capitals still selects its button', async () => {
      await page.goto(shop.url + '/shop?category=Fish');
      const categories = page.getByRole('group', { name: 'Categories' });
      await expect.poll(() => categories.getByRole('button', { name: 'Fish' }).getAttribute('aria-pressed')).toBe('true');
      expect(await categories.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
      await expectAllCategories(page, 'fish');
    });

    it('says "No products found" with the category and search text', async () => {
      await page.goto(shop.url + '/shop?category=chicken&search=tilapia');
      await page.getByRole('heading', { name: 'No products found' }).waitFor();
      await page.getByText('Nothing matches "tilapia" in Chicken. Try another search or category.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    it('shows Out of Stock and a disabled button at stock 0, and adds again once the first add has settled', async () => {
      await page.goto(shop.url + '/shop');
      await hydrated(page); // taps before the page is live are replayed together, not one after the other's 'Adding...'
      const smoked = page.getByRole('article', { name: 'Smoked Tilapia (2 pieces)', exact: true });
      await smoked.getByText('Out of Stock').first().waitFor();
      expect(await smoked.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);

      const wings = page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true });
      await wings.getByRole('button', { name: 'Add to Cart' }).click();
      await badge()
        .and(page.getByLabel('Cart, 1 item', { exact: true }))
        .waitFor();
      // 'Adding...' lasts half a second of real time, too short to watch for on a busy machine: the
      // next test times it on the page's own clock. Here the button is simply usable again.
      await wings.locator('button:not([aria-disabled="true"])', { hasText: 'Add to Cart' }).waitFor();
      await wings.getByRole('button', { name: 'Add to Cart' }).click();
      await badge()
        .and(page.getByLabel('Cart, 2 items', { exact: true }))
        .waitFor();
      expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    });

    it("shows 'Adding...' for half a second, measured on the page's own clock", async () => {
      await page.clock.install();
      await page.goto(shop.url + '/shop');
      const wings = page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true });
      await wings.getByRole('button', { name: 'Add to Cart' }).waitFor();
      // The page is live first: a tap before that is held by the boot script, which looks again on
      // the page's own clock, and this test stops that clock.
      await hydrated(page);
      // Stop the page's time flowing by itself, so only runFor moves it (a busy machine may not).
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await wings.getByRole('button', { name: 'Add to Cart' }).click();
      await wings.getByRole('button', { name: 'Adding...' }).waitFor();
      await page.clock.runFor(450);
      expect(await wings.getByRole('button', { name: 'Adding...' }).count()).toBe(1);
      await page.clock.runFor(100);
      await wings.getByRole('button', { name: 'Add to Cart' }).waitFor();
    });

    it('gives a product without a picture a stable category fallback, and sizes every image', async () => {
      await page.goto(shop.url + '/shop');
      const img = page.getByRole('article', { name: 'Tilapia Family Pack (3 kg)', exact: true }).getByRole('img');
      const first = await img.getAttribute('src');
      expect(first).toMatch(/^\/images\/fallback-fish(-2)?\.svg$/);
      await page.reload();
      expect(
        await page.getByRole('article', { name: 'Tilapia Family Pack (3 kg)', exact: true }).getByRole('img').getAttribute('src'),
      ).toBe(first);

      const images = page.getByRole('article').getByRole('img');
      const attrs = await images.evaluateAll((els) =>
        (els as HTMLImageElement[]).map((el) => ({
          w: el.getAttribute('width'),
          h: el.getAttribute('height'),
          loading: el.loading,
          priority: el.getAttribute('fetchpriority'),
          sizes: el.sizes,
        })),
      );
      expect(attrs.every((a) => a.w === '640' && a.h === '480')).toBe(true);
      // The first picture is the page's LCP: loaded at once and ahead of the others; far ones wait.
      // The first row (four columns here, two rows of two on a phone) is on the first screen: loaded
      // at once too, but after the first, which does not share the link with them.
      expect(attrs.map((a) => a.loading).slice(0, 5)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
      expect(attrs.map((a) => a.priority).slice(0, 5)).toEqual(['high', 'low', 'low', 'low', null]);
      expect(attrs.slice(4).every((a) => a.loading === 'lazy')).toBe(true);
      expect(attrs.every((a) => a.sizes.startsWith('(min-width: 1280px) 262px'))).toBe(true);
      const tilapia = page.getByRole('article', { name: 'Fresh Whole Tilapia (1 kg)', exact: true }).getByRole('img');
      expect(await tilapia.getAttribute('srcset')).toBe(
        '/images/products/tilapia-whole-320.webp 320w, /images/products/tilapia-whole-480.webp 480w, /images/products/tilapia-whole-640.webp 640w',
      );
      // Four columns of 262 px at 1280 px wide: the browser takes the small file.
      await tilapia.scrollIntoViewIfNeeded();
      await expect.poll(() => tilapia.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/tilapia-whole-320\.webp$/);
    });

    it.each([
      [360, 2], // a phone: two compact columns
      [375, 2],
      [700, 2],
      [1100, 3],
      [1400, 4],
    ])('lays the grid out at %i px wide in %i column(s)', async (width, columns) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(shop.url + '/shop');
      await page.getByRole('article').first().waitFor();
      const count = await page
        .getByRole('article')
        .first()
        .evaluate((el) => getComputedStyle(el.parentElement!).gridTemplateColumns.split(' ').length);
      expect(count).toBe(columns);
    });

    describe('a catalogue of 2,000 products on a phone (390×844)', () => {
      beforeEach(async () => {
        await page.setViewportSize({ width: 390, height: 844 });
      });

      it("shows 24 at a time: 'Show more' appends the next page, and scrolling reaches the last product", async () => {
        await page.goto(shop.url + '/shop');
        await hydrated(page);
        expect(await page.getByRole('article').count()).toBe(24);
        const more = page.getByRole('link', { name: 'Show more' });
        expect(await more.getAttribute('href')).toBe('/shop?page=2');
        expect(await axeViolations(page)).toEqual([]);
        await more.click();
        await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(48);
        // Appended in place: the address and the first products stay.
        expect(page.url()).toBe(shop.url + '/shop');
        expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Chicken Breast Fillets (1 kg)');

        // Each time the end of the list nears the screen, the next page comes.
        const last = crate(EXTRA_PRODUCTS);
        await page.waitForFunction(
          (name) => {
            // Down to the end of the list, as a thumb would go (the link sits under the last card).
            document.querySelector('main article:last-of-type')?.scrollIntoView({ block: 'end' });
            return document.querySelector(`article[aria-label="${name}"]`) !== null;
          },
          last,
          // About 80 pages one after the other: on an idle machine some 10 s, on a busy one much more.
          { polling: 'raf', timeout: 100_000 },
        );
        expect(await page.getByRole('article').count()).toBe(17 + EXTRA_PRODUCTS); // the 17 demo products and the crates
        await expect.poll(() => page.getByRole('link', { name: 'Show more' }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }, 150_000);

      it("'Show more' is a link to the next page without JavaScript", async () => {
        const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
        try {
          const noScript = await plain.newPage();
          await noScript.goto(shop.url + '/shop?category=fish');
          await noScript.getByRole('link', { name: 'Show more' }).click();
          await noScript.waitForURL(/\/shop\?category=fish&page=2$/);
          const names = await productNames(noScript);
          expect(names).toHaveLength(24);
          // Page 2 of the fish: past the 9 demo fish and the first 15 fish crates (crates 2 to 30).
          expect(names[0]).toBe(crate(32));
          expect(await noScript.getByRole('link', { name: 'Show more' }).getAttribute('href')).toBe('/shop?category=fish&page=3');
        } finally {
          await plain.close();
        }
      });

      it('a search finds a product from page 40, and the Kiswahili name finds the tilapia', async () => {
        await page.goto(shop.url + '/shop?page=40');
        // Page 40: products 937 to 960 in name order, crates 920 to 943 after the 17 demo products.
        const wanted = crate(930);
        await page.getByRole('article', { name: wanted, exact: true }).waitFor();
        await page.goto(shop.url + '/shop');
        await hydrated(page);
        expect(await page.getByRole('article', { name: wanted, exact: true }).count()).toBe(0);
        await page.getByRole('searchbox', { name: 'Search products' }).fill('wholesale crate 0930');
        await page.waitForURL(/search=wholesale\+crate\+0930$/);
        await waitForNames(page, (names) => names.length === 1 && names[0] === wanted);
        expect(await page.getByRole('link', { name: 'Show more' }).count()).toBe(0);

        await page.getByRole('searchbox', { name: 'Search products' }).fill('NGEGE');
        await waitForNames(page, (names) => names.length === 5 && names.every((n) => /tilapia/i.test(n)));
      });
    });
  });
});

async function productNames(page: Page): Promise<string[]> {
  return page.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
}

async function waitForNames(page: Page, ok: (names: string[]) => boolean) {
  await expect.poll(() => productNames(page)).toSatisfy(ok);
}

async function expectAllCategories(page: Page, category: string) {
  const categories = () => page.getByRole('article').evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent ?? ''));
  await expect.poll(async () => [...new Set(await categories())]).toEqual([category]);
}
