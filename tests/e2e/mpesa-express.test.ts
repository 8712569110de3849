// M-Pesa Express at 360 px, through the built-in Daraja simulator and its 'phone' page: checkout
// offers 'M-Pesa (prompt on your phone)', the waiting screen says to enter the PIN, the PIN on the
// phone moves the customer to the success page (told by the live event, not by a later poll); a lost
// callback is paid through the shop's own query (the clock moved past its first check); a cancelled
// prompt says so and a second prompt pays the same order; a callback sent three times pays once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { createCustomer, fillCart, inStockProduct, startLiveShop, type Customer, type LiveShop, type ShopProduct } from './live-helpers';
import { suggestAddress } from './storefront-helpers';

const PHONE_SCREEN = { width: 360, height: 740 };
const ADMIN_EMAIL = 'owner@mpesa.example';
/** The customers' profile phone (live-helpers' PHONE) as M-Pesa writes it. */
const PAYER_MSISDN = '254712345678';

describe('M-Pesa Express at checkout, at 360 px', () => {
  let live: LiveShop;
  let product: ShopProduct;
  let browser: Browser;
  let phone: Page;

  beforeAll(async () => {
    live = await startLiveShop({ MPESA_ENV: 'simulator', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = live.browser;
    product = await inStockProduct(live.shop);
    // Prices that hold their VAT: whole-shilling totals, which M-Pesa takes.
    const owner = await createCustomer(live.shop, live.smtp, browser, 'Amina Owner', ADMIN_EMAIL);
    const set = await owner.context.request.put(`${live.shop.url}/api/admin/shop-details/prices-include-vat`, {
      headers: { Origin: live.shop.url },
      data: { on: true },
    });
    expect(set.status(), await set.text()).toBe(200);
    phone = await browser.newPage();
  });
  afterAll(() => live?.stop());

  const url = (path: string) => live.shop.url + path;

  /** A new customer at checkout with the product in the cart and Kilimani chosen. */
  async function atCheckout(name: string): Promise<{ customer: Customer; page: Page }> {
    const customer = await createCustomer(live.shop, live.smtp, browser, name);
    const page = await customer.context.newPage();
    await page.setViewportSize(PHONE_SCREEN);
    await page.goto(url('/shop'));
    await fillCart(page, product, 1);
    await page.goto(url('/checkout'));
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).waitFor();
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.press('ArrowDown');
    await address.press('Enter');
    await page.getByTestId('delivery-zone').waitFor();
    return { customer, page };
  }

  const waiting = (page: Page) => page.getByRole('dialog', { name: 'Pay with M-Pesa' });

  /** Presses Pay with M-Pesa (M-Pesa is the choice already made) and waits for the waiting screen. */
  async function payWithMpesa(page: Page): Promise<string> {
    await page.getByRole('radio', { name: /M-Pesa \(prompt on your phone\)/ }).waitFor();
    expect(await page.getByRole('radio', { name: /M-Pesa \(prompt on your phone\)/ }).isChecked()).toBe(true);
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(200);
    await waiting(page).getByText('Check your phone and enter your M-Pesa PIN').waitFor();
    return ((await answer.json()) as { orderId: string }).orderId;
  }

  /** The customer's phone: the prompt waiting there, answered with one of its buttons. */
  async function onPhone(msisdn: string, action: 'Enter PIN and pay' | 'Cancel'): Promise<void> {
    await phone.goto(url(`/mpesa-sim/phone?number=${msisdn}`));
    await phone.getByRole('button', { name: action }).first().click();
    await phone.getByRole('status').filter({ hasText: 'M-Pesa sent the shop its result.' }).waitFor();
  }

  const liveEventsFor = (page: Page, orderId: string) =>
    page.evaluate(
      (id) => (window as unknown as { __live: { events: { orderId?: string }[] } }).__live.events.filter((e) => e.orderId === id).length,
      orderId,
    );

  it('the PIN on the phone takes the customer to the success page, told by the live event', async () => {
    const { page } = await atCheckout('Wanjiru Kamau');
    expect(await axeViolations(page)).toEqual([]);
    const orderId = await payWithMpesa(page);
    await waiting(page).getByText('We sent the prompt to 071****678.').waitFor();
    await waiting(page)
      .getByTestId('mpesa-countdown')
      .getByText(/The prompt ends in [01]:\d\d/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const before = await liveEventsFor(page, orderId);
    await onPhone(PAYER_MSISDN, 'Enter PIN and pay');
    await page.waitForURL(url('/order-success'));
    await page.getByText('Payment Completed').first().waitFor();
    // The live event brings it (the 2 s poll is only the fallback): waited for, as a busy machine may deliver it a moment later.
    await expect.poll(() => liveEventsFor(page, orderId)).toBeGreaterThan(before);
  });

  it('a lost callback: the shop asks M-Pesa itself and the order is paid', async () => {
    const { page } = await atCheckout('Kiprop Chebet');
    // 0708 000 005 is the simulator's phone that pays but whose callback never arrives.
    await page.getByLabel('M-Pesa number').fill('0708 000 005');
    await payWithMpesa(page);
    // Past the first query (20 s after the prompt): the clock moves instead of the test waiting.
    const moved = await fetch(url('/dev/clock'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ minutes: 1 }),
    });
    expect(moved.status).toBe(200);
    await page.waitForURL(url('/order-success'));
    await page.getByText('Payment Completed').first().waitFor();
  });

  it('a cancelled prompt says so; a second prompt pays the same order', async () => {
    const { page } = await atCheckout('Njeri Wambui');
    const orderId = await payWithMpesa(page);
    await onPhone(PAYER_MSISDN, 'Cancel');
    const failed = waiting(page).getByRole('alert').filter({ hasText: 'Payment Error' });
    await failed.getByText('You cancelled the payment.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const again = page.waitForResponse((r) => r.url().endsWith(`/api/payments/orders/${orderId}/mpesa`));
    await failed.getByRole('button', { name: 'Send the prompt again' }).focus();
    await page.keyboard.press('Enter');
    expect((await again).status()).toBe(200);
    await waiting(page).getByText('Check your phone and enter your M-Pesa PIN').waitFor();
    await onPhone(PAYER_MSISDN, 'Enter PIN and pay');
    await page.waitForURL(url('/order-success'));
    await page.getByText('Payment Completed').first().waitFor();
    await page.getByRole('heading', { name: `Order #${orderId.slice(0, 8)}` }).waitFor();
  });

  it('a callback sent three times pays once', async () => {
    const { customer, page } = await atCheckout('Otieno Odhiambo');
    // 0708 000 006 pays, and the simulator sends its callback three times.
    await page.getByLabel('M-Pesa number').fill('0708 000 006');
    const orderId = await payWithMpesa(page);
    await page.waitForURL(url('/order-success'));
    const res = await customer.context.request.get(url(`/api/orders/${orderId}/transaction`));
    expect(await res.json()).toMatchObject({ status: 'COMPLETED', provider: 'mpesa' });
    const orders = await customer.context.request.get(url('/api/orders'));
    const list = (await orders.json()) as { orders: { id: string; status: string }[] };
    expect(list.orders.map((o) => [o.id, o.status])).toEqual([[orderId, 'completed']]);
  });
});
