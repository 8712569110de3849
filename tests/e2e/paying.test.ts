// Paying at phone size (390×844): a declined card keeps the customer in the payment modal with the
// failure panel and the toast; Try Again pays the same order, so My Orders holds one paid order with
// both attempts; the order page shows what was bought and where it goes, and the receipt (print view
// and PDF) lists the lines and totals.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  paymentState,
  placeOrder,
  startLiveShop,
  toast,
  type Customer,
  type LiveShop,
  type ShopProduct,
} from './live-helpers';

const PHONE_SCREEN = { width: 390, height: 844 };

describe('paying at phone size', () => {
  let live: LiveShop;
  let shopUrl: string;
  let customer: Customer;
  let product: ShopProduct;
  let page: Page;
  let orderId = '';

  beforeAll(async () => {
    live = await startLiveShop();
    shopUrl = live.shop.url;
    customer = await createCustomer(live.shop, live.smtp, live.browser, 'Otieno Ouma');
    product = await inStockProduct(live.shop);
    page = await customer.context.newPage();
    await page.setViewportSize(PHONE_SCREEN);
  });
  afterAll(() => live?.stop());

  const dialog = () => page.getByRole('dialog', { name: 'Complete your payment' });
  // Pesapal's page sits inside the modal's own frame.
  const payPage = () => page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');

  it('a declined card shows the failure panel and the toast inside the modal, not another page', async () => {
    await page.goto(shopUrl + '/shop');
    await fillCart(page, product, 2);
    await page.goto(shopUrl + '/checkout');
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.fill('');
    await address.pressSequentially('Kilim');
    await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option', { name: /Kilimani/ }).first().waitFor();
    await address.press('ArrowDown');
    await address.press('Enter');
    await page.getByTestId('delivery-zone').waitFor();

    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    orderId = ((await (await placed).json()) as { orderId: string }).orderId;
    await payPage().getByRole('button', { name: 'Fail' }).click();

    const panel = dialog().getByRole('alert').filter({ hasText: 'Payment Error' });
    await panel.getByText('Payment failed. Please try again.').waitFor();
    await toast(page, 'Payment Failed').waitFor();
    expect(page.url()).toBe(shopUrl + '/checkout');
    await panel.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('Try Again, from the keyboard, pays the same order; the order page shows what was bought', async () => {
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
    expect(await summary.getByTestId('delivery-window').textContent()).toMatch(/Expected delivery: (around \d{2}:\d{2}|between \d{2}:\d{2} and \d{2}:\d{2}) \(Nairobi time\)/);
    expect(await summary.getByRole('link', { name: 'Download receipt' }).getAttribute('href')).toBe(`/api/orders/${orderId}/receipt.pdf`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('My Orders holds one order, paid, with its failed attempt under it', async () => {
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
    await page.goto(`${shopUrl}/api/orders/${orderId}/receipt`);
    await page.getByRole('heading', { name: `Receipt for order #${orderId.slice(0, 8)}` }).waitFor();
    const line = page.getByRole('row').filter({ hasText: product.name });
    expect(await line.getByRole('cell').nth(1).textContent()).toBe('2');
    for (const label of ['Subtotal', 'VAT (16%)', 'Delivery fee', 'Total paid']) await page.getByRole('cell', { name: label }).waitFor();
    await page.getByText('(Nairobi time)').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const pdf = await customer.context.request.get(`${shopUrl}/api/orders/${orderId}/receipt.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = (await pdf.body()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`#${orderId.slice(0, 8)}`);

    const stranger = await createCustomer(live.shop, live.smtp, live.browser, 'Njeri Wambui');
    expect((await stranger.context.request.get(`${shopUrl}/api/orders/${orderId}/receipt`)).status()).toBe(404);
    await stranger.context.close();
  });

  it('a declined order still holding its stock shows Pay again in My Orders, which opens its payment page', async () => {
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
});
