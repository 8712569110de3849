// The manual status check against a Pesapal the test controls (a simulator on its own origin, given
// to the shop through PESAPAL_BASE_URL): a payment whose notification never came is found by the
// check, an unreachable Pesapal is reported, and a message from the payment page completes the modal
// only through the status the shop then reads from Pesapal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  modalStatusesShown,
  openLivePage,
  openOrderSuccessWithState,
  paymentState,
  placeOrder,
  recordModalStatuses,
  showPendingOrder,
  startLiveShop,
  toast,
  waitForLiveStream,
  type Customer,
  type LiveShop,
  type ShopProduct,
} from './live-helpers';
import { startPesapalDouble, type PesapalDouble } from './live-pesapal-double';
import { axeViolations } from './support/axe';

describe('checking a payment with Pesapal by hand', () => {
  let pesapal: PesapalDouble;
  let live: LiveShop;
  let amina: Customer;
  let product: ShopProduct;

  beforeAll(async () => {
    pesapal = await startPesapalDouble();
    live = await startLiveShop(pesapal.shopEnv);
    amina = await createCustomer(live.shop, live.smtp, live.browser, 'Amina Otieno');
    product = await inStockProduct(live.shop);
  });
  afterAll(async () => {
    await live?.stop();
    await pesapal?.stop();
  });

  const appPage = (path?: string) => openLivePage(live.shop.url, amina, path);

  /** Paid on Pesapal, but Pesapal's notification to the shop never arrives. */
  async function payWithoutNotification(iframeUrl: string): Promise<void> {
    pesapal.simulator.switches.dropIpn = true;
    try {
      await choose(iframeUrl, 'card');
    } finally {
      pesapal.simulator.switches.dropIpn = false;
    }
  }

  it('/order-success: the check finds a payment the shop was not told about', async () => {
    const order = await placeOrder(live.shop, amina, product, 2);
    expect(new URL(order.iframeUrl).origin).toBe(new URL(pesapal.shopEnv.PESAPAL_BASE_URL!).origin);
    const page = await appPage();
    await fillCart(page, product, 2);
    await page.reload();
    await waitForLiveStream(page);
    await openOrderSuccessWithState(page, order.orderId);
    await paymentState(page).filter({ hasText: 'Payment Pending' }).waitFor();

    await payWithoutNotification(order.iframeUrl);
    // Nothing tells the shop: the page still waits (the shop has only its own record to go on).
    expect(await page.getByRole('button', { name: 'Check Payment Status' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Check Payment Status' }).click();
    await toast(page, 'Payment Status Updated').waitFor();
    await toast(page, '1 payment synced.').waitFor();
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    // The completed payment reached the live feed like any other: the cart is cleared.
    await toast(page, 'Payment completed! Cart cleared.').waitFor();
    await page.getByTestId('cart-count').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Check Payment Status' }).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('/order-success: says Sync Failed when Pesapal cannot be reached', async () => {
    const { page } = await showPendingOrder(live.shop, amina, product);
    pesapal.setUnreachable(true);
    try {
      await page.getByRole('button', { name: 'Check Payment Status' }).click();
      await toast(page, 'Sync Failed').waitFor();
      await toast(page, 'Failed to sync payment status. Please try again.').waitFor();
      await paymentState(page).filter({ hasText: 'Payment Pending' }).waitFor();
    } finally {
      pesapal.setUnreachable(false);
    }
    await page.close();
  });

  it('/orders: Check all payments counts what it found', async () => {
    const page = await appPage('/orders');
    const awaiting = page.getByTestId('awaiting-order');
    await awaiting.first().waitFor();
    const orders = [await placeOrder(live.shop, amina, product, 1), await placeOrder(live.shop, amina, product, 1)];
    for (const order of orders) await page.locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`).waitFor();
    for (const order of orders) await payWithoutNotification(order.iframeUrl);

    await page.getByRole('button', { name: 'Check all payments' }).click();
    await toast(page, 'Payment Status Updated').waitFor();
    await toast(page, '2 payments synced.').waitFor();
    for (const order of orders) {
      await page.locator(`[data-testid="order-card"][data-order-id="${order.orderId}"]`).getByText('Completed').waitFor();
    }
    await page.close();
  });

  it('the payment modal: a message from Pesapal’s page makes the shop check, and the payment it finds completes the modal', async () => {
    const order = await placeOrder(live.shop, amina, product, 1);
    await recordModalStatuses(amina.context);
    const page = await appPage('/orders');
    await page
      .locator(`[data-testid="awaiting-order"][data-order-id="${order.orderId}"]`)
      .getByRole('button', { name: 'Continue payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
    // The hosted page comes from Pesapal's origin, as in production, inside the modal's own frame.
    await page
      .frameLocator('iframe[title="Pesapal payment page"]')
      .frameLocator('iframe[title="Pesapal payment page"]')
      .getByRole('button', { name: 'Pay by card' })
      .waitFor();
    const iframeUrl = (await dialog.locator('iframe').getAttribute('src'))!;
    expect(new URL(iframeUrl).origin).not.toBe(live.shop.url);

    await payWithoutNotification(iframeUrl);
    expect(await dialog.getByText('Payment confirmed').count()).toBe(0);
    const frame = page.frames().find((f) => f.url().startsWith(new URL(iframeUrl).origin))!;
    await frame.evaluate(() => window.parent.postMessage({ type: 'payment_completed' }, '*'));
    await page.waitForURL(`${live.shop.url}/order-success`);
    expect(await modalStatusesShown(page, 'Payment confirmed. Taking you to your order…')).toBe(1);
    await paymentState(page).filter({ hasText: 'Payment Completed' }).waitFor();
    await page.close();
  });
});
