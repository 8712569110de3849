// /cart in Chromium: every cart rule, the server re-check, checkout routing and tab sync. A failed
// re-check is a component test (src/web/routes/cart.test.tsx).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProductDto } from '../../src/server/features/catalog/catalog.service';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { hydrated, stubSignedIn } from './storefront-helpers';

type StoredLine = {
  productId: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
  category: string;
  stock: number;
  quantity: number;
};

describe('storefront: the cart', () => {
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let products: Map<string, ProductDto>;

  const line = (slug: string, quantity: number, over: Partial<StoredLine> = {}): StoredLine => {
    const p = products.get(slug)!;
    return {
      productId: p.id,
      name: p.name,
      priceCents: p.priceCents,
      imageUrl: p.imageUrl,
      category: p.category,
      stock: p.stock,
      quantity,
      ...over,
    };
  };
  /** Opens /cart with these lines already in browser storage. */
  const openCart = async (lines: StoredLine[]) => {
    await page.goto(shop.url + '/');
    await page.evaluate((json) => localStorage.setItem('cart', json), JSON.stringify(lines));
    await page.goto(shop.url + '/cart');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
  };
  const item = (name: string) => page.getByRole('listitem', { name, exact: true });
  const quantity = (name: string) => item(name).getByLabel('Quantity', { exact: true }).textContent();

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    const body = (await (await fetch(shop.url + '/api/catalog/products')).json()) as { products: ProductDto[] };
    products = new Map(body.products.map((p) => [p.slug, p]));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('an empty cart says so and leads back to the shop', async () => {
    await page.goto(shop.url + '/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.waitForURL(shop.url + '/shop');
  });

  it('adding a product twice raises its quantity; the badge counts units', async () => {
    await page.goto(shop.url + '/shop');
    await hydrated(page); // taps before the page is live are replayed together, not one after the other's 'Adding...'
    const card = page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).waitFor(); // after 'Adding...'
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.waitForURL(shop.url + '/cart');
    // The cart chunk loads lazily: wait for its line before counting, since count() does not wait.
    await item('Chicken Wings (1 kg)').waitFor();
    expect(
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading') })
        .count(),
    ).toBe(1);
    expect(await quantity('Chicken Wings (1 kg)')).toBe('2');
  });

  it('at the stock limit, Add to Cart says the whole stock is in the cart instead of "added"', async () => {
    // Reduced motion: the toast appears without a fade, so axe sees its final colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const stock = products.get('chicken-wings')!.stock;
    await page.goto(shop.url + '/');
    await page.evaluate((json) => localStorage.setItem('cart', json), JSON.stringify([line('chicken-wings', stock)]));
    await page.goto(shop.url + '/shop');
    const toasts = page.locator('[data-sonner-toast]');
    await page.getByRole('article', { name: 'Chicken Wings (1 kg)', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
    await toasts.filter({ hasText: `Only ${stock} in stock — all of them are in your cart` }).waitFor();
    expect(await toasts.filter({ hasText: 'added to cart' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe(`Cart, ${stock} items`);
    expect(await axeViolations(page)).toEqual([]);

    // A product with room left still says it was added.
    await page.getByRole('article', { name: 'Chicken Thighs (1 kg)', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
    await toasts.filter({ hasText: 'Chicken Thighs (1 kg) added to cart' }).waitFor();
  });

  it('computes subtotal, VAT 16% and total, and prompts for free delivery', async () => {
    await openCart([line('fresh-whole-tilapia', 2), line('chicken-wings', 1)]);
    expect(await page.getByTestId('subtotal').textContent()).toBe('KES 1,900.00');
    expect(await page.getByTestId('vat').textContent()).toBe('KES 304.00');
    expect(await page.getByTestId('total').textContent()).toBe('KES 2,204.00');
    await page.getByText('Add KES 100.00 more for FREE delivery!').waitFor();
    expect(await page.getByTestId('delivery').textContent()).toBe('Calculated at checkout');
    expect(await axeViolations(page)).toEqual([]);

    // One more kilo of tilapia passes KES 2,000: delivery is free and the prompt goes.
    await item('Fresh Whole Tilapia (1 kg)').getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.getByTestId('subtotal').textContent()).toBe('KES 2,550.00');
    expect(await page.getByTestId('vat').textContent()).toBe('KES 408.00');
    expect(await page.getByTestId('total').textContent()).toBe('KES 2,958.00');
    expect(await page.getByTestId('delivery').textContent()).toBe('FREE');
    expect(await page.getByText(/more for FREE delivery/).count()).toBe(0);
  });

  it('plus stops at the stock, minus to zero removes the line, and remove removes it', async () => {
    await openCart([line('tilapia-family-pack', 9), line('omena-dagaa', 1), line('chicken-gizzards', 3)]);
    const pack = item('Tilapia Family Pack (3 kg)');
    const plus = pack.getByRole('button', { name: 'Increase quantity' });
    expect(await plus.isDisabled()).toBe(false);
    await plus.click();
    await expect.poll(() => quantity('Tilapia Family Pack (3 kg)')).toBe('10');
    expect(await plus.isDisabled()).toBe(true);
    expect(await plus.getAttribute('aria-disabled')).toBeNull(); // disabled says it; no contradicting "false"

    await item('Omena / Dagaa (500 g)').getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => item('Omena / Dagaa (500 g)').count()).toBe(0);

    // Removed from the keyboard: focus stays on the cart instead of falling to the top of the page.
    await item('Chicken Gizzards (1 kg)').getByRole('button', { name: 'Remove Chicken Gizzards (1 kg)' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => item('Chicken Gizzards (1 kg)').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Shopping Cart');
    expect(await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 10 items');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]);
    expect(stored.map((l) => l.quantity)).toEqual([10]);
  });

  it('locks the quantity buttons for 300 ms, so a double tap counts once', async () => {
    await openCart([line('fresh-whole-tilapia', 1)]);
    const plus = item('Fresh Whole Tilapia (1 kg)').getByRole('button', { name: 'Increase quantity' });
    await plus.dblclick();
    await expect.poll(() => quantity('Fresh Whole Tilapia (1 kg)')).toBe('2');
    // The lock shows on the button (aria-disabled) and ends on its own: the second tap did not count.
    await expect.poll(() => plus.getAttribute('aria-disabled')).toBeNull();
    expect(await quantity('Fresh Whole Tilapia (1 kg)')).toBe('2');
    await plus.click();
    await expect.poll(() => quantity('Fresh Whole Tilapia (1 kg)')).toBe('3');
  });

  it('re-checks with the server: new prices, lower stock and products no longer sold', async () => {
    await openCart([
      line('fresh-whole-tilapia', 2, { priceCents: 60_000 }),
      line('whole-catfish', 20, { stock: 40 }),
      {
        productId: '00000000-0000-4000-8000-000000000000',
        name: 'Old Fish',
        priceCents: 10_000,
        imageUrl: null,
        category: 'fish',
        stock: 5,
        quantity: 1,
      },
      line('smoked-tilapia', 1, { stock: 4 }),
    ]);
    const notice = page.getByRole('status').filter({ hasText: 'Your cart was updated' });
    await notice.getByText('The price of Fresh Whole Tilapia (1 kg) changed from KES 600.00 to KES 650.00.').waitFor();
    await notice.getByText('Only 15 of Whole Catfish (1 kg) left in stock: your quantity is now 15.').waitFor();
    await notice.getByText('Old Fish is no longer available and was removed from your cart.').waitFor();
    await notice.getByText('Smoked Tilapia (2 pieces) is no longer available and was removed from your cart.').waitFor();
    expect(await quantity('Whole Catfish (1 kg)')).toBe('15');
    expect(await item('Old Fish').count()).toBe(0);
    expect(await page.getByTestId('subtotal').textContent()).toBe('KES 9,550.00'); // 2 × 650 + 15 × 550
    expect(await axeViolations(page)).toEqual([]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as StoredLine[]);
    expect(stored.map((l) => [l.name, l.priceCents, l.quantity])).toEqual([
      ['Fresh Whole Tilapia (1 kg)', 65_000, 2],
      ['Whole Catfish (1 kg)', 55_000, 15],
    ]);
  });

  it('signed out, Proceed to Checkout goes to /auth with a hint and a way back to checkout', async () => {
    await openCart([line('chicken-wings', 1)]);
    await page.getByText('You will be asked to sign in first, then brought straight back to checkout.').waitFor();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/auth');
    const state = await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({ from: { pathname: '/checkout' } });
  });

  it('signed in, Proceed to Checkout goes to /checkout', async () => {
    await stubSignedIn(page);
    await openCart([line('chicken-wings', 1)]);
    expect(await page.getByText('You will be asked to sign in first').count()).toBe(0);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
  });

  it('stays in step across tabs', async () => {
    const other = await context.newPage();
    await other.goto(shop.url + '/cart');
    await other.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await page.goto(shop.url + '/shop');
    await page.getByRole('article', { name: 'Chicken Thighs (1 kg)', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
    await other.getByRole('listitem', { name: 'Chicken Thighs (1 kg)', exact: true }).waitFor();
    expect(await other.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart, 1 item');
    await other.getByRole('button', { name: 'Remove Chicken Thighs (1 kg)' }).click();
    await expect.poll(() => page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')).toBe('Cart');
  });
});
