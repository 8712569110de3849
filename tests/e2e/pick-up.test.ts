// Pick-up at the shop, end to end on a 390 px phone: the owner offers it; the customer chooses
// 'Pick up at the shop' at checkout (no address, no delivery fee, a pick-up window), pays on the
// simulator's page; the staff mark the order ready (the customer's SMS, in the development SMS box,
// says where and when) and collected, and her order page shows each step. Every wait is on what the
// person would see; each screen passes axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { createCustomer, fillCart, inStockProduct, startLiveShop, toast, type Customer, type LiveShop } from './live-helpers';
import { hydrated } from './storefront-helpers';
import { axeViolations } from './support/axe';

const ADMIN_EMAIL = 'owner.pick-up@example.test';
const INSTRUCTIONS = 'Kogo Star Plaza, Langata Rd - ask at the counter';
const PHONE_VIEW = { width: 390, height: 844 };

/** The texts of the development SMS box, newest first. */
async function smsTexts(page: Page, shopUrl: string): Promise<string[]> {
  const html = await (await page.request.get(`${shopUrl}/dev/sms`)).text();
  return [...html.matchAll(/<td data-testid="sms-text">([^<]*)<\/td>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('pick-up at the shop', () => {
  let live: LiveShop;
  let shopUrl: string;
  let admin: Customer;
  let buyer: Customer;

  beforeAll(async () => {
    live = await startLiveShop({ ADMIN_EMAILS: ADMIN_EMAIL });
    shopUrl = live.shop.url;
    admin = await createCustomer(live.shop, live.smtp, live.browser, 'Achieng Owner', ADMIN_EMAIL);
    buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Collector');
    // The owner offers pick-up every open day, during opening hours.
    const headers = { Origin: shopUrl };
    const { hours } = (await (await admin.context.request.get(`${shopUrl}/api/admin/delivery/windows`)).json()) as {
      hours: ({ opens: number; closes: number } | null)[];
    };
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const windows = hours.flatMap((h, weekday) =>
      h ? [{ weekday, start: clock(h.opens), end: clock(h.closes), capacity: 20, cutoffMinutes: 0 }] : [],
    );
    const saved = await admin.context.request.put(`${shopUrl}/api/admin/delivery/pickup`, {
      headers,
      data: { enabled: true, instructions: INSTRUCTIONS, windows },
    });
    expect(saved.status()).toBe(200);
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('chosen at checkout, paid, made ready (SMS) and collected, each step on her order page', async () => {
    const product = await inStockProduct(live.shop);
    const page = await buyer.context.newPage();
    await page.setViewportSize(PHONE_VIEW);
    await page.goto(`${shopUrl}/shop`);
    await fillCart(page, product, 1);
    await page.goto(`${shopUrl}/checkout`);
    await hydrated(page);

    // Delivery or pick-up: native radios, by keyboard.
    const choice = page.getByRole('group', { name: 'How do you want your order?' });
    const delivery = choice.getByRole('radio', { name: /^Delivery/ });
    await delivery.waitFor();
    expect(await delivery.isChecked()).toBe(true);
    await delivery.focus();
    await page.keyboard.press('ArrowDown');
    const pickup = choice.getByRole('radio', { name: /^Pick up at the shop/ });
    await page.getByTestId('pickup-instructions').filter({ hasText: INSTRUCTIONS }).waitFor();
    expect(await pickup.isChecked()).toBe(true);
    // Each choice is a whole row of at least 44 px to tap.
    for (const label of await choice.locator('label').all()) {
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // No address to give, no delivery fee, a pick-up window chosen.
    expect(await page.locator('#checkout-address').count()).toBe(0);
    await page.getByTestId('summary-delivery').filter({ hasText: 'No delivery fee' }).waitFor();
    const windows = page.getByRole('group', { name: 'Pick-up window' });
    await windows.getByRole('radio', { checked: true }).waitFor();
    const chosenWindow = (await page.getByTestId('chosen-window').locator('strong').textContent())!;
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Pays on the simulator's page.
    const orderResponse = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const response = await orderResponse;
    const sent = response.request().postDataJSON() as { fulfilment: string; deliveryInfo?: unknown };
    expect(sent.fulfilment).toBe('pickup');
    expect(sent.deliveryInfo).toBeUndefined();
    const { orderId } = (await response.json()) as { orderId: string };
    const ref = shortOrderId(orderId);
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/order-success/);

    // Her order page: paid, to pick up at the shop in her window.
    await page.goto(`${shopUrl}/orders/${ref}`);
    const steps = page.getByRole('list', { name: 'Delivery progress' });
    await steps.locator('[aria-current="step"]', { hasText: 'Paid' }).waitFor();
    await page.getByTestId('pickup-address').filter({ hasText: INSTRUCTIONS }).waitFor();
    await page.getByTestId('delivery-window').filter({ hasText: chosenWindow }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The staff see it as a pick-up on the deliveries screen and mark it ready.
    const office = await admin.context.newPage();
    await office.setViewportSize(PHONE_VIEW);
    const { deliveryWindow } = (await (await buyer.context.request.get(`${shopUrl}/api/orders/${orderId}`)).json()) as {
      deliveryWindow: { date: string };
    };
    await office.goto(`${shopUrl}/admin/deliveries?day=${deliveryWindow.date}`);
    const card = office.getByTestId(`pickup-${ref}`);
    await card.getByText('Pick-up', { exact: true }).waitFor();
    expect(await axeViolations(office)).toEqual([]);
    await card.getByRole('button', { name: `Ready for pick-up #${ref}` }).click();
    await toast(office, 'Marked ready: the customer gets an SMS.').waitFor();
    const expected = `Lake Victoria Aquaculture: order #${ref} is ready for pick-up at ${INSTRUCTIONS}, ${chosenWindow.replace('–', '-')}.`;
    for (;;) {
      if ((await smsTexts(office, shopUrl)).includes(expected)) break;
      await office.reload();
    }
    await page.reload();
    await steps.locator('[aria-current="step"]', { hasText: 'Ready for pick-up' }).waitFor();

    // Collected: the order is delivered, and her page says so.
    await office.goto(`${shopUrl}/admin/deliveries?day=${deliveryWindow.date}`);
    await office
      .getByTestId(`pickup-${ref}`)
      .getByRole('button', { name: `Collected #${ref}` })
      .click();
    await toast(office, 'Marked collected.').waitFor();
    await page.reload();
    await steps.locator('[aria-current="step"]', { hasText: 'Collected' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await office.close();
    await page.close();
  });
});
