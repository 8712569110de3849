// The live feed in browsers: one customer's payment reaches every tab of that customer (cart cleared,
// badges updated, notice and tone), nothing reaches another customer's browser, and a tab whose
// stream dropped refetches what it shows when it reconnects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  liveRecord,
  openLivePage,
  openOrderSuccessWithState,
  placeOrder,
  seenByPesapal,
  startLiveShop,
  toast,
  waitForLiveStream,
  type Customer,
  type LiveShop,
  type ShopProduct,
} from './live-helpers';

/** Payment tones: 800 Hz for success, 400 Hz for failure, 0.2 s, gain 0.1. */
const tone = (hz: number) => ({ hz, type: 'sine', gain: 0.1, seconds: 0.2 });

describe('live payment status across tabs and customers', () => {
  let live: LiveShop;
  let amina: Customer;
  let brian: Customer;
  let product: ShopProduct;

  beforeAll(async () => {
    live = await startLiveShop();
    amina = await createCustomer(live.shop, live.smtp, live.browser, 'Amina Otieno');
    brian = await createCustomer(live.shop, live.smtp, live.browser, 'Brian Kamau');
    product = await inStockProduct(live.shop);
  });
  afterAll(async () => {
    await live?.stop();
  });

  const cartCount = (page: Page) => page.getByTestId('cart-count');
  const pendingBadge = (page: Page) => page.getByTestId('pending-badge');

  const openTab = (customer: Customer, path?: string) => openLivePage(live.shop.url, customer, path);

  it('a payment made elsewhere clears the cart and updates the badges in both of the customer’s tabs, and reaches no one else', async () => {
    const [tab1, tab2, brianTab] = [await openTab(amina), await openTab(amina, '/orders'), await openTab(brian)];
    await fillCart(tab1, product, 2);
    await fillCart(brianTab, product, 1);
    await cartCount(tab2).filter({ hasText: '2' }).waitFor(); // the other tab follows the shared cart
    for (const tab of [tab1, brianTab]) {
      await tab.reload();
      await waitForLiveStream(tab);
    }
    await cartCount(tab1).filter({ hasText: '2' }).waitFor();
    await cartCount(brianTab).filter({ hasText: '1' }).waitFor();

    const order = await placeOrder(live.shop, amina, product, 2);
    // The new payment, once Pesapal has seen it: '1 Pending' and the short-lived 'Processing' badge, in the other tab too.
    await seenByPesapal(live.shop, order);
    await pendingBadge(tab2).filter({ hasText: '1 Pending' }).waitFor();
    await pendingBadge(tab1).filter({ hasText: '1 Pending' }).waitFor();
    await tab2.waitForFunction(() => (window as unknown as { __live: { sawProcessing: boolean } }).__live.sawProcessing);
    await tab2.getByTestId('processing-badge').waitFor({ state: 'detached' }); // it goes away by itself
    // The awaiting order appeared on the /orders tab without a reload.
    await tab2
      .getByTestId('awaiting-order')
      .filter({ hasText: order.orderId.slice(0, 8) })
      .waitFor();

    await choose(order.iframeUrl, 'card');

    for (const tab of [tab1, tab2]) {
      await toast(tab, 'Payment completed! Cart cleared.').waitFor();
      await toast(tab, 'Payment Successful! 🎉').waitFor();
      await toast(tab, 'Your payment has been processed successfully.').waitFor();
      await cartCount(tab).waitFor({ state: 'detached' });
      await pendingBadge(tab).waitFor({ state: 'detached' });
      expect(await tab.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    }
    // The success tone (the tabs share one claim, so the customer does not hear a chord).
    const tones = [...(await liveRecord(tab1)).tones, ...(await liveRecord(tab2)).tones];
    expect(tones.length).toBeGreaterThan(0);
    for (const played of tones) expect(played).toEqual(tone(800));
    // The /orders tab moved the order from 'awaiting payment' to the history, live.
    await tab2
      .getByTestId('order-card')
      .filter({ hasText: order.orderId.slice(0, 8) })
      .getByText('Completed')
      .waitFor();

    // Brian's own next change arrives after all of Amina's: once he has it, he was offered hers.
    const brianOrder = await placeOrder(live.shop, brian, product, 1);
    await seenByPesapal(live.shop, brianOrder);
    await pendingBadge(brianTab).filter({ hasText: '1 Pending' }).waitFor();
    const brianLive = await liveRecord(brianTab);
    expect(brianLive.events.length).toBeGreaterThan(0);
    expect(brianLive.events.every((e) => e.orderId === brianOrder.orderId)).toBe(true);
    expect(brianLive.tones).toEqual([]);
    expect(await toast(brianTab, 'Payment completed! Cart cleared.').count()).toBe(0);
    expect(await cartCount(brianTab).textContent()).toBe('1');
    for (const tab of [tab1, tab2]) {
      const aminaLive = await liveRecord(tab);
      expect(aminaLive.events.every((e) => e.orderId === order.orderId)).toBe(true);
    }

    // Nor can Brian read Amina's order by its id.
    await openOrderSuccessWithState(brianTab, order.orderId);
    await brianTab.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
    expect(await brianTab.getByTestId('order-reference').count()).toBe(0);
    await Promise.all([tab1.close(), tab2.close(), brianTab.close()]);
  });

  it('a failed payment gives the failure notice with the low tone and keeps the cart', async () => {
    const tab = await openTab(amina);
    await fillCart(tab, product, 1);
    await tab.reload();
    await waitForLiveStream(tab);
    const order = await placeOrder(live.shop, amina, product, 1);
    await seenByPesapal(live.shop, order);
    await pendingBadge(tab).filter({ hasText: '1 Pending' }).waitFor();
    await choose(order.iframeUrl, 'fail');
    await toast(tab, 'Payment Failed').waitFor();
    await toast(tab, 'Your payment could not be processed. Please try again.').waitFor();
    await pendingBadge(tab).waitFor({ state: 'detached' });
    expect((await liveRecord(tab)).tones).toEqual([tone(400)]);
    expect(await cartCount(tab).textContent()).toBe('1');
    await tab.close();
  });

  it('remembers the sound setting in the browser and plays nothing when it is off', async () => {
    const tab = await openTab(amina);
    const toggle = tab.getByRole('button', { name: 'Payment sounds' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.focus();
    await tab.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await tab.reload();
    await waitForLiveStream(tab);
    expect(await tab.getByRole('button', { name: 'Payment sounds' }).getAttribute('aria-pressed')).toBe('false');

    const order = await placeOrder(live.shop, amina, product, 1);
    await choose(order.iframeUrl, 'card');
    await toast(tab, 'Payment completed! Cart cleared.').waitFor();
    expect((await liveRecord(tab)).tones).toEqual([]);
    await tab.getByRole('button', { name: 'Payment sounds' }).click();
    expect(await tab.evaluate(() => localStorage.getItem('payment-sounds'))).toBe('on');
    await tab.close();
  });

  it('a tab whose stream dropped refetches what it shows once it reconnects', async () => {
    const page = await amina.context.newPage();
    // The first stream ends at once (as when the server restarts or its database connection was
    // re-established); the browser's reconnect is held until the test lets it through.
    let streams = 0;
    let letThrough: () => void = () => undefined;
    const reconnectAllowed = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/api/realtime/events', async (route: Route) => {
      streams += 1;
      if (streams === 1) {
        await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 200\n: connected\n\n' });
        return;
      }
      await reconnectAllowed;
      await route.continue();
    });
    await page.goto(live.shop.url + '/shop');
    await waitForLiveStream(page);
    await page.waitForFunction(() => {
      const w = window as unknown as { __live: { opens: number } };
      return w.__live.opens === 1;
    });
    await pendingBadge(page).waitFor({ state: 'detached' });

    // Placed, and seen by Pesapal, while this tab has no stream: no event will tell it.
    const order = await placeOrder(live.shop, amina, product, 1);
    await seenByPesapal(live.shop, order);
    await expect.poll(() => streams).toBe(2);
    letThrough();
    await page.waitForFunction(() => (window as unknown as { __live: { opens: number } }).__live.opens === 2);
    await pendingBadge(page).filter({ hasText: '1 Pending' }).waitFor();
    expect((await liveRecord(page)).events.some((e) => e.orderId === order.orderId)).toBe(false);
    await page.unroute('**/api/realtime/events');
    await page.close();
  });
});
