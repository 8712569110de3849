// A customer in Nairobi on a phone (390 × 844, touch), from sign-up to a delivered-to-the-gate
// order: a local number is taken and kept as +254…, Kitengela gets a delivery fee, the rider's
// directions reach the order page, the confirmation mail and the back office, and a forgotten
// password is reset once (the same link does not work twice). Tilapia is bought in two sizes and
// bought again from My Orders. Each step has a customer of its own (signed up through the API where
// signing up is not the subject, an order placed through it where checkout is not), so each test
// runs alone or in any order.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { choose, createCustomer, PASSWORD, placeOrder, toast, type Customer, type ShopProduct } from './live-helpers';
import { hydrated, suggestAddress } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext, verificationLink } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const ADMIN_EMAIL = 'owner-kenya@lakevictoria.example';
const EMAIL = 'akinyi.kitengela@example.test';
/** The account whose password is forgotten. */
const RESET_EMAIL = 'akinyi.reset@example.test';
/** The local number every customer here signs up with. */
const LOCAL_PHONE = '0712 345 678';
const NEW_PASSWORD = 'a-new-omena-pass-2';
const RIDER = { building: 'Acacia Court, House 14', directions: 'Brown gate after the Total petrol station. Call when at the gate.' };
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';

describe('a Kenyan customer on a phone', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: Customer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    admin = await createCustomer(shop, smtp, browser, 'Achieng Owner', ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  /** Types the start of Kitengela in the checkout's address field and taps its suggestion. */
  const chooseKitengela = async (p: Page) => (await suggestAddress(p, 'Kiteng', /Kitengela/)).tap();

  /** Pays with Pesapal by card in the modal; returns the order's id. */
  const payByCard = async (p: Page): Promise<string> => {
    const placed = p.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await p.getByRole('button', { name: 'Pay with Pesapal' }).tap();
    const id = ((await (await placed).json()) as { orderId: string }).orderId;
    const frame = p.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).tap();
    return id;
  };

  const signInWith = async (p: Page, email: string, password: string) => {
    const form = p.getByRole('tabpanel', { name: 'Sign In' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  };

  /** A customer signed up with the local number through the API, signed in on a phone. */
  async function customerOnAPhone(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const who = { name: 'Akinyi Otieno', email, phone: LOCAL_PHONE, password: PASSWORD };
    const context = await signedUpContext(shop, smtp, browser, who, undefined, PHONE_SCREEN);
    return { context, page: await context.newPage() };
  }

  it('signs up with a local number, which is kept and shown as +254', async () => {
    const context = await browser.newContext(PHONE_SCREEN);
    const page = await context.newPage();
    await page.goto(shop.url + '/auth?tab=sign-up');
    await hydrated(page);
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await form.getByLabel('Full Name').fill('Akinyi Otieno');
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByLabel('Phone Number').fill(LOCAL_PHONE);
    await form.getByLabel('Delivery Address').fill('Kitengela');
    await form.getByLabel('Delivery Address').press('Escape');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully! Please check your email to verify your account.').waitFor();

    const mail = await smtp.waitForMail(EMAIL, { subject: /^Verify your email/ });
    // The link's page verifies and signs in with one click, back to the shop.
    await page.goto(verificationLink(mail));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(shop.url + '/shop');

    const session = (await (await context.request.get(shop.url + '/api/account/session')).json()) as { profile: { phone: string } };
    expect(session.profile.phone).toBe('+254712345678');
    await page.goto(shop.url + '/profile');
    await page.getByText('+254 712 345 678').first().waitFor();
    await context.close();
  });

  it('orders to Kitengela with directions for the rider, and pays in the modal', async () => {
    const { context, page } = await customerOnAPhone('akinyi.orders@example.test');
    await page.goto(shop.url + '/shop');
    await hydrated(page);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await toast(page, `${PRODUCT} added to cart`).waitFor();
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');

    // The phone number comes from the profile, in the form the customer reads it.
    expect(await page.getByLabel('Phone Number', { exact: true }).inputValue()).toBe('+254 712 345 678');
    await chooseKitengela(page);
    await toast(page, 'Address selected successfully').waitFor();
    await page.getByTestId('delivery-zone').waitFor();
    const fee = Number((await page.getByTestId('delivery-fee').innerText()).replace(/[^\d.]/g, ''));
    expect(fee).toBeGreaterThan(0);
    await page.getByLabel('House, apartment or building (optional)').fill(RIDER.building);
    await page.getByLabel('Directions for the rider (gate, landmark, when to call) (optional)').fill(RIDER.directions);
    expect(await axeViolations(page)).toEqual([]);

    await payByCard(page);
    await page.waitForURL(/\/order-success/);
    await page.getByText(RIDER.directions).first().waitFor();
    await page.getByText(RIDER.building).first().waitFor();
    await context.close();
  });

  it('the confirmation mail and the back office carry the directions', async () => {
    // An order to Kitengela with the rider's directions, placed and paid through the shop's API.
    const buyer = await createCustomer(shop, smtp, browser, 'Akinyi Otieno', 'akinyi.mail@example.test');
    const { products } = (await (await fetch(`${shop.url}/api/catalog/products`)).json()) as { products: ShopProduct[] };
    const tilapia = products.find((p) => p.name === PRODUCT)!;
    const { orderId, iframeUrl } = await placeOrder(shop, buyer, tilapia, 1, { address: 'Kitengela', ...RIDER });
    await choose(iframeUrl, 'card');
    const mail = await smtp.waitForMail(buyer.email, { subject: new RegExp(`^Order #${shortOrderId(orderId)} confirmed`) });
    expect(mail.text).toContain(RIDER.directions);
    expect(mail.text).toContain(RIDER.building);

    const office = await admin.context.newPage();
    await office.setViewportSize(PHONE_SCREEN.viewport);
    await office.goto(`${shop.url}/admin/orders`);
    await office.getByLabel('Search orders').fill(shortOrderId(orderId));
    await office.getByRole('link', { name: `Order #${shortOrderId(orderId)}` }).click();
    await office.getByRole('heading', { level: 1, name: `Order #${shortOrderId(orderId)}` }).waitFor();
    // On a phone each detail sits under its label, readable: not squeezed to a letter a line.
    const directions = office.getByText(RIDER.directions, { exact: true });
    await directions.waitFor();
    expect((await directions.boundingBox())!.width).toBeGreaterThan(250);
    await office.getByText(RIDER.building, { exact: true }).waitFor();
    await office.close();
  });

  it('picks two tilapia of different sizes, pays; the receipt and back office name both, and Buy again refills the cart', async () => {
    const { context, page } = await customerOnAPhone('akinyi.tilapia@example.test');
    const LARGE = 'Tilapia — Large, Scaled & gutted';
    const MEDIUM = 'Tilapia — Medium, Scaled & gutted';
    await page.goto(shop.url + '/shop/tilapia');
    await hydrated(page);
    await page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'Large' }).tap();
    await page
      .getByRole('radiogroup', { name: /^Preparation/ })
      .getByRole('radio', { name: 'Scaled & gutted' })
      .tap();
    await page.getByTestId('product-price').filter({ hasText: 'KES 1,330.00' }).waitFor();
    expect(await page.getByTestId('price-per-kg').innerText()).toBe('KES 1,900.00 / kg');
    expect(await page.getByTestId('stock-hint').innerText()).toBe('In stock');
    expect(new URL(page.url()).searchParams.get('variant')).toBeTruthy();
    await page.getByLabel('Quantity').selectOption('2');
    // The first: the product's own button, above the related products' cards.
    const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first();
    await addToCart.tap();
    await toast(page, `${LARGE} added to cart`).waitFor();

    await page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'Medium' }).tap();
    await page.getByTestId('product-price').filter({ hasText: 'KES 700.00' }).waitFor();
    expect(await page.getByTestId('price-per-kg').innerText()).toBe('KES 1,400.00 / kg');
    await addToCart.tap();
    await toast(page, `${MEDIUM} added to cart`).waitFor();

    await page.goto(shop.url + '/cart');
    const line = (name: string) => page.getByRole('listitem', { name, exact: true });
    await line(LARGE).getByText('KES 2,660.00', { exact: true }).waitFor();
    await line(MEDIUM).getByText('KES 700.00', { exact: true }).waitFor();
    await page.getByTestId('subtotal').filter({ hasText: 'KES 3,360.00' }).waitFor();

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
    await chooseKitengela(page);
    await page.getByTestId('delivery-zone').waitFor();
    const variantOrder = await payByCard(page);
    await page.waitForURL(/\/order-success/);
    await page.getByText(LARGE).first().waitFor();
    await page.getByText(MEDIUM).first().waitFor();

    const receipt = await context.newPage();
    await receipt.goto(`${shop.url}/api/orders/${variantOrder}/receipt`);
    await receipt.getByText(LARGE).first().waitFor();
    await receipt.getByText(MEDIUM).first().waitFor();
    await receipt.close();

    const office = await admin.context.newPage();
    await office.goto(`${shop.url}/admin/orders`);
    await office.getByLabel('Search orders').fill(shortOrderId(variantOrder));
    await office.getByRole('link', { name: `Order #${shortOrderId(variantOrder)}` }).click();
    await office.getByRole('heading', { level: 1, name: `Order #${shortOrderId(variantOrder)}` }).waitFor();
    await office.getByText(LARGE).first().waitFor();
    await office.getByText(MEDIUM).first().waitFor();
    await office.close();

    // Buy again: the cart emptied by the payment gets both lines back, at today's prices.
    await page.goto(shop.url + '/orders');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${variantOrder}"]`);
    await card.getByRole('button', { name: 'Buy again' }).tap();
    await page.waitForURL(shop.url + '/cart');
    await line(LARGE).getByText('KES 2,660.00', { exact: true }).waitFor();
    await line(MEDIUM).getByText('KES 700.00', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('a forgotten password is reset by the mailed link, which then no longer works', async () => {
    await (await customerOnAPhone(RESET_EMAIL)).context.close();
    const fresh = await browser.newContext(PHONE_SCREEN);
    const p = await fresh.newPage();
    await p.goto(shop.url + '/auth');
    await hydrated(p);
    await p.getByRole('tabpanel', { name: 'Sign In' }).getByRole('link', { name: 'Forgot password?' }).tap();
    await p.getByLabel('Email', { exact: true }).fill(RESET_EMAIL);
    await p.getByRole('button', { name: 'Email me a reset link' }).tap();
    await p.getByRole('status').filter({ hasText: 'If an account exists for that email' }).waitFor();

    const mail = await smtp.waitForMail(RESET_EMAIL, { subject: /^Reset your password/ });
    const link = mail.links.find((l) => /\/auth\?reset=/.test(l))!;
    await p.goto(link);
    await p.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await p.getByLabel('New password again').fill(NEW_PASSWORD);
    await p.getByRole('button', { name: 'Save new password' }).tap();
    await p.waitForURL(/\/auth\?password=changed$/);
    await signInWith(p, RESET_EMAIL, NEW_PASSWORD);
    await p.waitForURL(shop.url + '/shop');

    const again = await (await browser.newContext(PHONE_SCREEN)).newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('third-password-3');
    await again.getByLabel('New password again').fill('third-password-3');
    await again.getByRole('button', { name: 'Save new password' }).tap();
    await again.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' }).waitFor();
    await again.context().close();
    await fresh.close();
  });
});
