// Phone-first, in Chromium on a 360 px phone. A rider the owner added by phone number alone opens
// the back office's link, signs in with the code the SMS brings, and lands on his stops in his own
// account. A customer who signs in with a code is remembered: an order she left on Pesapal's page
// reads 'Not paid' with 'Continue payment' (never a pending payment in the header); once paid, the
// header names her, and the 'Payment received' SMS carries the amount and the order's own page,
// which shows the order.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { choose, inStockProduct } from './live-helpers';
import { hydrated, suggestAddress } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { laterWindow } from './support/delivery-window';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const OWNER_EMAIL = 'owner.phone-first@example.test';

describe('phone-first riders and customers', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let owner: BrowserContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: OWNER_EMAIL });
    browser = await launchChromium();
    owner = await signedUpContext(shop, smtp, browser, {
      name: 'Amina Owner',
      email: OWNER_EMAIL,
      phone: '0722 000 001',
      password: 'omena-and-sukuma-1',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  /** The account's menu, in the header's menu on a phone. */
  async function accountMenu(page: Page, name: string) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name });
  }

  /** Signs in on /auth with the code texted to the number, read from the development SMS box. */
  async function signInWithCode(page: Page, local: string, e164: string): Promise<void> {
    await page.getByRole('button', { name: 'Use my phone number' }).click();
    await page.getByLabel('Phone number').fill(local);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code from the SMS').waitFor();
    const box = await page.context().newPage();
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(e164)}`);
    const code = /^(\d{6}) is your /.exec(await box.getByTestId('sms-text').first().innerText())?.[1] ?? '';
    await box.close();
    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('a rider added by phone alone signs in with the SMS code from his link and lands on his stops', async () => {
    const added = await owner.request.post(`${shop.url}/api/admin/staff`, {
      headers: { Origin: shop.url },
      data: { role: 'rider', fullName: 'Kiprop Rider', phone: '0700 111 002' },
    });
    expect(added.status()).toBe(201);

    const rider = await browser.newContext(PHONE);
    const page = await rider.newPage();
    await page.goto(`${shop.url}/admin/rider`);
    await page.waitForURL(`${shop.url}/auth`);
    await signInWithCode(page, '0700 111 002', '+254700111002');
    await page.waitForURL(`${shop.url}/admin/rider`);
    await page.getByRole('heading', { level: 1, name: 'My stops' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await rider.close();
  });

  it('remembers a phone customer, reads a left payment as not paid, and links her SMS to the order’s own page', async () => {
    const customer = await browser.newContext(PHONE);
    const page = await customer.newPage();
    await page.goto(`${shop.url}/auth`);
    await signInWithCode(page, '0711 555 666', '+254711555666');
    await page.waitForURL(`${shop.url}/shop`);
    await (await accountMenu(page, 'Account menu for +254 711 555 666')).waitFor();

    // An order whose Pesapal page she closed without paying.
    const product = await inStockProduct(shop);
    const placed = await page.request.post(`${shop.url}/api/checkout/orders`, {
      headers: { Origin: shop.url },
      data: {
        items: [{ productId: product.id, quantity: 1 }],
        customerInfo: {
          fullName: 'Wanjirũ Kamau',
          email: 'wanjiru.phone@example.test',
          phone: '0711 555 666',
          address: 'Westlands, Nairobi',
        },
        deliveryInfo: { address: 'Westlands, Nairobi' },
      },
    });
    expect(placed.status()).toBe(200);
    const { orderId, iframeUrl } = (await placed.json()) as { orderId: string; iframeUrl: string };
    const ref = shortOrderId(orderId);
    await page.goto(`${shop.url}/orders`);
    const card = page.locator(`[data-testid="awaiting-order"][data-order-id="${orderId}"]`);
    await card.getByText('Not paid', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Continue payment' }).waitFor();
    expect(await page.getByTestId('pending-badge').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Paid on Pesapal's page (on her phone): remembered by name, and told by SMS with the order's link.
    await choose(iframeUrl, 'card');
    await page.goto(`${shop.url}/shop`);
    await (await accountMenu(page, 'Account menu for Wanjirũ Kamau')).waitFor();
    const box = await customer.newPage();
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent('+254711555666')}`);
    const paidSms = (await box.getByTestId('sms-text').allInnerTexts()).find((t) => t.includes(`order #${ref}`)) ?? '';
    await box.close();
    expect(paidSms).toMatch(new RegExp(`Payment of KES [\\d,]+\\.\\d\\d received for order #${ref}\\.`));
    const link = /https?:\/\/\S+/.exec(paidSms)?.[0] ?? '';
    expect(link).toBe(`${shop.url}/orders/${ref}`);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();
    await page.getByTestId('order-summary').getByText(product.name).waitFor();
    await page.getByTestId('order-status').filter({ hasText: 'Completed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await customer.close();
  });

  it('keeps the window the customer chose when she comes back to checkout from Pesapal’s page', async () => {
    const context = await signedUpContext(shop, smtp, browser, {
      name: 'Achieng Window',
      email: 'achieng.window@example.test',
      phone: '0722 333 444',
      password: 'omena-and-sukuma-1',
    });
    const page = await context.newPage();
    await page.goto(`${shop.url}/shop`);
    await hydrated(page);
    const card = page.getByRole('article', { name: 'Fresh Whole Tilapia (1 kg)' });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await page.goto(`${shop.url}/checkout`);
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).click();
    await page.getByTestId('delivery-zone').waitFor();
    // Not the soonest window: a later one.
    const later = await laterWindow(page);
    const label = await later.evaluate((el) => el.parentElement!.querySelector('span')!.textContent!);
    await later.check();

    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Back at checkout later (a reload, as after leaving the page): the window she chose, not the soonest.
    await page.reload();
    await hydrated(page);
    if ((await page.getByTestId('delivery-zone').count()) === 0) await (await suggestAddress(page, 'Kilim', /Kilimani/)).click();
    const group = page.getByRole('group', { name: 'Delivery window' });
    await group.getByRole('radio', { checked: true }).waitFor();
    const checked = await group
      .getByRole('radio', { checked: true })
      .evaluate((el) => el.parentElement!.querySelector('span')!.textContent!);
    expect(checked).toBe(label);
    await context.close();
  });
});
