// Paying at phone size (390×844): a declined card keeps the customer in the payment modal with the
// failure panel and the toast; Try Again pays the same order, so My Orders holds one paid order with
// both attempts; the order page shows what was bought and where it goes, and the receipt (print view
// and PDF) lists the lines and totals, each document's first one the original. A late notification
// keeps the modal on Pesapal's return page (a plain waiting line, never the shop inside the shop), and
// the payment, once found, is announced once although the live event, polling and the return all
// bring it. Each test has a customer of its own and makes the order it starts from through the
// shop's API, so that it runs alone or in any order.
import type { Page, Route } from 'playwright-core';
import { suggestAddress } from './storefront-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTexts, readPdf } from '../support/pdf-reader';
import { waitFor } from '../support/wait-for';
import { axeViolations } from './support/axe';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  modalStatusesShown,
  paymentState,
  placeOrder,
  recordModalStatuses,
  retryPayment,
  startLiveShop,
  toast,
  waitForLiveStream,
  type Customer,
  type LiveRecord,
  type LiveShop,
  type PlacedOrder,
  type ShopProduct,
} from './live-helpers';

const PHONE_SCREEN = { width: 390, height: 844 };

describe('paying at phone size', () => {
  let live: LiveShop;
  let shopUrl: string;
  let product: ShopProduct;
  /** The current test's customer and their phone-sized tab. */
  let customer: Customer;
  let page: Page;

  beforeAll(async () => {
    live = await startLiveShop();
    shopUrl = live.shop.url;
    product = await inStockProduct(live.shop);
  });
  afterAll(() => live?.stop());

  /** A customer of the test's own (their orders are theirs alone), with a tab at phone size. */
  async function newCustomer(name: string): Promise<void> {
    customer = await createCustomer(live.shop, live.smtp, live.browser, name);
    page = await customer.context.newPage();
    await page.setViewportSize(PHONE_SCREEN);
  }

  /** An order of the customer's, paid by card on the customer's phone. */
  async function paidOrder(quantity: number): Promise<PlacedOrder> {
    const order = await placeOrder(live.shop, customer, product, quantity);
    await choose(order.iframeUrl, 'card');
    return order;
  }

  const dialog = () => page.getByRole('dialog', { name: 'Complete your payment' });
  // Pesapal's page sits inside the modal's own frame.
  const payPage = () => page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');

  it('a declined card shows the failure panel and the toast inside the modal, not another page', async () => {
    await newCustomer('Otieno Ouma');
    await page.goto(shopUrl + '/shop');
    await fillCart(page, product, 2);
    await page.goto(shopUrl + '/checkout');
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).waitFor();
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.press('ArrowDown');
    await address.press('Enter');
    await page.getByTestId('delivery-zone').waitFor();

    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    expect((await placed).ok()).toBe(true);
    await payPage().getByRole('button', { name: 'Fail' }).click();

    const panel = dialog().getByRole('alert').filter({ hasText: 'Payment Error' });
    await panel.getByText('Payment failed. Please try again.').waitFor();
    await toast(page, 'Payment Failed').waitFor();
    expect(page.url()).toBe(shopUrl + '/checkout');
    await panel.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('Try Again, from the keyboard, pays the same order; the order page shows what was bought', async () => {
    // Two to Kilimani, its payment declined in the modal (on the customer's phone), the failure panel open.
    await newCustomer('Achieng Ouma');
    const { orderId } = await placeOrder(live.shop, customer, product, 2, { address: 'Kilimani, Nairobi' });
    await page.goto(shopUrl + '/orders');
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    await payPage().getByRole('button', { name: 'Pay by card' }).waitFor();
    await choose((await dialog().locator('iframe').getAttribute('src'))!, 'fail');
    await dialog().getByRole('alert').filter({ hasText: 'Payment Error' }).getByRole('button', { name: 'Try Again' }).waitFor();

    const retried = page.waitForResponse((r) => r.url().endsWith(`/api/payments/orders/${orderId}/retry`));
    await dialog().getByRole('button', { name: 'Try Again' }).focus();
    await page.keyboard.press('Enter');
    expect((await retried).status()).toBe(200);
    await payPage().getByRole('button', { name: 'Pay by card' }).click();

    await page.waitForURL(shopUrl + '/order-success');
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    const summary = page.getByTestId('order-summary');
    await summary.getByRole('heading', { name: `Order #${orderId.slice(0, 8)}` }).waitFor();
    await summary.getByText(product.name).waitFor();
    await summary.getByText(/^2 × KES /).waitFor();
    expect(await summary.getByTestId('delivery-address').textContent()).toMatch(/^Kilimani\b/);
    expect(await summary.getByTestId('delivery-window').textContent()).toMatch(
      /Delivery window: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2} \(Nairobi time\)/,
    );
    expect(await summary.getByRole('link', { name: 'Download receipt' }).getAttribute('href')).toBe(`/api/orders/${orderId}/receipt.pdf`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('My Orders holds one order, paid, with its failed attempt under it', async () => {
    // The customer's only order: declined, then paid with a second attempt.
    await newCustomer('Kamau Ouma');
    const order = await placeOrder(live.shop, customer, product, 1);
    await choose(order.iframeUrl, 'fail');
    await choose(await retryPayment(live.shop, customer, order), 'card');
    const { orderId } = order;
    await page.goto(shopUrl + '/orders');
    const cards = page.locator('[data-order-id]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    const card = page.getByTestId('order-card');
    expect(await card.getAttribute('data-order-id')).toBe(orderId);
    expect(await card.getByTestId('order-status').textContent()).toBe('Completed');
    const attempts = card.getByTestId('payment-attempts');
    await attempts.getByText('2 payment attempts for this order').click();
    await attempts.getByText('Did not go through').waitFor();
    await attempts.getByText('Paid', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the receipt opens and lists the lines and totals; the PDF carries the order number', async () => {
    // An order of two whose receipt no one has opened yet.
    await newCustomer('Wanjiku Ouma');
    const { orderId } = await paidOrder(2);
    await page.goto(`${shopUrl}/api/orders/${orderId}/receipt`);
    await page.getByRole('heading', { name: `Receipt for order #${orderId.slice(0, 8)}` }).waitFor();
    const line = page.getByRole('row').filter({ hasText: product.name });
    expect(await line.getByRole('cell').nth(1).textContent()).toBe('2');
    for (const label of ['Subtotal', 'VAT (16%)', 'Delivery fee', 'Total paid']) await page.getByRole('cell', { name: label }).waitFor();
    await page.getByText('(Nairobi time)').first().waitFor(); // the paid time, then the delivery window
    expect(await axeViolations(page)).toEqual([]);

    const pdf = await customer.context.request.get(`${shopUrl}/api/orders/${orderId}/receipt.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = (await readPdf(await pdf.body())).flatMap(lineTexts);
    expect(text).toContain(`Receipt for order #${orderId.slice(0, 8)}`);
    expect(text.filter((l) => l.startsWith(`${product.name} | 2 | KES `))).toHaveLength(1);
    // The print view opened above was its own original: the first PDF is an original too, the next a copy.
    expect(text).not.toContain('COPY');
    const again = await customer.context.request.get(`${shopUrl}/api/orders/${orderId}/receipt.pdf`);
    expect((await readPdf(await again.body())).flatMap(lineTexts)).toContain('COPY');

    const stranger = await createCustomer(live.shop, live.smtp, live.browser, 'Njeri Wambui');
    expect((await stranger.context.request.get(`${shopUrl}/api/orders/${orderId}/receipt`)).status()).toBe(404);
    await stranger.context.close();
  });

  it("the receipt carries KRA's signed tax invoice: CU invoice number, signature and a QR code linking the PIN, branch and signature", async () => {
    await newCustomer('Muthoni Ouma');
    const { orderId } = await paidOrder(1);
    const receipt = `${shopUrl}/api/orders/${orderId}/receipt`;
    // KRA (the built-in simulator) signs the sale just after the payment; until then the receipt
    // says 'Tax invoice pending'.
    await waitFor('KRA to sign the sale', async () => {
      await page.goto(receipt);
      return (await page.getByText('Tax invoice pending').count()) === 0;
    });
    const text = await page.locator('body').innerText();
    const fact = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(text)?.[1] ?? '';
    const pin = fact('Seller KRA PIN');
    const cuNumber = fact('CU invoice number');
    const signature = fact('Receipt signature');
    expect(cuNumber).toMatch(/^\S+\/\d+$/);
    expect(signature).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    await page.getByRole('img', { name: /^QR code/ }).waitFor();
    const link = await page.getByRole('link', { name: /indexEtimsReceiptData/ }).getAttribute('href');
    expect(link).toContain(`Data=${pin}00${signature.replace(/-/g, '')}`);
    expect(await axeViolations(page)).toEqual([]);

    const pdf = await customer.context.request.get(`${receipt}.pdf`);
    const lines = (await readPdf(await pdf.body())).flatMap(lineTexts).join('\n');
    expect(lines).toContain(cuNumber);
    expect(lines).toContain(signature);
    expect(lines).not.toContain('Tax invoice pending');
  });

  it('a declined order still holding its stock shows Pay again in My Orders, which opens its payment page', async () => {
    await newCustomer('Njoroge Ouma');
    const declined = await placeOrder(live.shop, customer, product, 1);
    await choose(declined.iframeUrl, 'fail'); // declined on the customer's phone
    await page.goto(shopUrl + '/orders');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${declined.orderId}"]`);
    expect(await card.getByTestId('order-status').textContent()).toBe('Failed');
    await card.getByText('you can pay for this order again').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const retried = page.waitForResponse((r) => r.url().endsWith(`/api/payments/orders/${declined.orderId}/retry`));
    await card.getByRole('button', { name: 'Pay again' }).click();
    expect((await retried).status()).toBe(200);
    await payPage().getByRole('button', { name: 'Pay by card' }).waitFor();
    await dialog().getByRole('button', { name: 'Cancel payment' }).click();
    await dialog().waitFor({ state: 'detached' });
    // Still one card for that order: it waits for its new payment now.
    expect(await page.locator(`[data-order-id="${declined.orderId}"]`).count()).toBe(1);
  });

  /**
   * Every toast element that ever appears in the page or in a frame of our origin inside it (the old
   * return loaded the whole shop, with its own notices, inside the modal), with its text.
   */
  const TOAST_RECORDER = `(() => {
    let log;
    try { log = window.top.__toastsShown = window.top.__toastsShown || []; } catch { return; }
    const seen = new WeakSet();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(el)) continue;
        seen.add(el);
        log.push({ frame: window === window.top ? 'page' : 'frame', text: el.textContent });
      }
    }).observe(document, { childList: true, subtree: true });
  })();`;
  const toastsShown = (on: Page, text: string) =>
    on.evaluate(
      (t) => (window as unknown as { __toastsShown: { text: string }[] }).__toastsShown.filter((e) => e.text.includes(t)).length,
      text,
    );
  const setSimulatorSwitches = async (switches: { dropIpn: boolean }) => {
    const res = await fetch(`${shopUrl}/pesapal-sim/switches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(switches),
    });
    expect(res.status).toBe(200);
  };

  it('back from Pesapal before it confirms, the same goods are not paid twice: checkout offers that order, and continuing it pays the one order', async () => {
    // The customer left Pesapal's page and came back before Pesapal confirmed anything (an M-Pesa
    // prompt still on the phone): the shop has their return, the order is still pending.
    await newCustomer('Chebet Ouma');
    const first = await placeOrder(live.shop, customer, product, 4);
    const back = await customer.context.request.get(`${shopUrl}/api/payments/lookup?trackingId=${first.trackingId}`);
    expect(back.status()).toBe(200);

    await page.goto(shopUrl + '/shop');
    await fillCart(page, product, 4);
    await page.goto(shopUrl + '/checkout');
    const pay = page.getByRole('button', { name: 'Pay with Pesapal' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    const offer = page.getByRole('dialog', { name: 'This order is already waiting for payment' });
    await offer.getByText('Do not pay again: wait for it, or continue that order.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Continue that order' }).click();
    await dialog().waitFor();
    await payPage().getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(shopUrl + '/order-success');
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    expect(await page.getByTestId('order-reference').textContent()).toBe(`#${first.orderId.slice(0, 8)}`);
    // One order for those goods, paid once.
    const { orders } = (await (await customer.context.request.get(`${shopUrl}/api/orders`)).json()) as {
      orders: { id: string; status: string; items: { quantity: number }[] }[];
    };
    const forTheseGoods = orders.filter((o) => o.items.some((i) => i.quantity === 4));
    expect(forTheseGoods.map((o) => [o.id, o.status])).toEqual([[first.orderId, 'completed']]);
  });

  it('a late notification shows the plain return page inside the modal, and paid is announced once', async () => {
    await newCustomer('Odhiambo Ouma');
    await recordModalStatuses(customer.context);
    const order = await placeOrder(live.shop, customer, product, 2);
    const tab = await customer.context.newPage();
    await tab.setViewportSize(PHONE_SCREEN);
    await tab.addInitScript(TOAST_RECORDER);
    await tab.goto(shopUrl + '/orders');
    await waitForLiveStream(tab);
    await tab
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    const modal = tab.getByRole('dialog', { name: 'Complete your payment' });
    const modalFrame = tab.frameLocator('iframe[title="Pesapal payment page"]');
    const payButton = modalFrame.frameLocator('iframe[title="Pesapal payment page"]').getByRole('button', { name: 'Pay by card' });
    await payButton.waitFor();

    // Pesapal has the money but its notification is late, and the shop's own check is held up: the
    // customer, back from Pesapal's page, waits inside the modal.
    const held: Route[] = [];
    let holding = true;
    await tab.route('**/api/payments/sync', (route) => void (holding ? held.push(route) : route.continue()));
    const asked = tab.waitForRequest((r) => r.url().endsWith('/api/payments/sync'));
    await setSimulatorSwitches({ dropIpn: true });
    try {
      await payButton.click();
      expect((await asked).postDataJSON()).toEqual({ orderIds: [order.orderId], returned: true }); // Pesapal's return told the modal
    } finally {
      await setSimulatorSwitches({ dropIpn: false });
    }
    await modalFrame.getByRole('status').filter({ hasText: 'Waiting for Pesapal to confirm your payment. Do not pay again.' }).waitFor();
    // The return page is a page of its own: no shop header, cart or badges, no app code, in the modal.
    for (const inFrame of [modalFrame.getByRole('banner'), modalFrame.getByRole('link'), modalFrame.getByTestId('pending-badge')]) {
      expect(await inFrame.count()).toBe(0);
    }
    expect(await modalFrame.locator('script[src*="/assets/"]').count()).toBe(0);
    expect(await modalFrame.locator('body').evaluate((b) => b.ownerDocument.location.pathname)).toBe('/api/payments/return');
    await modal.getByText('This window updates as soon as Pesapal confirms your payment.').waitFor();
    expect(await modal.getByText('Payment confirmed').count()).toBe(0);
    expect(await axeViolations(tab)).toEqual([]);

    // The check goes through; the live event, polling and the answer to the return all say paid.
    const liveEvent = tab.waitForFunction(
      (id) =>
        (window as unknown as { __live: LiveRecord }).__live.events.some(
          (e) => e.orderId === id && e.kind === 'payment' && e.status === 'COMPLETED',
        ),
      order.orderId,
    );
    const polled = tab.waitForResponse(
      async (r) =>
        r.url().endsWith(`/api/orders/${order.orderId}/transaction`) &&
        ((await r.json().catch(() => null)) as { status?: string } | null)?.status === 'COMPLETED',
    );
    const synced = tab.waitForResponse((r) => r.url().endsWith('/api/payments/sync'));
    holding = false;
    for (const route of held) await route.continue();
    expect((await synced).status()).toBe(200);
    await Promise.all([liveEvent, polled]);
    await tab.waitForURL(shopUrl + '/order-success');
    // The modal said so, once, before moving on.
    expect(await modalStatusesShown(tab, 'Payment confirmed. Taking you to your order…')).toBe(1);
    await paymentState(tab).filter({ hasText: 'Payment Completed' }).waitFor();
    await toast(tab, 'Payment Successful! 🎉').waitFor();
    await toast(tab, 'Payment completed! Cart cleared.').waitFor();
    expect(await toastsShown(tab, 'Payment Successful!')).toBe(1);
    expect(await toastsShown(tab, 'Payment completed! Cart cleared.')).toBe(1);
    await tab.close();
  });
});
