// Checkout in Chromium: a signed-in customer fills the cart, picks a Nairobi address from the
// gazetteer, sees the fee and totals, pays on the Pesapal simulator's page inside the modal, and the
// shop holds a completed order with its stock taken once; Fail and Cancel keep the customer in
// the modal and keep the stock reserved, so the same order can be paid again.
// The fee follows the shop's origin when the back office moves it.
// Each test signs up its own customer and places its own order; what the shop recorded is read from
// the back office's order API while the shop keeps running.
import { saveFailureArtefacts } from './support/failure-artefacts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

interface AdminOrder {
  order: { status: string; deliveryBuilding: string | null; deliveryDirections: string | null };
  timeline: { kind: string; title: string }[];
}

/** The timeline's stock titles as the ledger's rows: 'reservation -2', 'sale 0' (a sale of reserved stock). */
const STOCK_KINDS: Record<string, string> = {
  'Stock reserved': 'reservation',
  'Stock released': 'release',
  'Stock sold': 'sale',
  'Stock put back': 'restock',
  'Stock adjusted': 'adjustment',
};
function ledgerRows(timeline: AdminOrder['timeline']): string[] {
  return timeline
    .filter((e) => e.kind === 'stock')
    .map((e) => {
      const m = /^([^:]+): .* (\(from the reservation\)|[+-]?\d+)$/.exec(e.title);
      if (!m?.[1] || !m[2]) return e.title;
      return `${STOCK_KINDS[m[1]] ?? m[1]} ${m[2].startsWith('(') ? 0 : Number(m[2])}`;
    })
    .sort();
}

describe('checkout and payment in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  /** The back office's session (ADMIN_EMAILS), for reading orders and moving the origin. */
  let owner: BrowserContext;
  /** The page of the test that is running: each test opens its own with openCustomerPage. */
  let page: Page;
  /** The contexts the running test opened, closed when it ends. */
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    owner = await signedInContext('Achieng Owner', ADMIN_EMAIL);
  });
  afterEach(async ({ task }) => {
    await saveFailureArtefacts(task);
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  /** Sign up over the API, open the emailed link, sign in: a verified customer's browser context. */
  const signedInContext = (name: string, email: string): Promise<BrowserContext> =>
    signedUpContext(shop, smtp, browser, { name, email, phone: '+254 722 111 222', password: PASSWORD });

  /** A new customer, signed in, with no orders and an empty cart: the page the test drives. */
  async function openCustomerPage(email: string): Promise<Page> {
    const context = await signedInContext('Wanjiru Kamau', email);
    opened.push(context);
    page = await context.newPage();
    return page;
  }

  async function catalogProduct(): Promise<CatalogProduct> {
    const res = await fetch(shop.url + '/api/catalog/products');
    const { products: list } = (await res.json()) as { products: CatalogProduct[] };
    const found = list.find((p) => p.name === PRODUCT);
    if (!found) throw new Error(`${PRODUCT} is not in the catalogue`);
    return found;
  }

  /** The order as the back office sees it: status, rider details, and its stock movements in the timeline. */
  async function adminOrder(id: string): Promise<AdminOrder> {
    const res = await owner.request.get(shop.url + '/api/admin/orders/' + id);
    expect(res.status()).toBe(200);
    return (await res.json()) as AdminOrder;
  }

  /** Waits until the shop has recorded the order's outcome (Pesapal's answer is handled on the server). */
  const statusOf = (id: string) => expect.poll(async () => (await adminOrder(id)).order.status);

  /**
   * An order placed over the API, as the checkout page sends it (Kilimani from the gazetteer, one
   * of the product): the customer's last order, whose rider details the next checkout prefills.
   */
  async function placeEarlierOrder(rider: { building: string; directions: string }) {
    const api = page.context().request;
    const headers = { Origin: shop.url };
    const suggested = await api.post(shop.url + '/api/checkout/places/autocomplete', { data: { input: 'Kilim' }, headers });
    const { predictions } = (await suggested.json()) as { predictions: { placeId: string; description: string }[] };
    const kilimani = predictions.find((p) => /Kilimani/.test(p.description));
    if (!kilimani) throw new Error('no Kilimani suggestion');
    const details = await api.post(shop.url + '/api/checkout/places/details', { data: { placeId: kilimani.placeId }, headers });
    const place = (await details.json()) as { address: string; coordinates: { lat: number; lng: number }; placeToken: string };
    const product = await catalogProduct();
    const placed = await api.post(shop.url + '/api/checkout/orders', {
      data: {
        items: [{ productId: product.id, quantity: 1 }],
        customerInfo: { fullName: 'Wanjiru Kamau', email: 'wanjiru.fail@example.test', phone: '+254 722 111 222', address: place.address },
        deliveryInfo: { ...place, ...rider },
        idempotencyKey: 'earlier-order-' + Date.now(),
      },
      headers,
    });
    expect(placed.status()).toBe(200);
    // The catalogue keeps its answer for a second: wait until it shows this reservation, so the
    // test's own count starts after it.
    await expect.poll(async () => (await catalogProduct()).stock).toBe(product.stock - 1);
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
    // No address, no fee: paying is not possible yet, and the page says why. The button is still
    // reached by keyboard; pressed, it names what is missing and takes the customer there.
    await page.getByText('Please fill in all required fields.').waitFor();
    const pay = page.getByRole('button', { name: 'Pay with Pesapal' });
    expect(await pay.getAttribute('aria-disabled')).toBe('true');
    await pay.focus(); // a disabled button could not take focus
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pay with Pesapal');
    await page.keyboard.press('Enter');
    await page.locator('#pay-hint', { hasText: 'Missing: Delivery Address.' }).waitFor();
    expect(await page.locator('#pay-hint').innerText()).toBe('Please fill in all required fields. Missing: Delivery Address.');
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-address');
    expect(await address.getAttribute('aria-required')).toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);
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
    const sent = response.request().postDataJSON() as {
      items: object[];
      deliveryInfo: { placeToken: string | null };
      buyerTax: object;
    };
    expect(Object.keys(sent).sort()).toEqual([
      'buyerTax',
      'customerInfo',
      'deliveryInfo',
      'deliveryWindow',
      'fulfilment',
      'idempotencyKey',
      'items',
      'note',
      'payment',
      'promotionCode',
      'smsUpdates',
    ]);
    // This shop has no M-Pesa Express: Pesapal's page takes the payment.
    expect((sent as { payment?: object }).payment).toEqual({ method: 'pesapal' });
    // No note for the shop, and each line left at the shop's usual 'If unavailable' without a note.
    expect((sent as { note?: string }).note).toBe('');
    // No promotion code typed: the server prices the order at its plain prices.
    expect((sent as { promotionCode?: string }).promotionCode).toBe('');
    // No KRA PIN typed: a personal receipt.
    expect(sent.buyerTax).toEqual({ kraPin: '', businessName: '' });
    for (const item of sent.items) expect(Object.keys(item).sort()).toEqual(['productId', 'quantity']);
    expect(sent.deliveryInfo.placeToken).toMatch(/^[\w-]{43}$/);
    const answer = (await response.json()) as { orderId: string; iframeUrl: string; deliveryWindowNotice: string | null };
    expect(Object.keys(answer).sort()).toEqual(['deliveryWindowNotice', 'iframeUrl', 'mpesa', 'orderId', 'payOnDelivery', 'stockNotice']);
    expect(answer.deliveryWindowNotice).toBeNull(); // a free window: its place is held
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
    // The account exists; this browser has no session yet.
    await (await signedInContext('Wanjiru Kamau', 'wanjiru.visitor@example.test')).close();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(shop.url + '/shop');
    await hydrated(visitor); // a tap held until the page is live would be lost to the next navigation
    const card = visitor.getByRole('article', { name: PRODUCT });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await visitor.goto(shop.url + '/cart');
    await visitor.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await visitor.waitForURL(shop.url + '/auth');
    const form = visitor.getByRole('tabpanel', { name: 'Sign In' });
    await form.getByLabel('Email').fill('wanjiru.visitor@example.test');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL(shop.url + '/checkout');
    await visitor.getByRole('button', { name: 'Pay with Pesapal' }).waitFor();
    expect(await visitor.getByRole('main').getByText(PRODUCT).count()).toBeGreaterThan(0);
    await visitor.context().close();
  });

  it('sends a customer with an empty cart back to the cart', async () => {
    await openCustomerPage('wanjiru.empty@example.test');
    await page.goto(shop.url + '/checkout');
    await page.waitForURL(shop.url + '/cart');
  });

  it('shows prefilled contact details, the address suggestions, the fee and the totals, then pays by card', async () => {
    await openCustomerPage('wanjiru.checkout@example.test');
    const stockAtStart = (await catalogProduct()).stock;
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

    const orderId = await payInModal('Pay by card');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 2);
    // The shop holds it completed, with the rider's details, and its stock taken once.
    await statusOf(orderId).toBe('completed');
    const card = await adminOrder(orderId);
    expect(card.order).toMatchObject({
      deliveryBuilding: 'Block C, Apt 12',
      deliveryDirections: 'Blue gate opposite the church. Call on arrival.',
    });
    expect(ledgerRows(card.timeline)).toEqual(['reservation -2', 'sale 0']);
  });

  it('a failed payment keeps the customer in the modal and the stock reserved for Try Again', async () => {
    await openCustomerPage('wanjiru.fail@example.test');
    await placeEarlierOrder({ building: 'Block C, Apt 12', directions: 'Blue gate opposite the church. Call on arrival.' });
    const stockAtStart = (await catalogProduct()).stock;
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
    await page.getByText('The delivery fee must be known before you pay.').waitFor();
    // Pressed anyway, nothing is ordered: the customer is taken back to the address.
    await page.getByRole('button', { name: 'Pay with Pesapal' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-address');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.unroute('**/api/checkout/delivery-fee');

    await checkoutWithKilimani();
    // Prefilled from the last order.
    expect(await page.getByLabel('House, apartment or building (optional)').inputValue()).toBe('Block C, Apt 12');
    expect(await page.getByLabel('Directions for the rider (gate, landmark, when to call) (optional)').inputValue()).toBe(
      'Blue gate opposite the church. Call on arrival.',
    );
    const orderId = await payInModal('Fail');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 1);
    await page.getByRole('dialog', { name: 'Complete your payment' }).getByRole('button', { name: 'Cancel', exact: true }).click();
    // Failed, and reserved until its reservation ends (30 minutes: long after this test).
    await statusOf(orderId).toBe('failed');
    expect(ledgerRows((await adminOrder(orderId)).timeline)).toEqual(['reservation -1']);
  });

  it('a cancelled payment keeps the stock reserved too', async () => {
    await openCustomerPage('wanjiru.cancel@example.test');
    const stockAtStart = (await catalogProduct()).stock;
    await addToCart(1);
    await checkoutWithKilimani();
    const orderId = await payInModal('Cancel');
    expect((await catalogProduct()).stock).toBe(stockAtStart - 1);
    // Failed, and reserved until its reservation ends (30 minutes: long after this test).
    await statusOf(orderId).toBe('failed');
    expect(ledgerRows((await adminOrder(orderId)).timeline)).toEqual(['reservation -1']);
  });

  it('measures the fee from the origin the back office sets', async () => {
    await openCustomerPage('wanjiru.origin@example.test');
    const settings = await owner.request.get(shop.url + '/api/admin/delivery');
    const { origin: before } = (await settings.json()) as { origin: { lat: number; lng: number; label: string } };
    const saveOrigin = (origin: { lat: number; lng: number; label: string }) =>
      owner.request.put(shop.url + '/api/admin/delivery/origin', { data: origin, headers: { Origin: shop.url } });
    const saved = await saveOrigin({ lat: -1.29, lng: 36.786, label: 'Kilimani depot' });
    expect(saved.status()).toBe(200);
    // The other tests measure from the shop's own origin: put it back however this one ends.
    onTestFinished(async () => {
      expect((await saveOrigin(before)).status()).toBe(200);
    });

    await addToCart(4); // KES 2,600.00: free delivery
    await checkoutWithKilimani();
    await page.getByTestId('delivery-origin').getByText('From Kilimani depot').waitFor();
    expect(await page.getByTestId('delivery-distance').innerText()).toBe('0 m');
    expect(await page.getByTestId('delivery-zone').innerText()).toBe('Zone 1 - Local Area');
    // Free from KES 2,000: just FREE (no struck-through fee that never applied), no nudge, nothing added to the total.
    expect(await page.getByTestId('delivery-fee').innerText()).toBe('FREE');
    expect(await page.getByTestId('delivery-fee').locator('del').count()).toBe(0);
    expect(await page.getByTestId('summary-delivery').innerText()).toBe('FREE');
    expect(await page.getByText(/more for FREE delivery!/).count()).toBe(0);
    expect(await page.getByTestId('summary-total').innerText()).toBe('KES 3,016.00');
  });
});
