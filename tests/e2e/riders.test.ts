// Riders on a phone held in one hand, at 360 px: the rider's page has every tap target at least
// 44 px and names each for its stop ('On my way #1a2b3c4d'); the rider's 'On my way' shows on the
// customer's open order page as 'Out for delivery' without a reload, and the customer's SMS names
// the rider. And a customer whose cart is below their zone's minimum order reads, in the cart and
// at checkout, how much more to add.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import {
  choose,
  createCustomer,
  fillCart,
  inStockProduct,
  openLivePage,
  PASSWORD,
  placeOrder,
  startLiveShop,
  toast,
  type Customer,
  type LiveShop,
  type ShopProduct,
} from './live-helpers';
import { hydrated } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { signedUpContext } from './support/sign-up';

const ADMIN_EMAIL = 'owner.riders@example.test';
const RIDER = { name: 'Otieno Ouma', email: 'otieno.ouma@example.test', phone: '0733 000 111' };
const MIN_TARGET = 44;
const KITENGELA = {
  address: 'Kitengela, Kajiado County, Kenya',
  name: 'Kitengela',
  coordinates: { lat: -1.476, lng: 36.961 },
  placeToken: 'picked-on-another-visit',
};

/** Every visible control of the page smaller than a finger in either direction, as 'name (w×h)'. */
const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], summary')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
        out.push(`${el.tagName.toLowerCase()} "${name}" (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return out;
  }, MIN_TARGET);

describe('riders on a phone', () => {
  let live: LiveShop;
  let shopUrl: string;
  let admin: Customer;
  let buyer: Customer;
  let rider: BrowserContext;
  let product: ShopProduct;

  beforeAll(async () => {
    live = await startLiveShop({ ADMIN_EMAILS: ADMIN_EMAIL });
    shopUrl = live.shop.url;
    product = await inStockProduct(live.shop);
    admin = await createCustomer(live.shop, live.smtp, live.browser, 'Achieng Owner', ADMIN_EMAIL);
    buyer = await createCustomer(live.shop, live.smtp, live.browser, 'Wanjiru Njeri');
    rider = await signedUpContext(live.shop, live.smtp, live.browser, { ...RIDER, password: PASSWORD });
    const made = await admin.context.request.post(`${shopUrl}/api/admin/staff`, {
      headers: { Origin: shopUrl },
      data: { email: RIDER.email, role: 'rider' },
    });
    expect(made.status()).toBe(200);
  });
  afterAll(async () => {
    await live?.stop();
  });

  const asOwner = (method: 'post' | 'put', path: string, data: unknown) =>
    admin.context.request[method](`${shopUrl}/api/admin${path}`, { headers: { Origin: shopUrl }, data });

  it("the rider's page works one-handed at 360 px, and 'On my way' shows on the customer's order page live", async () => {
    const order = await placeOrder(live.shop, buyer, product, 1);
    await choose(order.iframeUrl, 'card');
    const ref = shortOrderId(order.orderId);
    const deliveries = (await (await admin.context.request.get(`${shopUrl}/api/admin/deliveries`)).json()) as {
      riders: { id: string; name: string }[];
    };
    const riderId = deliveries.riders.find((r) => r.name === RIDER.name)!.id;
    expect((await asOwner('post', '/deliveries/assign', { orderIds: [order.orderId], riderId })).status()).toBe(200);

    // The customer watches the order's own page.
    const customerPage = await openLivePage(shopUrl, buyer, `/orders/${ref}`);
    const steps = customerPage.getByRole('list', { name: 'Delivery progress' });
    await steps.locator('[aria-current="step"]', { hasText: 'Paid' }).waitFor();

    const page = await rider.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${shopUrl}/admin/rider`);
    await page.getByRole('heading', { level: 1, name: 'My stops' }).waitFor();
    const stop = page.getByRole('listitem', { name: `Stop 1: order #${ref}` });
    await stop.waitFor();

    // Each control names its stop, and is a finger's size.
    const onMyWay = stop.getByRole('button', { name: `On my way #${ref}`, exact: true });
    const controls = [
      stop.getByRole('link', { name: `Call for #${ref}`, exact: true }),
      stop.getByRole('link', { name: `Map for #${ref}`, exact: true }),
      onMyWay,
      stop.getByRole('button', { name: `Delivered #${ref}`, exact: true }),
      stop.getByRole('button', { name: `Could not deliver #${ref}`, exact: true }),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(MIN_TARGET);
      expect(box.width).toBeGreaterThanOrEqual(MIN_TARGET);
    }
    expect(await stop.getByRole('link', { name: `Call for #${ref}` }).getAttribute('href')).toBe('tel:+254712345678');
    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await onMyWay.click();
    await toast(page, `Order #${ref}: Wanjiru Njeri is told you are on your way.`).waitFor();
    await stop.getByText('On the way', { exact: true }).waitFor();
    expect(await onMyWay.count()).toBe(0);

    // Live on the customer's page, without a reload.
    await steps.locator('[aria-current="step"]', { hasText: 'Out for delivery' }).waitFor();
    expect(await axeViolations(customerPage)).toEqual([]);
    const sms = await customerPage.request.get(`${shopUrl}/dev/sms?to=${encodeURIComponent('+254712345678')}`);
    expect(await sms.text()).toContain(`Order #${ref} is out for delivery. Rider: ${RIDER.name}, +254733000111.`);
    await customerPage.close();
    await page.close();
  });

  it('staff tick two stops and give them to the rider at once: one SMS lists both', async () => {
    const first = await placeOrder(live.shop, buyer, product, 1);
    const second = await placeOrder(live.shop, buyer, product, 2);
    await choose(first.iframeUrl, 'card');
    await choose(second.iframeUrl, 'card');
    const [a, b] = [shortOrderId(first.orderId), shortOrderId(second.orderId)];
    // The day of the stops' window (the soonest with a place: today, or a later day late in the week).
    const { deliveryWindow } = (await (await buyer.context.request.get(`${shopUrl}/api/orders/${first.orderId}`)).json()) as {
      deliveryWindow: { date: string };
    };
    const page = await admin.context.newPage();
    await page.goto(`${shopUrl}/admin/deliveries?day=${deliveryWindow.date}`);
    await page.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    await page.getByRole('checkbox', { name: `Tick #${a} to give with others` }).check();
    await page.getByRole('checkbox', { name: `Tick #${b} to give with others` }).check();
    const chosen = page.getByRole('region', { name: '2 stops ticked' });
    await chosen.getByRole('combobox', { name: 'Rider for the ticked stops' }).selectOption({ label: RIDER.name });
    await chosen.getByRole('button', { name: 'Assign ticked' }).click();
    await toast(page, `2 orders given to ${RIDER.name}. They get an SMS of the stops.`).waitFor();
    await page.getByRole('region', { name: 'No stops ticked' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const box = await (await page.request.get(`${shopUrl}/dev/sms?to=${encodeURIComponent('+254733000111')}`)).text();
    const newest = /<td data-testid="sms-text">([^<]*)<\/td>/.exec(box)![1]!;
    expect(newest).toMatch(/^Lake Victoria: \d+ stops for you/);
    expect(newest).toContain(`#${a}`);
    expect(newest).toContain(`#${b}`);
    await page.close();
  });

  it('a cart below the minimum order of its area says how much more to add, in the cart and at checkout', async () => {
    // The owner sets a minimum of KES 1,500 for the outer zone, where Kitengela is.
    const { zones } = (await (await admin.context.request.get(`${shopUrl}/api/admin/delivery`)).json()) as {
      zones: ({ name: string; smallOrder?: unknown } & Record<string, unknown>)[];
    };
    const saved = await asOwner('put', '/delivery/zones', {
      zones: zones.map(({ smallOrder: _current, ...z }) => ({
        ...z,
        ...(z.name === 'Zone 5 - Extended Nairobi' ? { smallOrderRule: 'minimum', minimumOrderCents: 150_000 } : {}),
      })),
    });
    expect(saved.status()).toBe(200);
    const catalogue = (await (await fetch(`${shopUrl}/api/catalog/products`)).json()) as { products: (ShopProduct & { slug: string })[] };
    const omena = catalogue.products.find((p) => p.slug === 'omena-dagaa')!;
    expect(omena.priceCents).toBe(45_000);

    const page = await buyer.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(shopUrl + '/');
    await fillCart(page, omena, 1);
    await page.evaluate((area) => localStorage.setItem('delivery-area', JSON.stringify(area)), KITENGELA);
    await page.goto(`${shopUrl}/cart`);
    await hydrated(page);
    const message = 'The minimum order for delivery to Kitengela is KES 1,500.00. Add KES 1,050.00 more to check out.';
    const inCart = page.getByRole('alert').filter({ hasText: message });
    await inCart.waitFor();
    expect(await page.getByTestId('delivery-estimate').textContent()).toMatch(/^Delivery to Kitengela: KES [\d,]+\.\d\d$/);
    expect(await axeViolations(page)).toEqual([]);

    // Checkout says it before paying, and does not open Pesapal.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByTestId('minimum-order').filter({ hasText: message }).waitFor();
    expect(await page.locator('#pay-hint').textContent()).toBe(message);
    expect(await page.getByRole('button', { name: 'Pay with Pesapal' }).getAttribute('aria-disabled')).toBe('true');
    await page.close();
  });
});
