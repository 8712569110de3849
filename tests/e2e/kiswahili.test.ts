// A customer who reads Kiswahili, on a 360 px phone: she switches the shop to Kiswahili from the
// menu, finds tilapia, adds it to the cart, signs in with the code the SMS brings (in Kiswahili),
// checks out with an email for her receipt and pays by M-Pesa on Pesapal's page. The success page,
// the SMS and the mail about her order are in Kiswahili; axe passes on each page she sees.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast } from './live-helpers';
import { hydrated } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const CUSTOMER = { local: '0733 555 777', e164: '+254733555777', email: 'wanjiru.sw@example.test' };
const TILAPIA = 'Tilapia — Large, Scaled & gutted';

describe('a paid order in Kiswahili, on a 360 px phone', () => {
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('from the home page to a paid order, with the SMS and the mail in Kiswahili', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(shop.url + '/');
    await hydrated(page);

    // The switch is in the phone's menu; the page changes in place.
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Kiswahili' }).tap();
    const menu = page.getByRole('navigation', { name: 'Menyu ya simu' });
    await menu.getByRole('link', { name: 'Duka' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    expect(await axeViolations(page)).toEqual([]);

    await menu.getByRole('combobox', { name: 'Tafuta bidhaa' }).pressSequentially('tilapia');
    const suggestion = menu
      .getByRole('listbox', { name: 'Bidhaa zinazolingana' })
      .getByRole('option')
      .filter({ has: page.getByText('Tilapia', { exact: true }) });
    await suggestion.tap();
    await page.waitForURL(`${shop.url}/shop/tilapia`);
    // The next page the server renders for her is in Kiswahili too (her choice is remembered).
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');

    await page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'Large' }).tap();
    await page
      .getByRole('radiogroup', { name: /^Preparation/ })
      .getByRole('radio', { name: 'Scaled & gutted' })
      .tap();
    await page.getByTestId('product-price').filter({ hasText: 'KES 1,330.00' }).waitFor();
    await page.getByRole('button', { name: 'Ongeza kwenye kikapu' }).first().tap();
    await toast(page, `${TILAPIA} imeongezwa kwenye kikapu`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /^Kikapu/ }).tap();
    await page.getByRole('button', { name: 'Endelea kulipa' }).tap();
    await page.waitForURL(shop.url + '/auth');

    // Signing in with the code the SMS brings, in Kiswahili.
    await page.getByRole('button', { name: 'Tumia nambari yangu ya simu' }).tap();
    await page.getByLabel('Nambari ya simu').pressSequentially(CUSTOMER.local);
    await page.getByRole('button', { name: 'Tuma msimbo' }).tap();
    await page.getByLabel('Msimbo kutoka kwa SMS').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const box = await context.newPage();
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(CUSTOMER.e164)}`);
    const code = /^(\d{6}) ni msimbo wako wa kuingia /.exec(await box.getByTestId('sms-text').first().innerText())?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Msimbo kutoka kwa SMS').pressSequentially(code);
    await page.getByRole('button', { name: 'Ingia', exact: true }).tap();

    await page.waitForURL(shop.url + '/checkout');
    await page.getByLabel('Jina kamili').pressSequentially('Wanjiru Njeri');
    await page.getByLabel('Barua pepe (si lazima, kwa risiti kwa barua pepe)').pressSequentially(CUSTOMER.email);
    const address = page.getByRole('combobox', { name: 'Anwani ya kuletewa' });
    await address.pressSequentially('Kilim');
    await page
      .getByRole('listbox', { name: 'Mapendekezo ya anwani' })
      .getByRole('option', { name: /Kilimani/ })
      .first()
      .tap();
    // The picked place's details fill the address once they come: its zone and fee follow.
    await expect.poll(() => address.inputValue()).toMatch(/^Kilimani, /);
    await page.getByTestId('delivery-zone').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lipa kwa Pesapal' }).tap();
    const frame = page
      .frameLocator('iframe[title="Ukurasa wa malipo wa Pesapal"]')
      .frameLocator('iframe[title="Ukurasa wa malipo wa Pesapal"]');
    await frame.getByRole('button', { name: 'Pay by M-Pesa' }).tap();
    await page.waitForURL(/\/order-success/);
    await page.getByTestId('payment-state').filter({ hasText: 'Malipo yamekamilika' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    expect(await axeViolations(page)).toEqual([]);

    // What the shop wrote to her about the order: the SMS and the confirmation mail, in Kiswahili.
    await box.goto(`${shop.url}/dev/sms?to=${encodeURIComponent(CUSTOMER.e164)}`);
    await box
      .getByTestId('sms-text')
      .filter({ hasText: / ya oda #[0-9a-f]{8} yamepokelewa\./ })
      .first()
      .waitFor();
    await box.goto(shop.url + '/dev/mail');
    await box
      .getByRole('row', { name: new RegExp(CUSTOMER.email) })
      .getByRole('link', { name: /^Oda #[0-9a-f]{8} imethibitishwa/ })
      .waitFor();
    await context.close();
  });
});
