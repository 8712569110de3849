// How many taps a phone customer needs to reach a paid order, at 360×740: each tap goes through
// `tap()`, which counts it; typing into a field is not a tap. A new customer, signing up with a code
// by SMS on the way, needs at most 15 taps from the home page to a paid order; a returning, signed-in
// customer at most 6 from the home page to Pesapal's page.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from './storefront-helpers';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

describe('taps from the home page to a paid order, on a 360 px phone', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let returning: BrowserContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>' });
    browser = await launchChromium();
    returning = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Otieno Returning', email: 'otieno.taps@example.test', phone: '+254 733 111 222', password: 'ngege-na-ugali-7' },
      undefined,
      PHONE,
    );
  });
  afterAll(async () => {
    await returning?.close();
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  /** A tapper that counts its taps. */
  function counted() {
    let taps = 0;
    return {
      tap: async (target: Locator) => {
        taps += 1;
        await target.tap();
      },
      taps: () => taps,
    };
  }

  /** The shop's own Pesapal page has opened in the payment dialog. */
  async function atPesapal(page: Page) {
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).waitFor();
    return frame;
  }

  /** Home → Add to Cart → Cart → Proceed to Checkout → (the page's own choices) → Pay with Pesapal. */
  async function buyFromHome(page: Page, tap: (l: Locator) => Promise<void>, atCheckout: () => Promise<void>) {
    await page.goto(shop.url + '/');
    await hydrated(page);
    const card = page.getByRole('article', { name: PRODUCT }).first();
    await tap(card.getByRole('button', { name: 'Add to Cart' }));
    await card.getByRole('button', { name: 'Add to Cart' }).waitFor(); // 'Adding...' is over
    await tap(page.getByRole('link', { name: /^Cart/ }));
    await tap(page.getByRole('button', { name: 'Proceed to Checkout' }));
    await atCheckout();
    await tap(page.getByRole('button', { name: 'Pay with Pesapal' }));
  }

  it('a new customer signs up with a code by SMS on the way and pays in at most 15 taps', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const { tap, taps } = counted();
    await buyFromHome(page, tap, async () => {
      // Sent to /auth: the phone choice, the number, the code the SMS brings.
      await page.waitForURL(shop.url + '/auth');
      await tap(page.getByRole('button', { name: 'Use my phone number' }));
      await page.getByLabel('Phone number').fill('0711 222 333');
      await tap(page.getByRole('button', { name: 'Send code' }));
      const box = await context.newPage();
      await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent('+254711222333')}`);
      const code = /^(\d{6}) is your /.exec(await box.getByTestId('sms-text').first().innerText())?.[1] ?? '';
      await box.close();
      await page.getByLabel('Code from the SMS').fill(code);
      await tap(page.getByRole('button', { name: 'Sign in' }));
      // Back at checkout with the cart: name, email and the place to type, one suggestion to tap.
      await page.waitForURL(shop.url + '/checkout');
      await page.getByLabel('Full Name').fill('Akinyi New');
      await page.getByLabel('Email', { exact: true }).fill('akinyi.taps@example.test');
      await page.getByRole('combobox', { name: 'Delivery Address' }).pressSequentially('Kilim');
      await tap(
        page
          .getByRole('listbox', { name: 'Address suggestions' })
          .getByRole('option', { name: /Kilimani/ })
          .first(),
      );
      await page.getByTestId('delivery-zone').waitFor();
    });
    await tap((await atPesapal(page)).getByRole('button', { name: 'Pay by card' }));
    await page.waitForURL(/\/order-success/);
    await page.getByTestId('payment-state').filter({ hasText: 'Payment Completed' }).waitFor();
    expect(taps()).toBeLessThanOrEqual(15);
    await context.close();
  });

  it('a returning customer pays in at most 6 taps before Pesapal', async () => {
    // A first order teaches the shop the customer's place (the area and the rider's directions).
    const first = await returning.newPage();
    const firstTaps = counted();
    await buyFromHome(first, firstTaps.tap, async () => {
      await first.waitForURL(shop.url + '/checkout');
      const address = first.getByRole('combobox', { name: 'Delivery Address' });
      await address.fill('');
      await address.pressSequentially('Kilim');
      await firstTaps.tap(
        first
          .getByRole('listbox', { name: 'Address suggestions' })
          .getByRole('option', { name: /Kilimani/ })
          .first(),
      );
      await first.getByTestId('delivery-zone').waitFor();
    });
    await (await atPesapal(first)).getByRole('button', { name: 'Pay by card' }).click();
    await first.waitForURL(/\/order-success/);
    await first.close();

    const page = await returning.newPage();
    const { tap, taps } = counted();
    await buyFromHome(page, tap, async () => {
      await page.waitForURL(shop.url + '/checkout');
      await page.getByTestId('delivery-zone').waitFor(); // the remembered place is priced, nothing to tap
    });
    await atPesapal(page);
    expect(taps()).toBeLessThanOrEqual(6);
    await page.close();
  });
});
