// Order updates by SMS in Chromium: a customer on a phone pays at checkout with 'Send me SMS updates'
// on (its default) and a delivery window chosen, which the success page, the receipt and the SMS
// name; the open back office and the owner's phone hear of the paid order. The merchant marks the order out for delivery in the back office, and the development
// SMS box shows both texts for the customer's phone. The back office lists them with their status
// and gives the customer's phone as call and WhatsApp links; the customer's order page shows the
// shop's phone and WhatsApp while the order is on its way. With Africa's Talking (a local double)
// failing, the back office shows the failed SMS with its error, and 'Send again' sends it. The owner
// gives the order to a rider, who gets the stops by SMS and, on a phone, sees only that stop and
// marks it delivered; the customer's order then says Delivered. Only the checkout test goes through
// checkout's screens: every other test starts from an order placed and paid through the shop's API
// (and moved on through the back office's), so each runs alone or in any order.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { atEnv, startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';
import { choose, createCustomer, inStockProduct, placeOrder, type ShopProduct } from './live-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { laterWindow } from './support/delivery-window';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { hydrated, suggestAddress } from './storefront-helpers';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PASSWORD = 'omena-and-sukuma-1';
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const ADMIN_EMAIL = 'owner.sms@example.test';
const CUSTOMER_PHONE = '+254722111333';
const SHOP_PHONE = '+254700123456';

describe('order updates by SMS in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let customer: BrowserContext;
  let admin: BrowserContext;
  let page: Page;
  let adminPage: Page;
  let tilapia: ShopProduct;
  /** An order paid and out for delivery, of a customer with a phone of their own (their SMS box holds its texts alone). */
  const onItsWay = { orderId: '', windowLabel: '', phone: '+254722111555' };
  let onItsWayCustomer: BrowserContext;

  /** The customer who checks out in the browser, and whose orders the back office and the rider handle. */
  const njeri = { name: 'Njeri Wambui', email: 'njeri.sms@example.test', phone: CUSTOMER_PHONE };
  const signedInContext = (name: string, email: string, phone = '0722 111 333'): Promise<BrowserContext> =>
    signedUpContext(shop, smtp, browser, { name, email, phone, password: PASSWORD });

  interface Slot {
    windowId: string;
    date: string;
    label: string;
    full: boolean;
  }

  /**
   * One tilapia to Kilimani ordered through checkout's API by the customer signed in to `context`,
   * with SMS updates on and the window `pick` takes of the free ones offered, paid by card on the
   * customer's phone.
   */
  async function paidOrder(
    context: BrowserContext,
    who: { name: string; email: string; phone: string },
    pick: (free: Slot[]) => Slot | undefined = (free) => free[0],
  ): Promise<{ orderId: string; windowLabel: string }> {
    const headers = { Origin: shop.url };
    const address = 'Kilimani, Nairobi';
    const fee = await context.request.post(`${shop.url}/api/checkout/delivery-fee`, { headers, data: { address } });
    expect(fee.status(), await fee.text()).toBe(200);
    const { zoneId } = (await fee.json()) as { zoneId: string };
    const offered = await context.request.get(`${shop.url}/api/checkout/delivery-windows?zoneId=${zoneId}`);
    const slot = pick(((await offered.json()) as { slots: Slot[] }).slots.filter((s) => !s.full));
    if (!slot) throw new Error('no free delivery window for Kilimani');
    const res = await context.request.post(`${shop.url}/api/checkout/orders`, {
      headers,
      data: {
        items: [{ productId: tilapia.id, quantity: 1 }],
        customerInfo: { fullName: who.name, email: who.email, phone: who.phone, address },
        deliveryInfo: { address },
        deliveryWindow: { windowId: slot.windowId, date: slot.date },
        smsUpdates: true,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { orderId, iframeUrl } = (await res.json()) as { orderId: string; iframeUrl: string };
    await choose(iframeUrl, 'card');
    return { orderId, windowLabel: slot.label };
  }

  /** Moves a paid order on as the merchant's buttons do: processing, then out for delivery. */
  async function sendOut(orderId: string): Promise<void> {
    for (const status of ['processing', 'out_for_delivery']) {
      const res = await adminPage.request.post(`${shop.url}/api/admin/orders/${orderId}/fulfilment`, {
        headers: { Origin: shop.url },
        data: { status },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No AT_* settings: SMS go to the development SMS box.
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    customer = await signedInContext(njeri.name, njeri.email);
    admin = await signedInContext('Amina Owner', ADMIN_EMAIL);
    page = await customer.newPage();
    adminPage = await admin.newPage();
    await adminPage.setViewportSize({ width: 1024, height: 900 });
    // The merchant's phone, shown to customers whose order is on its way.
    const details = await adminPage.request.put(`${shop.url}/api/admin/shop-details`, {
      headers: { Origin: shop.url },
      data: { address: 'Kogo Star Plaza, Nairobi West', phone: '0700 123 456', email: 'info@example.test' },
    });
    expect(details.ok()).toBe(true);
    // The owner's phone hears every paid order.
    const notices = await adminPage.request.put(`${shop.url}/api/admin/merchant-notices`, {
      headers: { Origin: shop.url },
      data: { phones: ['0711 000 222'], emails: [], summaryTime: '07:00' },
    });
    expect(notices.ok()).toBe(true);

    const { products } = (await (await fetch(`${shop.url}/api/catalog/products`)).json()) as { products: ShopProduct[] };
    tilapia = products.find((p) => p.name === PRODUCT)!;
    const who = { name: 'Wanjiru Kariuki', email: 'wanjiru.sms@example.test', phone: onItsWay.phone };
    onItsWayCustomer = await signedInContext(who.name, who.email, who.phone);
    // The customer takes the second free window, not the soonest one offered.
    Object.assign(onItsWay, await paidOrder(onItsWayCustomer, who, (free) => free[1]));
    await sendOut(onItsWay.orderId);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]', { hasText: text }).first();

  it('the start-up lines say SMS go to the development SMS box', () => {
    expect(shop.output()).toContain('SMS: development SMS box at /dev/sms');
  });

  it('pays at checkout on a phone with SMS updates on and the window chosen; the back office and the owner hear it', async () => {
    const before = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    // The back office is open in another browser before the order comes in.
    await adminPage.goto(`${shop.url}/admin`);
    await adminPage.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(shop.url + '/shop');
    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    await page.reload();
    await hydrated(page); // a tap held until the page is live would be lost to the next navigation
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
    const sms = page.getByRole('checkbox', { name: 'Send me SMS updates' });
    expect(await sms.isChecked()).toBe(true);
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).click();
    await page.getByTestId('delivery-zone').waitFor();
    // The customer takes a later free window, not the soonest one offered.
    const chosen = await laterWindow(page);
    const windowLabel = await chosen.evaluate((el) => el.parentElement!.querySelector('span')!.textContent!);
    await chosen.check();
    expect(await axeViolations(page)).toEqual([]);

    const orderResponse = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const response = await orderResponse;
    expect((response.request().postDataJSON() as { smsUpdates: boolean }).smsUpdates).toBe(true);
    const { orderId } = (await response.json()) as { orderId: string };
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/order-success/);
    const ref = shortOrderId(orderId);
    await page.getByText(`${windowLabel} (Nairobi time)`).waitFor();

    const receipt = await customer.newPage();
    await receipt.goto(`${shop.url}/api/orders/${orderId}/receipt`);
    await receipt.getByText(`${windowLabel} (Nairobi time)`).waitFor();
    await receipt.close();

    // The back office heard it without a reload; the owner's phone got the SMS.
    await adminPage.getByText(`New paid order #${ref}.`).first().waitFor();
    const ownerBox = await admin.newPage();
    await ownerBox.goto(`${shop.url}/dev/sms?to=${encodeURIComponent('+254711000222')}`);
    expect((await ownerBox.getByTestId('sms-text').allInnerTexts()).join('\n')).toContain(`paid order #${ref}, Njeri`);
    await ownerBox.close();
    await page.setViewportSize(before!);
  });

  it('the merchant marks it out for delivery; the back office lists both SMS and the customer’s phone links', async () => {
    const { orderId } = await paidOrder(customer, njeri);
    const ref = shortOrderId(orderId);
    await adminPage.goto(`${shop.url}/admin/orders`);
    const row = adminPage.getByRole('row').filter({ hasText: `Order #${ref}` });
    expect(await row.getByTestId('phone-call').getAttribute('href')).toBe(`tel:${CUSTOMER_PHONE}`);
    expect(await row.getByTestId('phone-whatsapp').getAttribute('href')).toBe(`https://wa.me/${CUSTOMER_PHONE.slice(1)}`);
    await row.getByRole('link', { name: `Order #${ref}` }).click();
    await adminPage.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();

    await adminPage.getByRole('button', { name: 'Mark processing' }).click();
    await toast(adminPage, 'Order marked processing.').waitFor();
    await adminPage.getByRole('button', { name: 'Mark out for delivery' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Mark out for delivery?' });
    await confirm.getByRole('button', { name: 'Mark out for delivery' }).click();
    await toast(adminPage, 'Order marked out for delivery.').waitFor();

    await adminPage.getByRole('heading', { level: 2, name: 'Messages to the customer' }).waitFor();
    const items = adminPage.getByTestId('order-message');
    await expect.poll(async () => (await items.allInnerTexts()).join('\n'), { timeout: 20_000 }).toMatch(/SMS · Out for delivery/);
    const texts = (await items.allInnerTexts()).join('\n');
    expect(texts).toMatch(/SMS · Payment received/);
    expect(texts).toMatch(/Mail · Payment received/);
    expect(texts).toMatch(/Mail · Out for delivery/);
    expect(texts).toContain('In the development box');
    expect(await axeViolations(adminPage)).toEqual([]);
  });

  it('the development SMS box shows both messages for the customer’s phone', async () => {
    const { orderId, windowLabel, phone } = onItsWay;
    const ref = shortOrderId(orderId);
    // The texts are sent a moment after the changes that raise them: the box is reloaded until both are in.
    await expect
      .poll(async () => {
        await adminPage.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(phone)}`);
        await adminPage.getByRole('heading', { level: 1, name: `SMS to ${phone} (all)` }).waitFor();
        return adminPage.getByTestId('sms-text').count();
      })
      .toBeGreaterThanOrEqual(2);
    const texts = await adminPage.getByTestId('sms-text').allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`Order #${ref} is out for delivery.`);
    // The window the customer chose, in the GSM alphabet (its dash a hyphen).
    expect(texts[1]).toContain(`received for order #${ref}. Delivery: ${windowLabel.replace('–', '-')}.`);
    // The amount paid, and the order's own page.
    expect(texts[1]).toMatch(/Payment of KES [\d,]+\.\d\d received/);
    expect(texts[1]).toContain(`${shop.url}/orders/${ref}`);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(160);
    expect(await axeViolations(adminPage)).toEqual([]);
  });

  it('the customer’s order page shows the shop’s phone and WhatsApp while the order is on its way', async () => {
    const page = await onItsWayCustomer.newPage();
    await page.goto(`${shop.url}/orders`);
    const contact = page.locator(`[data-order-id="${onItsWay.orderId}"]`).getByTestId('shop-contact');
    await contact.waitFor();
    expect(await contact.getByTestId('phone-call').getAttribute('href')).toBe(`tel:${SHOP_PHONE}`);
    expect(await contact.getByTestId('phone-whatsapp').getAttribute('href')).toBe(`https://wa.me/${SHOP_PHONE.slice(1)}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the owner gives the order to a rider, who sees only that stop on a phone and marks it delivered', async () => {
    // The last window offered (days ahead): no other order of the file is on that day, so it is the day's first stop.
    const { orderId } = await paidOrder(customer, njeri, (free) => free.at(-1));
    await sendOut(orderId);
    const ref = shortOrderId(orderId);
    const riderContext = await signedUpContext(shop, smtp, browser, {
      name: 'Otieno Rider',
      email: 'otieno.rider@example.test',
      phone: '0733 000 111',
      password: PASSWORD,
    });
    const made = await adminPage.request.post(`${shop.url}/api/admin/staff`, {
      headers: { Origin: shop.url },
      data: { email: 'otieno.rider@example.test', role: 'rider' },
    });
    expect(made.status()).toBe(200);

    // The merchant opens the deliveries of the order's day: the customer's window may be a later day
    // than today (the second free window on a Saturday evening is Monday's).
    const order = await page.request.get(`${shop.url}/api/orders/${orderId}`);
    const { deliveryWindow } = (await order.json()) as { deliveryWindow: { date: string } };
    await adminPage.goto(`${shop.url}/admin/deliveries`);
    await adminPage.getByLabel('Day').fill(deliveryWindow.date);
    const stop = adminPage.getByRole('listitem', { name: `Stop 1: order #${ref}` });
    await stop.waitFor();
    await stop.getByRole('combobox', { name: `Rider for #${ref}` }).selectOption({ label: 'Otieno Rider' });
    await stop.getByRole('button', { name: 'Assign' }).click();
    await toast(adminPage, 'Order given to Otieno Rider. They get an SMS of the stops.').waitFor();
    await stop.getByText('Rider: Otieno Rider').waitFor();
    expect(await axeViolations(adminPage)).toEqual([]);

    const riderPage = await riderContext.newPage();
    await riderPage.setViewportSize({ width: 390, height: 844 });
    await riderPage.goto(`${shop.url}/admin`);
    await riderPage.waitForURL(`${shop.url}/admin/rider`);
    await riderPage.getByRole('heading', { level: 1, name: 'My stops' }).waitFor();
    const stops = riderPage.getByRole('listitem', { name: /^Stop \d+: order #/ });
    await stops.first().waitFor();
    expect(await stops.count()).toBe(1);
    const mine = riderPage.getByRole('listitem', { name: `Stop 1: order #${ref}` });
    expect(await mine.getByRole('link', { name: `Call for #${ref}` }).getAttribute('href')).toBe(`tel:${CUSTOMER_PHONE}`);
    expect(await mine.getByText('+254 722 111 333').count()).toBe(1);
    // Nothing else of the back office: the only section is the rider's own.
    expect(await riderPage.getByRole('navigation', { name: 'Back office' }).getByRole('link').allInnerTexts()).toEqual(['My stops']);
    expect((await riderPage.request.get(`${shop.url}/api/admin/orders/${orderId}`)).status()).toBe(403);
    expect(await axeViolations(riderPage)).toEqual([]);
    await riderPage.setViewportSize({ width: 360, height: 800 });
    expect(await riderPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await mine.getByRole('button', { name: 'Delivered' }).click();
    await riderPage
      .getByRole('dialog', { name: `Order #${ref} delivered?` })
      .getByRole('button', { name: 'Yes, delivered' })
      .click();
    await toast(riderPage, `Order #${ref} delivered.`).waitFor();
    await riderPage.getByText('No stops for you right now').waitFor();

    await page.goto(`${shop.url}/orders`);
    await page.locator(`[data-order-id="${orderId}"]`).getByText('Delivered', { exact: true }).first().waitFor();
    await adminPage.goto(`${shop.url}/dev/sms?to=${encodeURIComponent('+254733000111')}`);
    // The rider's list: the stop, its window's time (with its weekday when not today) and its area.
    expect((await adminPage.getByTestId('sms-text').allInnerTexts())[0]).toMatch(
      new RegExp(`1 stop for you: 1\\) #${ref} (\\w{3} )?\\d\\d:\\d\\d-\\d\\d:\\d\\d Kilimani`),
    );
    await adminPage.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(CUSTOMER_PHONE)}`);
    expect((await adminPage.getByTestId('sms-text').allInnerTexts())[0]).toContain(`Order #${ref} has been delivered.`);
    await riderContext.close();
  });

  it('the customer turns SMS updates off on the profile', async () => {
    // A customer of their own: the others' orders are sent with SMS updates on.
    const page = await (await signedInContext('Kamau Njoroge', 'kamau.sms@example.test', '0722 111 777')).newPage();
    await page.goto(`${shop.url}/profile`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const sms = page.getByRole('checkbox', { name: 'Send me SMS updates' });
    expect(await sms.isChecked()).toBe(true);
    await sms.press('Space');
    expect(await sms.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    const row = page.locator('dl > div').filter({ hasText: 'SMS updates' });
    expect(await row.locator('dd').innerText()).toBe('Off');
    const session = (await (await page.request.get(`${shop.url}/api/account/session`)).json()) as { profile: { smsUpdates: boolean } };
    expect(session.profile.smsUpdates).toBe(false);
  });
});

describe("a failed SMS in the back office, with Africa's Talking down", () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let at: AtDouble;
  let browser: Browser;
  let adminPage: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    at = await startAfricasTalkingDouble();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL, ...atEnv(at) });
    browser = await launchChromium();
    const admin = await createCustomer(shop, smtp, browser, 'Amina Owner', ADMIN_EMAIL);
    adminPage = await admin.context.newPage();
    await adminPage.setViewportSize({ width: 1024, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
    await at?.close();
  });

  it('shows the failure with its error, and Send again sends it once the gateway is back', async () => {
    expect(shop.output()).toContain(`SMS: Africa's Talking (account ${at.username}) at ${at.url}`);
    const buyer = await createCustomer(shop, smtp, browser, 'Otieno Buyer');
    at.failNext(1_000);
    const order = await placeOrder(shop, buyer, await inStockProduct(shop));
    await choose(order.iframeUrl, 'card');
    const ref = shortOrderId(order.orderId);
    await adminPage.goto(`${shop.url}/admin/orders/${order.orderId}`);
    await adminPage.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();
    await adminPage.getByRole('button', { name: 'Mark processing' }).click();
    await adminPage.locator('[data-sonner-toast]', { hasText: 'Order marked processing.' }).first().waitFor();
    await adminPage.getByRole('button', { name: 'Mark out for delivery' }).click();
    await adminPage.getByRole('dialog', { name: 'Mark out for delivery?' }).getByRole('button', { name: 'Mark out for delivery' }).click();
    await adminPage.locator('[data-sonner-toast]', { hasText: 'Order marked out for delivery.' }).first().waitFor();

    const failed = adminPage.getByTestId('order-message').filter({ hasText: 'SMS · Out for delivery' });
    await failed.getByText('Failed, will retry').waitFor({ timeout: 20_000 });
    await failed.getByText("Africa's Talking answered HTTP 500", { exact: false }).waitFor();
    expect(at.messages).toEqual([]);
    expect(await axeViolations(adminPage)).toEqual([]);

    at.failNext(0);
    await failed.getByRole('button', { name: 'Send again (SMS: Out for delivery)' }).click();
    await adminPage.locator('[data-sonner-toast]', { hasText: 'The SMS was sent again.' }).first().waitFor();
    await failed.getByText('Sent', { exact: true }).waitFor();
    expect(at.messages.map((m) => m.message)).toEqual([expect.stringContaining(`Order #${ref} is out for delivery.`)]);
    expect(at.messages[0]?.to).toBe('+254712345678');
  });
});
