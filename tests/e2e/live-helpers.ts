// Shared steps of the live-status journeys: real customers (signed up, verified by mail, signed in),
// real orders through /api/checkout/orders, and payments chosen on the Pesapal simulator's page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from './support/chromium';
import { signedUpContext } from './support/sign-up';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

export const PASSWORD = 'omena-and-sukuma-1';
/** The phone every test customer signs up and pays with. */
export const PHONE = '+254 712 345 678';

export interface Customer {
  email: string;
  name: string;
  context: BrowserContext;
}

export interface PlacedOrder {
  orderId: string;
  iframeUrl: string;
  trackingId: string;
}

export interface ShopProduct {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
  imageUrl: string | null;
  category: string;
}

export interface LiveShop {
  shop: ShopServer;
  smtp: TestSmtpServer;
  browser: Browser;
  stop(): Promise<void>;
}

/** A built shop with its own mailbox (for sign-up mail) and a Chromium, for one test file. */
export async function startLiveShop(env: Record<string, string> = {}): Promise<LiveShop> {
  const smtp = await startSmtpServer();
  const shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ...env });
  const browser = await launchChromium();
  return {
    shop,
    smtp,
    browser,
    async stop() {
      await browser.close();
      await shop.stop();
      await smtp.stop();
    },
  };
}

/**
 * Recorded in every page: the live events its EventSource delivered, how often it opened, the tones
 * it played (Web Audio replaced by a recorder of frequency, gain and length) and whether the header's
 * 'Processing' badge ever appeared (it shows for 3 s only, so it is watched rather than polled for).
 */
export const LIVE_INSTRUMENTATION = `
  window.__live = { connected: false, opens: 0, events: [], tones: [], sawProcessing: false };
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('open', () => { window.__live.connected = true; window.__live.opens += 1; });
      this.addEventListener('message', (e) => window.__live.events.push(JSON.parse(e.data)));
    }
  };
  class RecordingOscillator {
    constructor() { this.frequency = { value: 0 }; this.type = 'sine'; this.output = null; this.tone = null; }
    connect(node) { this.output = node; return node; }
    start() {
      this.tone = { hz: this.frequency.value, type: this.type, gain: this.output ? this.output.gain.value : 1, seconds: null };
      window.__live.tones.push(this.tone);
    }
    stop(at) { if (this.tone) this.tone.seconds = at; }
  }
  window.AudioContext = class {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    createOscillator() { return new RecordingOscillator(); }
    createGain() { return { gain: { value: 1 }, connect: (node) => node }; }
    resume() { return Promise.resolve(); }
  };
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="processing-badge"]')) window.__live.sawProcessing = true;
  }).observe(document, { childList: true, subtree: true });
`;

export interface LiveRecord {
  connected: boolean;
  /** How often the page's stream opened (reconnects included). */
  opens: number;
  events: { kind: string; orderId: string; status: string; oldStatus: string | null }[];
  /** Tones played; seconds is when the tone was told to stop (the audio clock starts at 0). */
  tones: { hz: number; type: string; gain: number; seconds: number | null }[];
  sawProcessing: boolean;
}

export const liveRecord = (page: Page) => page.evaluate(() => (window as unknown as { __live: LiveRecord }).__live);

/** A new tab of the customer on path, once its live stream is open. */
export async function openLivePage(shopUrl: string, customer: Customer, path = '/shop'): Promise<Page> {
  const page = await customer.context.newPage();
  await page.goto(shopUrl + path);
  await waitForLiveStream(page);
  return page;
}

// Every status line the payment modal shows, recorded as it appears: its 'Payment confirmed' lasts
// 1.5 s before the page moves on, and on a busy machine a test may look only after it is gone.
const MODAL_STATUS_RECORDER = `(() => {
  if (window !== window.top) return;
  const shown = (window.__modalStatuses = window.__modalStatuses || []);
  const last = new WeakMap();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[role="dialog"] [role="status"]')) {
      const text = el.textContent;
      if (!text || last.get(el) === text) continue;
      last.set(el, text);
      shown.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** From now on, the pages the context opens record what the payment modal's status lines say. */
export const recordModalStatuses = (context: BrowserContext) => context.addInitScript(MODAL_STATUS_RECORDER);

/** How many times the payment modal showed a status line containing `text` on this page. */
export const modalStatusesShown = (page: Page, text: string) =>
  page.evaluate(
    (t) => ((window as unknown as { __modalStatuses?: string[] }).__modalStatuses ?? []).filter((s) => s.includes(t)).length,
    text,
  );

/** The status badge of /order-success ('Payment Pending', 'Payment Completed', …). */
export const paymentState = (page: Page) => page.getByTestId('payment-state');

/** A new order of the customer, on /order-success (reached as from the payment modal) while its payment is pending. */
export async function showPendingOrder(
  shop: ShopServer,
  customer: Customer,
  product: ShopProduct,
  quantity = 1,
): Promise<{ order: PlacedOrder; page: Page }> {
  const order = await placeOrder(shop, customer, product, quantity);
  const page = await openLivePage(shop.url, customer);
  await openOrderSuccessWithState(page, order.orderId);
  await paymentState(page).filter({ hasText: 'Payment Pending' }).waitFor();
  return { order, page };
}

/** Resolves once the page's live stream is open (so a change made now reaches it). */
export async function waitForLiveStream(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __live?: LiveRecord }).__live?.connected === true);
}

let counter = 0;

/** Signs up over the API, opens the emailed verification link and signs in, in a fresh browser context. */
export async function createCustomer(
  shop: ShopServer,
  smtp: TestSmtpServer,
  browser: Browser,
  name: string,
  email = `live-${++counter}-${Date.now()}@example.test`,
): Promise<Customer> {
  const context = await signedUpContext(shop, smtp, browser, { name, email, phone: PHONE, password: PASSWORD }, LIVE_INSTRUMENTATION);
  return { email, name, context };
}

/** A product of the seed with at least `atLeast` in stock (a file placing many orders asks for more). */
export async function inStockProduct(shop: ShopServer, atLeast = 20): Promise<ShopProduct> {
  const res = await fetch(shop.url + '/api/catalog/products');
  const { products } = (await res.json()) as { products: (ShopProduct & { hasChoices: boolean })[] };
  // One without options: an order names a product sold by options by its variant.
  const product = products.find((p) => p.stock >= atLeast && !p.hasChoices);
  if (!product) throw new Error(`no product with ${atLeast} in stock in the seed`);
  return product;
}

/**
 * An order placed through checkout's API as the customer (the server prices it), delivered to
 * Westlands unless `delivery` names another address; `delivery` also carries the rider's directions.
 */
export async function placeOrder(
  shop: ShopServer,
  customer: Customer,
  product: ShopProduct,
  quantity = 1,
  delivery: { address?: string; building?: string; directions?: string } = {},
): Promise<PlacedOrder> {
  const res = await customer.context.request.post(shop.url + '/api/checkout/orders', {
    headers: { Origin: shop.url },
    data: {
      items: [{ productId: product.id, quantity }],
      customerInfo: { fullName: customer.name, email: customer.email, phone: PHONE, address: 'Westlands, Nairobi' },
      deliveryInfo: { address: 'Westlands, Nairobi', ...delivery },
    },
  });
  const body = (await res.json()) as { orderId: string; iframeUrl: string };
  if (!res.ok()) throw new Error(`order failed: ${res.status()} ${JSON.stringify(body)}`);
  return { orderId: body.orderId, iframeUrl: body.iframeUrl, trackingId: new URL(body.iframeUrl).searchParams.get('OrderTrackingId')! };
}

/**
 * Pesapal tells the shop about the order's payment while it is still unconfirmed (an IPN, as when
 * the customer has answered the M-Pesa prompt): from then on the order waits for Pesapal, and the
 * header counts it as a pending payment.
 */
export async function seenByPesapal(shop: ShopServer, order: PlacedOrder): Promise<void> {
  const reference = `ORD-${order.orderId.slice(0, 8)}-1`;
  const query = new URLSearchParams({
    OrderTrackingId: order.trackingId,
    OrderMerchantReference: reference,
    OrderNotificationType: 'IPNCHANGE',
  });
  const res = await fetch(`${shop.url}/api/payments/ipn?${query.toString()}`);
  if (!res.ok) throw new Error(`the IPN was refused: ${res.status} ${await res.text()}`);
}

/** Starts a new payment of the customer's order, as Try Again and Pay again do; returns its payment page. */
export async function retryPayment(shop: ShopServer, customer: Customer, order: PlacedOrder): Promise<string> {
  const res = await customer.context.request.post(`${shop.url}/api/payments/orders/${order.orderId}/retry`, {
    headers: { Origin: shop.url },
  });
  if (!res.ok()) throw new Error(`retry failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { iframeUrl: string }).iframeUrl;
}

/**
 * Presses a button on the simulator's payment page without a browser (as if on the customer's
 * phone); the simulator delivers its IPN before it answers.
 */
export async function choose(iframeUrl: string, choice: 'card' | 'fail' | 'cancel'): Promise<void> {
  const url = iframeUrl.replace(/\/Index\/?\?/, '/Choose?');
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ choice }) });
  if (!res.ok) throw new Error(`simulator refused ${choice}: ${res.status} ${await res.text()}`);
}

/** Puts product × quantity in the browser's cart (shared by the context's tabs). */
export async function fillCart(page: Page, product: ShopProduct, quantity: number): Promise<void> {
  const line = {
    productId: product.id,
    name: product.name,
    priceCents: product.priceCents,
    imageUrl: product.imageUrl,
    category: product.category,
    stock: product.stock,
    quantity,
  };
  await savedCartAgreed(page);
  await page.evaluate((value) => localStorage.setItem('cart', value), JSON.stringify([line]));
}

/**
 * A signed-in page first agrees its cart with the server's saved cart, then makes the answer the
 * browser's cart: a cart written behind the app's back before that is replaced by the answer. Waits
 * until this browser has agreed with the saved cart as the server holds it now.
 */
async function savedCartAgreed(page: Page): Promise<void> {
  const cookies = await page.context().cookies(page.url());
  if (!cookies.some((c) => c.name.endsWith('session_token'))) return;
  // page.evaluate awaits the check's answer; waitForFunction would take its promise for a yes.
  const agreesWithServer = () =>
    page.evaluate(async () => {
      const agreed = JSON.parse(localStorage.getItem('cart-saved-for') ?? 'null') as { updatedAt: string | null } | null;
      if (!agreed) return false;
      const res = await fetch('/api/cart');
      if (!res.ok) return false;
      const { cart } = (await res.json()) as { cart: { updatedAt: string | null } };
      return cart.updatedAt === agreed.updatedAt;
    });
  await expect.poll(agreesWithServer).toBe(true);
}

export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

/**
 * Opens /order-success with { orderId } in the navigation state, as the payment modal does: pushed
 * into the history and announced with popstate, which the router reads.
 */
export async function openOrderSuccessWithState(page: Page, orderId: string): Promise<void> {
  await page.evaluate((id) => {
    window.history.pushState({ usr: { orderId: id }, key: `live-${Date.now()}`, idx: 1 }, '', '/order-success');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, orderId);
}
