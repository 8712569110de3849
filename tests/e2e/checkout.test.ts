// Checkout in Chromium: a signed-in customer fills the cart, picks a Nairobi address from the
// gazetteer, sees the fee and totals, pays on the Pesapal simulator's page inside the modal, and the
// database holds a completed order with its stock taken once; Fail and Cancel keep the customer in
// the modal and keep the stock reserved, so the same order can be paid again.
// The fee follows the shop's origin when the back office moves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { orders, products, stockMovements } from '../../src/server/db/schema';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { hydrated } from './storefront-helpers';

const PASSWORD = 'tilapia-and-ugali-1';
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const ADMIN_EMAIL = 'owner.checkout@example.test';

interface CatalogProduct {
  id: string;
  name: string;
  stock: number;
}

describe('checkout and payment in a browser', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-checkout-'));
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let productId: string;
  let stockAtStart: number;
  const placed: Record<'card' | 'fail' | 'cancel', string> = { card: '', fail: '', cancel: '' };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Our own DATA_DIR, kept after the server stops so the test can read the database.
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    context = await signedInContext('Wanjiru Kamau', 'wanjiru.checkout@example.test');
    page = await context.newPage();
    const product = await catalogProduct();
    productId = product.id;
    stockAtStart = product.stock;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sign up over the API, open the emailed link, sign in: a verified customer's browser context. */
  const signedInContext = (name: string, email: string): Promise<BrowserContext> =>
    signedUpContext(shop, smtp, browser, { name, email, phone: '+254 722 111 222', password: PASSWORD });

  async function catalogProduct(): Promise<CatalogProduct> {
    const res = await fetch(shop.url + '/api/catalog/products');
    const { products: list } = (await res.json()) as { products: CatalogProduct[] };
    const found = list.find((p) => p.name === PRODUCT);
    if (!found) throw new Error(`${PRODUCT} is not in the catalogue`);
    return found;
  }

  const toast = (text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

  /** A fresh cart with `times` × the product, added with the shop's own button. */
  async function addToCart(times: number) {
    await page.goto(shop.url + '/shop');
    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    await page.reload();
    await hydrated(page); // taps before the page is live are replayed together, not one after the other's 'Adding...'
    const card = page.getByRole('article', { name: PRODUCT });
    for (let i = 0; i < times; i++) {
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await card.getByRole('button', { name: 'Add to Cart' }).waitFor(); // 'Adding...' is over
    }
  }

  async function checkoutWithKilimani() {
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.fill('');
    // No address, no fee: paying is not possible yet, and the page says why.
    expect(await page.getByRole('button', { name: 'Pay with Pesapal' }).isDisabled()).toBe(true);
    await page.getByText('Please fill in all required fields.').waitFor();
    await address.pressSequentially('Kilim');
    await page
      .getByRole('listbox', { name: 'Address suggestions' })
      .getByRole('option', { name: /Kilimani/ })
      .first()
      .waitFor();
    await address.press('Escape');
    await page.locator('#checkout-address[aria-expanded="false"]').waitFor();
    await address.press('ArrowDown');
    await page.locator('#checkout-address[aria-expanded="true"]').waitFor();
    await address.press('Enter');
    await toast('Address selected successfully').waitFor();
    expect(await address.inputValue()).toMatch(/^Kilimani\b/);
    await page.getByTestId('delivery-zone').waitFor();
  }

  /**
   * Chooses on Pesapal's page, which the modal frames inside a frame of its own. Pesapal returns to
   * that frame, so the customer stays in the modal: paid, it moves on to /order-success; failed, it
   * shows its 'Payment failed' panel; cancelled, it closes and checkout says so.
   */
  async function payInModal(button: 'Pay by card' | 'Fail' | 'Cancel'): Promise<string> {
    const orderResponse = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const response = await orderResponse;
    // The browser sends ids, quantities and the picked place with the server's token: no prices.
    const sent = response.request().postDataJSON() as { items: object[]; deliveryInfo: { placeToken: string | null } };
    expect(Object.keys(sent).sort()).toEqual(['customerInfo', 'deliveryInfo', 'idempotencyKey', 'items', 'smsUpdates']);
    for (const item of sent.items) expect(Object.keys(item).sort()).toEqual(['productId', 'quantity']);
    expect(sent.deliveryInfo.placeToken).toMatch(/^[\w-]{43}$/);
    const answer = (await response.json()) as { orderId: string; iframeUrl: string };
    expect(Object.keys(answer).sort()).toEqual(['iframeUrl', 'orderId']);
    const { orderId } = answer;
    await page.getByRole('dialog', { name: 'Complete your payment' }).waitFor();
    // A sandboxed frame breaks Pesapal's forms (docs/pesapal.md).
    expect(await page.locator('iframe[title="Pesapal payment page"]').getAttribute('sandbox')).toBeNull();
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: button }).click();
    if (button === 'Cancel') {
      // Pesapal sends a customer who cancels to our cancellation_url: back to checkout, cart intact.
      await toast('Payment cancelled. You can try again when ready.').waitFor();
      await page.waitForURL(shop.url + '/checkout');
      await page.getByRole('button', { name: 'Pay with Pesapal' }).waitFor();
      return orderId;
    }
    if (button === 'Pay by card') {
      await page.waitForURL(/\/order-success/);
    } else {
      await page.getByRole('dialog', { name: 'Complete your payment' }).getByText('Payment failed. Please try again.').waitFor();
      await toast('Payment Failed').waitFor();
      expect(page.url()).toBe(shop.url + '/checkout');
    }
    return orderId;
  }

  it('sends a visitor to sign in, with the message', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(shop.url + '/checkout');
    await visitor.locator('[data-sonner-toast]', { hasText: 'Please log in to continue with checkout.' }).first().waitFor();
    await visitor.waitForURL(shop.url + '/auth');
    await visitor.close();
  });

  it('a visitor who fills a cart, proceeds and signs in lands on checkout with that cart', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(shop.url + '/shop');
    await hydrated(visitor); // a tap held until the page is live would be lost to the next navigation
    const card = visitor.getByRole('article', { name: PRODUCT });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await visitor.goto(shop.url + '/cart');
    await visitor.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await visitor.waitForURL(shop.url + '/auth');
    const form = visitor.getByRole('tabpanel', { name: 'Sign In' });
    await form.getByLabel('Email').fill('wanjiru.checkout@example.test');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL(shop.url + '/checkout');
    await visitor.getByRole('button', { name: 'Pay with Pesapal' }).waitFor();
    expect(await visitor.getByRole('main').getByText(PRODUCT).count()).toBeGreaterThan(0);
    await visitor.context().close();
  });

  it('sends a customer with an empty cart back to the cart', async () => {
    await page.goto(shop.url + '/checkout');
    await page.waitForURL(shop.url + '/cart');
  });

  it('shows prefilled contact details, the address suggestions, the fee and the totals, then pays by card', async () => {
    await addToCart(2);
    await checkoutWithKilimani();
    expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Wanjiru Kamau');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('wanjiru.checkout@example.test');
    expect(await page.getByLabel('Phone Number', { exact: true }).inputValue()).toBe('+254 722 111 222');
    // Where the rider must go: empty before the first order, kept with it.
    const building = page.getByLabel('House, apartment or building (optional)');
    const directions = page.getByLabel('Directions for the rider (gate, landmark, when to call) (optional)');
    expect(await building.inputValue()).toBe('');
    await building.fill('Block C, Apt 12');
    await directions.fill('Blue gate opposite the church. Call on arrival.');

    expect(await page.getByTestId('delivery-zone').innerText()).toMatch(/^Zone \d - /);
    expect(await page.getByTestId('delivery-distance').innerText()).toMatch(/^\d+\.\d km$/);
    expect(await page.getByTestId('delivery-time').innerText()).toMatch(/^\d+ min$/);
    await page.getByText('From Kogo Star Plaza, Nairobi West').waitFor();
    await page.getByText('Add KES 700.00 more for FREE delivery!').waitFor();

    const money = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d.]/g, ''));
    expect(await page.getByTestId('summary-subtotal').innerText()).toBe('KES 1,300.00');
    expect(await page.getByTestId('summary-vat').innerText()).toBe('KES 208.00');
    const fee = await money('delivery-fee');
    expect(fee).toBeGreaterThan(0);
    expect(await money('summary-delivery')).toBe(fee);
    expect(await money('summary-total')).toBeCloseTo(1300 + 208 + fee, 2);
    expect(await axeViolations(page)).toEqual([]);

    placed.card = await payInModal('Pay by card');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 2);
  });

  it('a failed payment keeps the customer in the modal and the stock reserved for Try Again', async () => {
    await addToCart(1);
    // First the place details cannot be fetched: the message shows and the typed text stays.
    await page.goto(shop.url + '/checkout');
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await page.route('**/api/checkout/places/details', (route) => route.fulfill({ status: 503, json: { error: { message: 'down' } } }));
    await address.fill('');
    await address.pressSequentially('Kilim');
    await page
      .getByRole('option', { name: /Kilimani/ })
      .first()
      .waitFor();
    await address.press('ArrowDown');
    await address.press('Enter');
    await toast('Failed to get place details').waitFor();
    expect(await address.inputValue()).toBe('Kilim');
    await page.unroute('**/api/checkout/places/details');
    // Nor can the fee be asked for: the error is shown and paying stays impossible.
    await page.route('**/api/checkout/delivery-fee', (route) => route.abort());
    await address.press('End');
    await address.pressSequentially('ani, Nairobi');
    await page.getByRole('alert').filter({ hasText: 'Error calculating delivery fee' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay with Pesapal' }).isDisabled()).toBe(true);
    await page.getByText('The delivery fee must be known before you pay.').waitFor();
    await page.unroute('**/api/checkout/delivery-fee');

    await checkoutWithKilimani();
    // Prefilled from the last order.
    expect(await page.getByLabel('House, apartment or building (optional)').inputValue()).toBe('Block C, Apt 12');
    expect(await page.getByLabel('Directions for the rider (gate, landmark, when to call) (optional)').inputValue()).toBe(
      'Blue gate opposite the church. Call on arrival.',
    );
    placed.fail = await payInModal('Fail');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 3);
    await page.getByRole('dialog', { name: 'Complete your payment' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('a cancelled payment keeps the stock reserved too', async () => {
    await addToCart(1);
    await checkoutWithKilimani();
    placed.cancel = await payInModal('Cancel');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 4);
  });

  it('measures the fee from the origin the back office sets', async () => {
    const owner = await signedInContext('Achieng Owner', ADMIN_EMAIL);
    const saved = await owner.request.put(shop.url + '/api/admin/delivery/origin', {
      data: { lat: -1.29, lng: 36.786, label: 'Kilimani depot' },
      headers: { Origin: shop.url },
    });
    expect(saved.status()).toBe(200);
    await owner.close();

    await addToCart(4); // KES 2,600.00: free delivery
    await checkoutWithKilimani();
    await page.getByTestId('delivery-origin').getByText('From Kilimani depot').waitFor();
    expect(await page.getByTestId('delivery-distance').innerText()).toBe('0 m');
    expect(await page.getByTestId('delivery-zone').innerText()).toBe('Zone 1 - Local Area');
    // Free from KES 2,000: the usual KES 60.00 struck through, no nudge, nothing added to the total.
    expect(await page.getByTestId('delivery-fee').locator('del').textContent()).toBe('Usually KES 60.00');
    expect(await page.getByTestId('summary-delivery').innerText()).toBe('FREE');
    expect(await page.getByText(/more for FREE delivery!/).count()).toBe(0);
    expect(await page.getByTestId('summary-total').innerText()).toBe('KES 3,016.00');
  });

  it('the database holds one completed order with its stock taken once, and two failed ones still holding theirs', async () => {
    await shop.stop();
    const database = await openDatabase({ dataDir });
    try {
      const db = database.db;
      const status = async (id: string) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
      expect(await status(placed.card)).toBe('completed');
      expect(await status(placed.fail)).toBe('failed');
      expect(await status(placed.cancel)).toBe('failed');
      const [card] = await db.select().from(orders).where(eq(orders.id, placed.card));
      expect(card).toMatchObject({
        deliveryBuilding: 'Block C, Apt 12',
        deliveryDirections: 'Blue gate opposite the church. Call on arrival.',
      });
      const ledger = async (id: string) =>
        (await db.select().from(stockMovements).where(eq(stockMovements.orderId, id))).map((m) => `${m.kind} ${m.quantity}`).sort();
      expect(await ledger(placed.card)).toEqual(['reservation -2', 'sale 0']);
      // Reserved until their reservations end (the server stopped before that).
      expect(await ledger(placed.fail)).toEqual(['reservation -1']);
      expect(await ledger(placed.cancel)).toEqual(['reservation -1']);
      const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      expect(row?.stock).toBe(stockAtStart - 4);
    } finally {
      await database.close();
    }
  });
});
