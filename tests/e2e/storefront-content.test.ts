// Blog, article, about, contact, content pages, footer and newsletter in Chromium, with their messages.
// Their error and empty states, met only with a faked API, are component tests beside each page
// (src/web/routes/*.test.tsx, src/web/app/layout/footer.test.tsx).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../../src/domain/dates';
import { paragraphs } from '../../src/domain/text';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { blogPosts } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/seed';
import type { BlogPostDto } from '../../src/server/features/content/content.service';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { holdApi, hydrated, navigateInApp } from './storefront-helpers';

const SHOP_NAME = 'Lake Victoria Aquaculture';
const EXTRA_POSTS = 8; // with the 3 published seed posts: 11, two pages of 6
const UNSAFE_HTML =
  '<h2>Safe heading</h2><p>Safe text.</p><script>window.__pwned = "script"</script>' +
  '<img src="/no-such-image.png" alt="Broken on purpose" width="10" height="10" onerror="window.__pwned = \'onerror\'">';

/**
 * A DATA_DIR the shop will start from: migrated and seeded as on first start, plus more blog posts
 * and a page whose stored HTML carries a script and an onerror= (written with raw SQL, as a hand
 * edit in the database would be, so only the sanitising before sending stands between it and us).
 */
async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-content-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await runMigrations(database);
    await seedDemoData(database.db);
    const base = Date.now() - 100 * 86_400_000;
    await database.db.insert(blogPosts).values(
      Array.from({ length: EXTRA_POSTS }, (_, i) => ({
        slug: `archive-post-${i + 1}`,
        title: `Archive Post ${i + 1}`,
        content: `First paragraph of archive post ${i + 1}.\n\nSecond paragraph.`,
        published: true,
        createdAt: new Date(base - i * 86_400_000),
      })),
    );
    await database.db.execute(sql`
      insert into page_content (slug, title, content, meta_description, published)
      values ('unsafe-page', 'Unsafe Page', ${UNSAFE_HTML}, 'A page with hostile HTML', true)`);
  } finally {
    await database.close();
  }
  return dir;
}

describe('storefront: content', () => {
  let dataDir: string;
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = await prepareDataDir();
    shop = await startShop({ DATA_DIR: dataDir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  const cards = () => page.getByRole('main').getByRole('article');

  describe('/blog', () => {
    it('shows six skeletons, then published posts newest first with relative time and excerpts', async () => {
      const release = await holdApi(page, /\/api\/content\/posts\?/);
      await navigateInApp(page, shop.url, '/blog');
      await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor();
      await page.getByTestId('blog-skeleton').first().waitFor();
      expect(await page.getByTestId('blog-skeleton').count()).toBe(6);
      release();
      await cards().nth(5).waitFor();
      expect(await cards().count()).toBe(6);
      const first = cards().first();
      expect(await first.getByRole('heading').textContent()).toBe('Slow-Cooked Kienyeji Chicken, the Way Grandmother Made It');
      expect(await first.locator('time').textContent()).toBe('9 days ago');
      const excerpt = (await first.locator('p').nth(1).textContent()) ?? '';
      expect(excerpt.length).toBeLessThanOrEqual(153);
      expect(excerpt.endsWith('...')).toBe(true);
      expect(await page.locator('a[href="/blog/omena-small-fish-big-nutrition"]').count()).toBe(0); // unpublished
      expect(await axeViolations(page)).toEqual([]);
      await first.getByRole('link', { name: /Read More/ }).click();
      await page.waitForURL(shop.url + '/blog/slow-cooked-kienyeji-chicken');
    });

    it('pages through older posts and back', async () => {
      await page.goto(shop.url + '/blog');
      await page.getByRole('link', { name: 'Older posts →' }).click();
      await page.waitForURL(shop.url + '/blog?page=2');
      await expect.poll(() => cards().count()).toBe(5);
      expect(await cards().first().getByRole('heading').textContent()).toBe('Archive Post 4');
      expect(await page.getByRole('link', { name: 'Older posts →' }).count()).toBe(0);
      await page.getByRole('link', { name: '← Newer posts' }).click();
      await page.waitForURL(shop.url + '/blog');
      await expect
        .poll(() => cards().first().getByRole('heading').textContent())
        .toBe('Slow-Cooked Kienyeji Chicken, the Way Grandmother Made It');
    });

    it('the next page starts at the top, and Back from an article returns to the same spot', async () => {
      await page.setViewportSize({ width: 390, height: 800 }); // one column: page 2 is several screens tall
      const scrollY = () => page.evaluate(() => window.scrollY);
      await page.goto(shop.url + '/blog');
      await cards().first().waitFor();
      await page.getByRole('link', { name: 'Older posts →' }).click(); // scrolls down to it first
      await page.waitForURL(shop.url + '/blog?page=2');
      await expect.poll(() => cards().first().getByRole('heading').textContent()).toBe('Archive Post 4');
      expect(await scrollY()).toBe(0);

      const readMore = cards()
        .last()
        .getByRole('link', { name: /Read More/ });
      await readMore.scrollIntoViewIfNeeded();
      const spot = await scrollY();
      expect(spot).toBeGreaterThan(800);
      await readMore.click();
      await page.getByRole('heading', { level: 1, name: 'Archive Post 8' }).waitFor();
      await expect.poll(scrollY).toBe(0);
      await page.goBack();
      await page.waitForURL(shop.url + '/blog?page=2');
      await expect.poll(scrollY).toBe(spot);
    });

    it('a page past the last one says so and leads back to the latest posts', async () => {
      // Far past the end too, beyond what the API reads into the list: the same view, not an error.
      await page.goto(shop.url + '/blog?page=99999999');
      await page.getByRole('heading', { name: 'No posts on this page' }).waitFor();
      expect(await page.getByText('Failed to load blog posts. Please try again later.').count()).toBe(0);
      await page.goto(shop.url + '/blog?page=9');
      await page.getByRole('heading', { name: 'No posts on this page' }).waitFor();
      await page.getByRole('link', { name: 'See the latest posts' }).click();
      await page.waitForURL(shop.url + '/blog');
      await cards().first().waitFor();
    });
  });

  describe('/blog/{slug}', () => {
    const slug = 'raising-tilapia-in-cages-on-lake-victoria';

    it('shows the title, date, featured image and paragraphs, with a way back', async () => {
      const { post } = (await (await fetch(`${shop.url}/api/content/posts/${slug}`)).json()) as { post: BlogPostDto };
      await page.goto(`${shop.url}/blog/${slug}`);
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
      expect(await page.locator('article time').textContent()).toBe(formatDate(post.createdAt));
      expect(await page.locator('article time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/); // '24 Nov 2026'
      expect(await page.locator('article img').getAttribute('srcset')).toContain('-600.webp 600w');
      expect(await page.getByTestId('post-body').locator('p').count()).toBe(paragraphs(post.content).length);
      expect(await page.title()).toBe(`${post.title} | ${SHOP_NAME}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Back to Blog' }).click();
      await page.waitForURL(shop.url + '/blog');
    });

    it("holds the article's place with a skeleton while it loads", async () => {
      const release = await holdApi(page, `**/api/content/posts/${slug}`);
      await navigateInApp(page, shop.url, `/blog/${slug}`);
      await page.getByLabel('Loading blog post', { exact: true }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      release();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByLabel('Loading blog post', { exact: true }).count()).toBe(0);
    });

    it('an article without a featured image shows no picture', async () => {
      await page.goto(`${shop.url}/blog/how-to-store-fresh-fish-at-home`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('post-body').locator('p').first().waitFor();
      expect(await page.locator('article img').count()).toBe(0);
    });

    it('Share copies the link and says so when the device cannot share', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
      await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
      await page.goto(`${shop.url}/blog/${slug}`);
      await hydrated(page);
      // By keyboard: focus the button and press Enter.
      await page.getByRole('button', { name: 'Share' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Link copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${shop.url}/blog/${slug}`);
    });

    it('Share uses the native share sheet where there is one', async () => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          value: async (data: ShareData) => {
            (window as unknown as { __shared: ShareData }).__shared = data;
          },
        });
      });
      await page.goto(`${shop.url}/blog/${slug}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Share' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared?.url))
        .toBe(`${shop.url}/blog/${slug}`);
      expect(await page.getByText('Link copied to clipboard!').count()).toBe(0);
    });

    it('an unpublished or unknown post says Blog post not found, with Back to Blog', async () => {
      for (const missing of ['omena-small-fish-big-nutrition', 'no-such-post']) {
        await page.goto(`${shop.url}/blog/${missing}`);
        await page.getByRole('heading', { name: 'Blog post not found' }).waitFor();
        await page.getByRole('link', { name: 'Back to Blog' }).waitFor();
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('about and contact', () => {
    it.each(['/about', '/aboutus'])('%s shows the about content', async (route) => {
      await page.goto(shop.url + route);
      await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
      for (const heading of [
        'Premium Fish',
        'Quality Poultry',
        'Our Mission',
        'Our Vision',
        'Our Core Values',
        'Quality Assurance',
        'Sustainability',
        'Customer Service',
        'Our Competitive Edge',
        'Quality',
        'Affordability',
        'Service',
      ]) {
        await page.getByRole('main').getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      expect(await page.getByRole('main').textContent()).toMatch(/leading provider of premium aquaculture and poultry products/);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('/contact shows details, business hours and a working form', async () => {
      await page.goto(shop.url + '/contact');
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
      await page.getByText('Get in touch with us for any questions or support').waitFor();
      const main = page.getByRole('main');
      for (const text of [
        'Monday to Friday: 9:00 AM-6:00 PM',
        'Saturday: 9:00 AM-2:00 PM',
        'Sunday: Closed',
        'info@lakevictoriaaquaculture.com',
      ]) {
        await main.getByText(text).waitFor();
      }
      expect(await main.locator('a[href^="tel:"]').count()).toBe(0); // no phone until the merchant sets one
      expect(await axeViolations(page)).toEqual([]);
      await main.getByLabel('Name', { exact: true }).fill('Achieng');
      await main.getByLabel('Email', { exact: true }).fill('not-an-email');
      await main.getByLabel('Subject', { exact: true }).fill('Hello');
      await main.getByLabel('Message', { exact: true }).fill('Do you sell omena in bulk?');
      await main.getByRole('button', { name: 'Send Message' }).click();
      await main.getByText('Please enter a valid email address').waitFor();
      expect(await main.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await main.getByLabel('Email', { exact: true }).fill('achieng@example.com');
      await main.getByRole('button', { name: 'Send Message' }).click();
      await main.getByRole('status').getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    });
  });

  describe('content pages', () => {
    it('shows a skeleton, then breadcrumb, title, HTML, document title and meta description', async () => {
      const release = await holdApi(page, '**/api/content/pages/faq');
      await navigateInApp(page, shop.url, '/faq');
      await page.getByLabel('Loading page', { exact: true }).waitFor();
      release();
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
      expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Frequently Asked Questions');
      expect(await page.getByTestId('page-content').locator('h2').count()).toBeGreaterThan(0);
      expect(await page.title()).toBe(`Frequently Asked Questions | ${SHOP_NAME}`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        'Answers about ordering, paying with M-Pesa or card, delivery across Nairobi and our fresh fish and chicken.',
      );
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a page without its own description goes back to the shop's, instead of keeping the last page's", async () => {
      await page.goto(shop.url + '/');
      const description = page.locator('meta[name="description"]');
      const shopDescription = await description.getAttribute('content');
      expect(shopDescription).toBe('Fresh fish and chicken from Lake Victoria, delivered across Nairobi.');
      await page.goto(shop.url + '/faq');
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      await expect.poll(() => description.getAttribute('content')).toMatch(/^Answers about ordering/);
      // In-app navigation (no reload): only the page's own code can put the description back.
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
      await page.waitForURL(shop.url + '/');
      await expect.poll(() => description.getAttribute('content')).toBe(shopDescription);
      expect(await page.locator('meta[name="description"]').count()).toBe(1);
    });

    it.each([
      ['/shipping', 'Delivery Policy'],
      ['/returns', 'Returns and Refunds'],
      ['/terms', 'Terms and Conditions'],
      ['/page/faq', 'Frequently Asked Questions'],
    ])('%s shows %s', async (route, title) => {
      await page.goto(shop.url + route);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    });

    it.each([
      ['/careers', 'Page not found'],
      ['/no-such-page', 'Page not found'],
      ['/page/%20', 'No page slug provided'],
      ['/page/', 'No page slug provided'],
    ])('%s shows the Page Not Found alert with "%s"', async (route, reason) => {
      await page.goto(shop.url + route);
      const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Page Not Found' }) });
      await alert.getByText(reason, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    it('/page/ asks the API for nothing', async () => {
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/api/content/pages/') && asked.push(r.url()));
      await page.goto(shop.url + '/page/');
      await page.getByRole('alert').getByText('No page slug provided', { exact: true }).waitFor();
      expect(asked).toEqual([]);
    });

    it('at 375 px a wide table scrolls in its own box, which a keyboard can scroll, and the page never scrolls sideways', async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(shop.url + '/shipping');
      await page.getByRole('heading', { level: 1, name: 'Delivery Policy' }).waitFor();
      const box = page
        .getByTestId('page-content')
        .getByRole('region')
        .filter({ has: page.getByRole('table') });
      await box.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scrollWidth).toBeGreaterThan(clientWidth); // the table is wider than the phone
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeViolations(page)).toEqual([]);
    });

    it("shows a picture the merchant's page links from another site", async () => {
      // A browser's test: the page's content policy (sent by the shop) and loading the picture are
      // what it checks. A 1 x 1 PNG; the browser's content policy would stop the request before it got here.
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
      await page.route('https://images.example.com/**', (r) => r.fulfill({ contentType: 'image/png', body: png }));
      const content = '<p>Our ponds.</p><img src="https://images.example.com/ponds.png" alt="Fish ponds at the farm" loading="lazy" />';
      await page.route('**/api/content/pages/our-farm', (r) =>
        r.fulfill({ json: { page: { slug: 'our-farm', title: 'Our Farm', content, metaDescription: null } } }),
      );
      await navigateInApp(page, shop.url, '/our-farm');
      const picture = page.getByTestId('page-content').getByRole('img', { name: 'Fish ponds at the farm' });
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)), { timeout: 5000 })
        .toBe(1);
    });

    it('never runs the script or the onerror= stored in a page', async () => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(shop.url + '/unsafe-page');
      await page.getByRole('heading', { level: 1, name: 'Unsafe Page' }).waitFor();
      const content = page.getByTestId('page-content');
      await content.getByText('Safe text.').waitFor();
      // The broken image has had its chance to fail and fire onerror.
      await content
        .getByRole('img', { name: 'Broken on purpose' })
        .evaluate(
          (img: HTMLImageElement) =>
            new Promise((r) => (img.complete ? r(null) : img.addEventListener('error', () => r(null), { once: true }))),
        );
      expect(await content.evaluate((el) => el.innerHTML)).not.toMatch(/<script|onerror/i);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    });
  });

  describe('footer and newsletter', () => {
    const footer = () => page.locator('footer');

    it('lists published pages by title as Customer Service links', async () => {
      await page.goto(shop.url + '/');
      const service = footer().locator('section', { has: page.getByRole('heading', { name: 'Customer Service' }) });
      await service.getByRole('link').first().waitFor();
      const links = await service.getByRole('link').evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual([
        ['Delivery Policy', '/shipping'],
        ['Frequently Asked Questions', '/faq'],
        ['Privacy Notice', '/privacy'],
        ['Returns and Refunds', '/returns'],
        ['Terms and Conditions', '/terms'],
        ['Unsafe Page', '/unsafe-page'],
      ]);
      await service.getByRole('link', { name: 'Delivery Policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Delivery Policy' }).waitFor();
    });

    it('gives the contact details and business hours, and no placeholder phone or social links before the merchant sets them', async () => {
      await page.goto(shop.url + '/');
      await footer().locator('address').getByText('info@lakevictoriaaquaculture.com').waitFor(); // the saved details have loaded
      const text = (await footer().textContent()) ?? '';
      for (const line of [
        'Kogo Star Plaza',
        'info@lakevictoriaaquaculture.com',
        'Monday to Friday: 9:00 AM-6:00 PM',
        'Saturday: 9:00 AM-2:00 PM',
        'Sunday: Closed',
      ]) {
        expect(text).toContain(line);
      }
      expect(text).not.toContain('+254 700 000 000');
      expect(await footer().locator('a[href^="tel:"]').count()).toBe(0);
      expect(await footer().getByRole('list', { name: 'Social links' }).count()).toBe(0);
      for (const bare of ['https://www.facebook.com/', 'https://www.instagram.com/', 'https://x.com/']) {
        expect(await page.locator(`a[href="${bare}"]`).count(), bare).toBe(0);
      }
    });

    it('subscribes from the keyboard alone: type the address, press Enter', async () => {
      await page.goto(shop.url + '/');
      const email = footer().getByLabel('Email address');
      await email.focus();
      await page.keyboard.type(`keyboard.${Date.now()}@example.com`);
      await page.keyboard.press('Enter');
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you for subscribing!' }).waitFor();
    });
  });

  it('an unknown path shows Page Not Found with a link home, and passes axe', async () => {
    await page.goto(shop.url + '/no/such/place');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(shop.url + '/');
  });
});
