// /order-success in each of its states, the manual status check, /orders after completed and failed
// payments, and the payment modal's cancel, failure, load-failure and success paths. Each test that
// needs orders has a customer of its own and places them through the shop's API, so that it runs
// alone or in any order (a customer's other orders change what their screens offer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { formatAmount } from '../../src/domain/money';
import { toE164Phone } from '../../src/domain/phone';
import { maskPhone } from '../../src/domain/phone-mask';
import { axeViolations } from './support/axe';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  modalStatusesShown,
  openLivePage,
  openOrderSuccessWithState,
  PHONE,
  paymentState,
  placeOrder,
  recordModalStatuses,
  showPendingOrder,
  startLiveShop,
  toast,
  waitForLiveStream,
  type Customer,
  type LiveShop,
  type PlacedOrder,
  type ShopProduct,
} from './live-helpers';

const ADMIN_EMAIL = 'live-admin@example.test';
const OWNER_EMAIL = 'live-owner@example.test';

describe('order status screens', () => {
  let live: LiveShop;
  /** A customer without orders, for the screens that need none. */
  let amina: Customer;
  let product: ShopProduct;
  let shopUrl = '';

  beforeAll(async () => {
    live = await startLiveShop({ ADMIN_EMAILS: `${ADMIN_EMAIL},${OWNER_EMAIL}` });
    shopUrl = live.shop.url;
    amina = await createCustomer(live.shop, live.smtp, live.browser, 'Amina Otieno');
    // Each test places its own orders: some 25 units in all.
    product = await inStockProduct(live.shop, 40);
  });
  afterAll(async () => {
    await live?.stop();
  });

  // Pesapal's return as the whole tab: the return page sends it on to /order-success with the query.
  const callbackUrl = (order: PlacedOrder) => `${shopUrl}/api/payments/return?OrderTrackingId=${order.trackingId}&OrderMerchantReference=x`;
  const totalOf = async (customer: Customer, orderId: string) => {
    const res = await customer.context.request.get(`${shopUrl}/api/orders/${orderId}`);
    return `KES ${formatAmount(((await res.json()) as { totalCents: number }).totalCents)}`;
  };
  const newCustomer = (name: string) => createCustomer(live.shop, live.smtp, live.browser, name);
  /** An order of the customer's whose payment was made (card) or declined (fail) on their phone. */
  const orderPaidWith = async (customer: Customer, choice: 'card' | 'fail', quantity: number) => {
    const order = await placeOrder(live.shop, customer, product, quantity);
    await choose(order.iframeUrl, choice);
    return order;
  };

  it('without an order id, /order-success goes home', async () => {
    const page = await amina.context.newPage();
    await page.goto(shopUrl + '/order-success');
    await page.waitForURL(shopUrl + '/');
    await page.close();
  });

  it('back from Pesapal: Processing, then Payment Completed as soon as the payment is confirmed', async () => {
    const buyer = await newCustomer('Amina Otieno');
    const order = await placeOrder(live.shop, buyer, product, 2);
    const page = await openLivePage(shopUrl, buyer);
    await fillCart(page, product, 2);
    await page.goto(callbackUrl(order));
    await page.waitForURL(`${shopUrl}/order-success`); // the callback query is resolved, then dropped
    await paymentState(page).filter({ hasText: 'Processing' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Your payment is being processed' }).waitFor();
    expect(await page.getByTestId('order-reference').textContent()).toBe(`#${order.orderId.slice(0, 8)}`);
    expect(await page.getByTestId('tracking-id').textContent()).toBe(order.trackingId);
    expect(await page.getByTestId('order-amount').textContent()).toBe(await totalOf(buyer, order.orderId));
    // The phone the payment was made with (stored in E.164), masked by the server: its middle never reaches the browser.
    expect(await page.getByTestId('payment-phone').textContent()).toBe(maskPhone(toE164Phone(PHONE)));
    expect(await page.getByTestId('payment-phone').textContent()).toBe('+25*******678');
    expect(await page.content()).not.toContain('712 345');
    await page.getByRole('button', { name: 'Check Payment Status' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await axeViolations(page)).toEqual([]);

    await choose(order.iframeUrl, 'card');
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await toast(page, 'Payment Successful! 🎉').waitFor();
    await toast(page, 'Payment completed! Cart cleared.').waitFor();
    await page.getByTestId('cart-count').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Check Payment Status' }).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('back from Pesapal already paid: the success notice shows on the reloaded app, once', async () => {
    const baraka = await createCustomer(live.shop, live.smtp, live.browser, 'Baraka Njoroge');
    const order = await placeOrder(live.shop, baraka, product, 1);
    await choose(order.iframeUrl, 'card');
    const page = await openLivePage(shopUrl, baraka);
    await fillCart(page, product, 1);
    // Pesapal's page sends the whole window here, so notices raised before it vanished with the old page.
    await page.goto(callbackUrl(order));
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    await toast(page, 'Payment Successful! 🎉').waitFor();
    await toast(page, 'Payment completed! Cart cleared.').waitFor();
    await page.getByTestId('cart-count').waitFor({ state: 'detached' });
    await page.reload();
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    // Proves no toast follows the reload: a busy machine can only make this pass too easily, never fail.
    await page.waitForTimeout(1_000);
    expect(await toast(page, 'Payment Successful! 🎉').count()).toBe(0);
    await page.close();
  });

  it('shows Payment Failed for a payment that failed', async () => {
    const buyer = await newCustomer('Akinyi Otieno');
    const order = await orderPaidWith(buyer, 'fail', 1);
    const page = await openLivePage(shopUrl, buyer);
    await page.goto(callbackUrl(order));
    await paymentState(page).filter({ hasText: 'Payment Failed' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Your payment did not go through' }).waitFor();
    expect(await page.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
    expect(await page.getByRole('button', { name: 'Check Payment Status' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows Checking... while the payment status is being read', async () => {
    const buyer = await newCustomer('Atieno Otieno');
    const order = await placeOrder(live.shop, buyer, product, 1);
    const page = await openLivePage(shopUrl, buyer);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders/*/transaction', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(callbackUrl(order));
    await paymentState(page).filter({ hasText: 'Checking...' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    release();
    await paymentState(page).filter({ hasText: 'Processing' }).waitFor();
    await page.unroute('**/api/orders/*/transaction');
    await page.close();
  });

  // What a check that finds a change, or cannot reach Pesapal, says: live-sync.test.ts (it needs a
  // Pesapal whose notifications the test can hold back).
  it('shows Payment Pending with a manual status check that finds nothing new, and says when the order cannot be refreshed', async () => {
    const { order, page } = await showPendingOrder(live.shop, await newCustomer('Awino Otieno'), product, 2);
    await page.getByRole('heading', { level: 1, name: 'Waiting for your payment' }).waitFor();
    const check = page.getByRole('button', { name: 'Check Payment Status' });

    await check.click();
    await toast(page, 'Status Check Complete').waitFor();
    await toast(page, 'Payment status is already up to date.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The shop stops answering while the page polls the pending order.
    await page.route(`**/api/orders/${order.orderId}`, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Down' } } }),
    );
    await toast(page, 'Failed to update order status. Please refresh the page.').waitFor({ timeout: 30_000 });
    await toast(page, 'Error').waitFor();
    // The last known status stays on screen.
    expect(await paymentState(page).textContent()).toBe('Payment Pending');
    await page.unroute(`**/api/orders/${order.orderId}`);
    await page.close();
  });

  it('says Order not found for an order id that is not the customer’s', async () => {
    const page = await openLivePage(shopUrl, amina);
    await openOrderSuccessWithState(page, '7a0e8a52-3f5e-4c55-9a43-2d6f3c1e9b10');
    await page.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await page.goto(`${shopUrl}/order-success?OrderTrackingId=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
    await page.close();
  });

  it('lets the customer clear the cart by hand', async () => {
    const buyer = await newCustomer('Adhiambo Otieno');
    const failed = await orderPaidWith(buyer, 'fail', 1);
    const page = await openLivePage(shopUrl, buyer);
    await fillCart(page, product, 3);
    await page.goto(callbackUrl(failed));
    await paymentState(page).filter({ hasText: 'Payment Failed' }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.getByTestId('cart-count').waitFor({ state: 'detached' });
    await toast(page, 'Cart cleared').waitFor();
    await page.close();
  });

  it('/orders lists the completed and failed orders newest first, with the orders awaiting payment above', async () => {
    // A completed order, then a failed one, then two still awaiting payment.
    const buyer = await newCustomer('Auma Otieno');
    const completedOrder = await orderPaidWith(buyer, 'card', 2);
    const failedOrder = await orderPaidWith(buyer, 'fail', 1);
    await placeOrder(live.shop, buyer, product, 1);
    await placeOrder(live.shop, buyer, product, 2);
    const page = await buyer.context.newPage();
    // The skeleton while the list loads.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shopUrl}/orders`);
    await page.locator('[aria-busy="true"][aria-label="Loading your orders"]').waitFor();
    const listed = page.waitForResponse(`${shopUrl}/api/orders`);
    release();
    await listed;
    await page.unroute('**/api/orders');
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    await page.getByText('Track your order history and status').waitFor();
    const history = page.getByTestId('order-card');
    await history.first().waitFor();
    const ids = await history.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-order-id')));
    expect(ids).toEqual([failedOrder.orderId, completedOrder.orderId]);

    const completed = history.filter({ hasText: completedOrder.orderId.slice(0, 8) });
    await completed.getByRole('heading', { name: `Order #${completedOrder.orderId.slice(0, 8)}` }).waitFor();
    expect(await completed.getByTestId('order-status').textContent()).toBe('Completed');
    expect(await completed.getByTestId('order-status').getAttribute('class')).toContain('bg-green-100');
    expect(await completed.locator('time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/); // '24 Nov 2026'
    const unit = formatAmount(product.priceCents);
    await completed.getByText(`2 × KES ${unit}`).waitFor();
    await completed.getByText(`KES ${formatAmount(product.priceCents * 2)}`).waitFor();
    await completed.getByText(product.name).waitFor();
    const total = await totalOf(buyer, completedOrder.orderId);
    await completed.getByText(total, { exact: true }).waitFor();
    const failed = history.filter({ hasText: failedOrder.orderId.slice(0, 8) });
    expect(await failed.getByTestId('order-status').textContent()).toBe('Failed');
    expect(await failed.getByTestId('order-status').getAttribute('class')).toContain('bg-slate-100');

    const awaiting = page.getByTestId('awaiting-order');
    expect(await awaiting.count()).toBeGreaterThanOrEqual(2);
    await awaiting.first().getByRole('button', { name: 'Check status' }).click();
    await toast(page, 'Status Check Complete').waitFor();
    await toast(page, 'Payment status is already up to date.').waitFor();
    await awaiting.first().getByRole('button', { name: 'Continue payment' }).waitFor();
    await page.getByRole('button', { name: 'Check all payments' }).click();
    await toast(page, 'All payments are already up to date.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('/orders shows where a paid order is: Paid, then the delivery step, live, once the shop starts delivering', async () => {
    const admin = await createCustomer(live.shop, live.smtp, live.browser, 'Shop Admin', ADMIN_EMAIL);
    const buyer = await newCustomer('Anyango Otieno');
    const paid = await orderPaidWith(buyer, 'card', 2);
    const page = await openLivePage(shopUrl, buyer, '/orders');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${paid.orderId}"]`);
    await card.getByTestId('order-status').waitFor();
    const steps = card.getByRole('list', { name: 'Delivery progress' });
    expect(await steps.locator('[aria-current="step"]').textContent()).toBe('Paid');
    const res = await admin.context.request.post(`${shopUrl}/api/admin/orders/${paid.orderId}/fulfilment`, {
      headers: { Origin: shopUrl },
      data: { status: 'out_for_delivery' },
    });
    expect(res.status()).toBe(200);
    await steps.locator('[aria-current="step"]', { hasText: 'Out for delivery' }).waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual(['Paid', 'Being prepared', 'Out for delivery', 'Delivered']);
    expect(await axeViolations(page)).toEqual([]);
    await admin.context.close();
    await page.close();
  });

  it('the payment modal: hints only make it ask the server, Cancel closes it, a failed payment offers Cancel and Try Again', async () => {
    const buyer = await newCustomer('Apiyo Otieno');
    const order = await placeOrder(live.shop, buyer, product, 3);
    const page = await openLivePage(shopUrl, buyer, '/orders');
    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    const card = page.locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`);
    const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
    // Pesapal's page sits in the modal's own frame, so that its return loads inside the modal.
    const payPage = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    const nextSync = () => page.waitForResponse((res) => res.url().endsWith('/api/payments/sync') && res.request().method() === 'POST');

    await card.getByRole('button', { name: 'Continue payment' }).click();
    await dialog.waitFor();
    await payPage.getByRole('button', { name: 'Pay by card' }).waitFor();
    expect(await dialog.locator('iframe').getAttribute('sandbox')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    // A success-looking message from the payment page only makes the shop ask the server.
    const frame = page.frames().find((f) => f.url().includes('/PesapalIframe3/Index'))!;
    let synced = nextSync();
    await frame.evaluate(() => window.parent.postMessage({ type: 'payment_completed', status: 'completed' }, '*'));
    expect((await synced).request().postDataJSON()).toEqual({ orderIds: [order.orderId] });
    expect(await dialog.getByText('Payment confirmed').count()).toBe(0);
    // So does a callback URL in the frame (readable when the frame shows a page of the shop's own
    // origin; a plain page stands in for the shop's return page here).
    await page.route('**/order-success?OrderTrackingId=*', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Back at the shop</p>' }),
    );
    synced = nextSync();
    await frame.evaluate(
      (url) => (window.location.href = url),
      `${shopUrl}/order-success?OrderTrackingId=${order.trackingId}&OrderMerchantReference=x`,
    );
    // A return from Pesapal is told as such: the order then waits for Pesapal's confirmation.
    expect((await synced).request().postDataJSON()).toEqual({ orderIds: [order.orderId], returned: true });
    await page.unroute('**/order-success?OrderTrackingId=*');
    expect(await dialog.getByText('Payment confirmed').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await toast(page, 'Payment cancelled. You can try again when ready.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the modal, not to the top of the page. Pesapal sent
    // the customer back from this page, so the order now waits for Pesapal: 'Pay now'.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Pay now');

    await card.getByRole('button', { name: 'Pay now' }).click();
    await dialog.waitFor();
    const iframeUrl = (await dialog.locator('iframe').getAttribute('src'))!;
    await choose(iframeUrl, 'fail'); // paid (and failed) on the customer's phone, not in the frame
    const errorPanel = dialog.getByRole('alert').filter({ hasText: 'Payment Error' });
    await errorPanel.getByText('Payment failed. Please try again.').waitFor();
    await errorPanel.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The failed order keeps its stock reserved: Try Again opens a new payment page for that same order.
    const retried = page.waitForResponse((res) => res.url().endsWith(`/api/payments/orders/${order.orderId}/retry`));
    await errorPanel.getByRole('button', { name: 'Try Again' }).click();
    expect((await retried).status()).toBe(200);
    await payPage.getByRole('button', { name: 'Pay by card' }).waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).not.toBe(iframeUrl);
    expect(page.url()).toBe(`${shopUrl}/orders`);
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    // The new attempt is open, so the same order waits for payment again: still one order.
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .waitFor();
    expect(await page.locator(`[data-order-id="${order.orderId}"]`).count()).toBe(1);
    await page.close();
  });

  it('the payment modal: a payment confirmed while it is open (e.g. M-Pesa on the phone) takes the customer to /order-success', async () => {
    const buyer = await newCustomer('Aoko Otieno');
    await recordModalStatuses(buyer.context);
    const order = await placeOrder(live.shop, buyer, product, 2);
    const page = await openLivePage(shopUrl, buyer, '/orders');
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
    const iframeUrl = (await dialog.locator('iframe').getAttribute('src'))!;
    await choose(iframeUrl, 'card');
    await page.waitForURL(`${shopUrl}/order-success`);
    expect(await modalStatusesShown(page, 'Payment confirmed. Taking you to your order…')).toBe(1);
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    expect(await page.getByTestId('order-reference').textContent()).toBe(`#${order.orderId.slice(0, 8)}`);
    await page.close();
  });

  it('the payment modal: a page that does not load offers to open it in a new tab', async () => {
    const buyer = await newCustomer('Akoth Otieno');
    const order = await placeOrder(live.shop, buyer, product, 2);
    // The page's clock is moved past the modal's 20 s load limit instead of waiting it out.
    const page = await buyer.context.newPage();
    await page.clock.install();
    await page.goto(shopUrl + '/orders');
    await waitForLiveStream(page);
    const held: Route[] = [];
    await page.route('**/PesapalIframe3/Index*', (route) => void held.push(route));
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
    await dialog.locator('iframe').waitFor({ state: 'attached' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.clock.fastForward(20_000);
    const errorPanel = dialog.getByRole('alert').filter({ hasText: 'Payment Error' });
    await errorPanel.getByText('Failed to load payment page. Please try again.').waitFor();
    const link = errorPanel.getByRole('link', { name: 'Open payment page in a new tab' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toContain('/PesapalIframe3/Index?OrderTrackingId=');
    await page.unroute('**/PesapalIframe3/Index*');
    for (const route of held) await route.abort().catch(() => undefined);
    await page.close();
  });

  it('the payment modal: paying by card in the frame ends on /order-success with the payment completed', async () => {
    const buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Baraka Mutua');
    const order = await placeOrder(live.shop, buyer, product, 1);
    const page = await openLivePage(shopUrl, buyer, '/orders');
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    await page
      .frameLocator('iframe[title="Pesapal payment page"]')
      .frameLocator('iframe[title="Pesapal payment page"]')
      .getByRole('button', { name: 'Pay by card' })
      .click();
    await page.waitForURL(/\/order-success/);
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    expect(await page.getByTestId('order-reference').textContent()).toBe(`#${order.orderId.slice(0, 8)}`);
    await buyer.context.close();
  });

  it('a customer without orders sees No orders yet', async () => {
    const newcomer = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Mwangi');
    const page = await newcomer.context.newPage();
    await page.goto(shopUrl + '/orders');
    await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
    await page.getByText('When you place your first order, it will appear here.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await newcomer.context.close();
  });
  it('the back office hears a paid order: the notice, the dashboard and the order list change without a reload', async () => {
    const owner = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Owner', OWNER_EMAIL);
    const buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Otieno Buyer');
    const order = await placeOrder(live.shop, buyer, product, 1);
    const ref = `#${order.orderId.slice(0, 8)}`;
    const streamOpen = (page: Page) => page.waitForResponse((res) => res.url().endsWith('/api/admin/live') && res.status() === 200);
    const dashboard = await owner.context.newPage();
    let opened = streamOpen(dashboard);
    await dashboard.goto(`${shopUrl}/admin`);
    await dashboard.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await opened;
    const today = dashboard.getByRole('heading', { level: 2, name: 'Today' }).locator('..');
    const paidToday = async () => Number(/(\d+) paid order/.exec((await today.textContent()) ?? '')?.[1]);
    await today.getByText(/paid orders?$/).waitFor();
    const before = await paidToday();
    const list = await owner.context.newPage();
    opened = streamOpen(list);
    await list.goto(`${shopUrl}/admin/orders`);
    const row = list.getByRole('row').filter({ hasText: `Order ${ref}` });
    await row.getByText('Awaiting payment').waitFor();
    await opened;

    await choose(order.iframeUrl, 'card');
    await dashboard
      .getByRole('status')
      .filter({ hasText: `New paid order ${ref}.` })
      .waitFor();
    await toast(dashboard, `New paid order ${ref}.`).waitFor();
    // At least this order more: an order of another test (left waiting for Pesapal) may be
    // confirmed in the meantime too.
    await expect.poll(paidToday, { timeout: 30_000 }).toBeGreaterThan(before);
    await row.getByText('Paid', { exact: true }).waitFor();
    await list
      .getByRole('status')
      .filter({ hasText: `New paid order ${ref}.` })
      .waitFor();
    // The switch is remembered in this browser.
    const sounds = dashboard.getByRole('button', { name: 'Order sounds' });
    expect(await sounds.getAttribute('aria-pressed')).toBe('true');
    await sounds.click();
    expect(await sounds.getAttribute('aria-pressed')).toBe('false');
    expect(await dashboard.evaluate(() => localStorage.getItem('back-office-sounds'))).toBe('off');
    expect(await axeViolations(dashboard)).toEqual([]);
    await owner.context.close();
  });
});
