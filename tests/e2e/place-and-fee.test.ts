// On a phone (360×740): the customer keeps their place through sign-up, and sees the delivery fee
// before checkout. A visitor prices Kitengela in the cart without signing in; a new customer sent from
// the cart to /auth signs up, verifies with the emailed link and lands back on /checkout with the
// cart as it was; another signs up with a code by SMS and lands there too; an address past the farthest zone is refused at checkout and cannot be paid for.
import { saveFailureArtefacts } from './support/failure-artefacts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext, verificationLink, verifyByLink } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { axeViolations } from './support/axe';
import { hydrated } from './storefront-helpers';

const PASSWORD = 'tilapia-and-ugali-1';
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const ADMIN_EMAIL = 'owner.placefee@example.test';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Zone {
  id: string;
  name: string;
  active: boolean;
}

describe('keeping the customer’s place, and the fee before checkout, on a phone', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let owner: BrowserContext;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    owner = await signedUpContext(shop, smtp, browser, {
      name: 'Achieng Owner',
      email: ADMIN_EMAIL,
      phone: '+254 722 000 111',
      password: PASSWORD,
    });
  });
  afterEach(async ({ task }) => {
    await saveFailureArtefacts(task);
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  async function phonePage(context?: BrowserContext): Promise<Page> {
    const ctx = context ?? (await browser.newContext(PHONE));
    opened.push(ctx);
    return ctx.newPage();
  }

  const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

  async function addToCart(page: Page, times: number) {
    await page.goto(shop.url + '/shop');
    await hydrated(page);
    const card = page.getByRole('article', { name: PRODUCT });
    for (let i = 0; i < times; i++) {
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await card.getByRole('button', { name: 'Add to Cart' }).waitFor(); // 'Adding...' is over
    }
  }

  /** Chooses an area in the cart (or on a product page) from the address suggestions. */
  async function chooseArea(page: Page, area: string) {
    await page.getByRole('button', { name: /^(Choose|Change) area$/ }).click();
    const box = page.getByRole('combobox', { name: 'Your delivery area' });
    await box.pressSequentially(area);
    await page
      .getByRole('listbox', { name: 'Address suggestions' })
      .getByRole('option', { name: new RegExp(area) })
      .first()
      .click();
    await toast(page, 'Address selected successfully');
  }

  /** What the fee endpoint says for the place the suggestions give for `area` (a visitor's look-up). */
  async function quotedFee(page: Page, area: string): Promise<string> {
    const api = page.context().request;
    const headers = { Origin: shop.url };
    const suggested = await api.post(shop.url + '/api/checkout/places/autocomplete', { data: { input: area }, headers });
    const { predictions } = (await suggested.json()) as { predictions: { placeId: string; description: string }[] };
    const place = predictions.find((p) => p.description.includes(area));
    const details = await api.post(shop.url + '/api/checkout/places/details', { data: { placeId: place?.placeId }, headers });
    const { address, coordinates } = (await details.json()) as { address: string; coordinates: { lat: number; lng: number } };
    const fee = await api.post(shop.url + '/api/checkout/delivery-fee', {
      data: { address, latitude: coordinates.lat, longitude: coordinates.lng },
      headers,
    });
    expect(fee.status()).toBe(200);
    const { deliveryFeeCents } = (await fee.json()) as { deliveryFeeCents: number };
    return `KES ${(deliveryFeeCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  }

  it('shows the delivery fee to Kitengela in the cart before sign-in, and keeps the area', async () => {
    const page = await phonePage();
    await addToCart(page, 1);
    await page.goto(shop.url + '/cart');
    await hydrated(page);
    const estimate = page.getByTestId('delivery-estimate');
    await estimate.getByText('Choose your area to see the delivery fee.').waitFor();
    expect(await page.getByTestId('delivery').innerText()).toBe('Calculated at checkout');

    await chooseArea(page, 'Kitengela');
    const fee = await quotedFee(page, 'Kitengela');
    expect(fee).toMatch(/^KES \d/);
    await expect.poll(() => estimate.innerText()).toBe(`Delivery to Kitengela: ${fee}`);
    // The summary counts it too; nobody signed in.
    expect(await page.getByTestId('delivery').innerText()).toBe(fee);
    const session = (await (await page.context().request.get(shop.url + '/api/account/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();

    // Remembered in the browser: the cart after a reload and a product page say the same.
    await page.reload();
    await expect.poll(() => estimate.innerText()).toBe(`Delivery to Kitengela: ${fee}`);
    await page.goto(shop.url + '/shop/fresh-whole-tilapia');
    await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    await expect.poll(() => page.getByTestId('delivery-estimate').innerText()).toBe(`Delivery to Kitengela: ${fee}`);
  });

  it('brings a new customer back to checkout after sign-up and the emailed link, with the cart intact', async () => {
    const email = 'wanjiru.returns@example.test';
    const page = await phonePage();
    await addToCart(page, 2);
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/auth');

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await form.getByLabel('Full Name').fill('Wanjiru Returns');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone Number').fill('0712 345 678');
    await form.getByLabel('Delivery Address').fill('Kilimani');
    await form.getByLabel('Delivery Address').press('Escape');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully! Please check your email to verify your account.');

    // The mail (from the shop's SMTP server) holds one short link; the customer opens it in the same browser.
    const mail = await smtp.waitForMail(email, { subject: /^Verify your email/ });
    const link = verificationLink(mail);
    expect(mail.links).toEqual([link]);
    expect(link.length).toBeLessThan(80);
    const fromMail = await page.context().newPage();
    await fromMail.goto(link);
    await fromMail.getByRole('button', { name: 'Verify and continue' }).click();
    await toast(fromMail, 'Your email address is verified. Welcome!');

    // Signed in, on checkout, with the two tilapia still in the cart; the first tab follows.
    await fromMail.waitForURL(shop.url + '/checkout');
    await fromMail.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const summary = fromMail.getByRole('region', { name: 'Order Summary' });
    expect(await summary.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^Fresh Whole Tilapia \(1 kg\) × 2\s+KES/)]);
    await page.waitForURL(shop.url + '/checkout');
    const session = (await (await page.context().request.get(shop.url + '/api/account/session')).json()) as { user: { email: string } };
    expect(session.user.email).toBe(email);
  });

  it('signs a new customer up with a code by SMS from the cart and brings them back to checkout, cart intact', async () => {
    const page = await phonePage();
    await addToCart(page, 3);
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/auth');

    await page.getByRole('button', { name: 'Use my phone number' }).click();
    await page.getByLabel('Phone number').fill('0745 600 700');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('status').getByText('We sent a 6-digit code by SMS to +254 745 600 700. It works for 10 minutes.').waitFor();
    const codeBox = page.getByLabel('Code from the SMS');
    expect(
      await codeBox.evaluate((el) => [el.getAttribute('autocomplete'), el.getAttribute('inputmode'), el === document.activeElement]),
    ).toEqual(['one-time-code', 'numeric', true]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBe(0);

    // The code, read from the development SMS box; a wrong one first, by keyboard.
    const box = await page.context().newPage();
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent('+254745600700')}`);
    const code = /^(\d{6}) is your /.exec(await box.getByTestId('sms-text').first().innerText())?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await box.close();
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await codeBox.press('Enter');
    await page.getByText('That code is not right. You can try 4 more times.').waitFor();
    await codeBox.fill(code);
    await codeBox.press('Enter');

    await page.waitForURL(shop.url + '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    expect(await summary.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^Fresh Whole Tilapia \(1 kg\) × 3\s+KES/)]);
    // The number is the profile's phone; the account has no email yet, so one is optional, and checkout
    // says what it is for.
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('+254 745 600 700');
    const optionalEmail = page.getByLabel('Email (optional, for receipts by mail)');
    expect(await optionalEmail.inputValue()).toBe('');
    expect(await optionalEmail.getAttribute('required')).toBeNull();
    await page.getByText('The SMS about your order carries its receipt link; an email here gets the receipt by mail too.').waitFor();

    // Later, on the profile, the phone-only account adds its email and confirms it by the mailed link.
    await page.goto(shop.url + '/profile');
    const email = 'phone.customer@example.test';
    await page.getByRole('form', { name: 'Add your email' }).getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Add email' }).click();
    await toast(page, `We sent a link to ${email}.`);
    await page
      .getByRole('definition')
      .getByText(`${email} (not confirmed yet: open the link we mailed you while signed in here)`)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The link works in the browser signed in with the phone number, and signs nobody in.
    const mail = await smtp.waitForMail(email, { subject: /^Confirm your email/ });
    const confirmLink = mail.links.find((l) => new URL(l).searchParams.has('confirm-email'));
    expect(confirmLink).toBeTruthy();
    await page.goto(confirmLink!);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.waitForURL(shop.url + '/profile');
    // Confirmed: the profile's Email row holds the address alone.
    await page.getByRole('definition').getByText(email, { exact: true }).waitFor();
  });

  it('refuses an address past the farthest zone at checkout: the reason is shown and paying is disabled', async () => {
    const settings = (await (await owner.request.get(shop.url + '/api/admin/delivery')).json()) as { zones: Zone[] };
    const saveZones = (zones: Zone[]) =>
      owner.request.put(shop.url + '/api/admin/delivery/zones', { data: { zones }, headers: { Origin: shop.url } });
    // The merchant stops delivering past 25 km: Kitengela (about 33 km by road) is out of reach.
    const shrunk = settings.zones.map((z) => (z.name === 'Zone 5 - Extended Nairobi' ? { ...z, active: false } : z));
    expect((await saveZones(shrunk)).status()).toBe(200);
    onTestFinished(async () => {
      expect((await saveZones(settings.zones)).status()).toBe(200);
    });
    const refusal = 'We do not deliver there yet. We deliver within 25 km of Kogo Star Plaza, Nairobi West.';

    const email = 'far.away@example.test';
    const signUp = await fetch(shop.url + '/api/account/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shop.url },
      body: JSON.stringify({ fullName: 'Far Away', email, phone: '+254 733 222 111', address: 'Westlands', password: PASSWORD }),
    });
    expect(signUp.status).toBe(201);
    await verifyByLink(shop.url, verificationLink(await smtp.waitForMail(email, { subject: /^Verify your email/ })));
    const context = await browser.newContext(PHONE);
    const signIn = await context.request.post(shop.url + '/api/account/sign-in', {
      data: { email, password: PASSWORD },
      headers: { Origin: shop.url },
    });
    expect(signIn.ok()).toBe(true);
    const page = await phonePage(context);

    await addToCart(page, 1);
    await page.goto(shop.url + '/cart');
    await hydrated(page);
    await chooseArea(page, 'Kitengela');
    await page.getByRole('alert').getByText(refusal).waitFor();
    expect(await page.getByTestId('delivery').innerText()).toBe('Calculated at checkout');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
    // Checkout starts from the area chosen in the cart, and refuses it.
    expect(await page.getByRole('combobox', { name: 'Delivery Address' }).inputValue()).toMatch(/^Kitengela\b/);
    await page.getByRole('region', { name: 'Delivery Fee' }).getByRole('alert').getByText(refusal).waitFor();
    expect(await page.locator('#pay-hint').innerText()).toBe('The delivery fee must be known before you pay.');
    // Pressing Pay does not order: focus goes to the address to change.
    await page.getByRole('button', { name: 'Pay with Pesapal' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-address');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
