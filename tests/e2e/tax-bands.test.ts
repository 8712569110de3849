// VAT bands in Chromium: the merchant puts a product in band A (exempt) on the back office's product
// form; a customer then sees no VAT on it in the cart, at checkout, after paying and on the receipt,
// and a cart that mixes bands A and B shows the VAT of each band.
import { saveFailureArtefacts } from './support/failure-artefacts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { waitFor } from '../support/wait-for';
import { hydrated, suggestAddress } from './storefront-helpers';

const PASSWORD = 'tilapia-and-ugali-1';
const ADMIN_EMAIL = 'owner.bands@example.test';
const TILAPIA = 'Fresh Whole Tilapia (1 kg)'; // KES 650.00
const BROILER = 'Whole Broiler Chicken'; // KES 750.00

interface CatalogProduct {
  id: string;
  name: string;
  taxBand: string;
}

describe('tax bands in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  const opened: BrowserContext[] = [];

  const signedInContext = (name: string, email: string) =>
    signedUpContext(shop, smtp, browser, { name, email, phone: '+254 722 111 222', password: PASSWORD });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    owner = await signedInContext('Achieng Owner', ADMIN_EMAIL);
    // The merchant puts the tilapia in band A on its product form.
    const tilapia = await catalogProduct(TILAPIA);
    const admin = await owner.newPage();
    await admin.goto(`${shop.url}/admin/products/${tilapia.id}`);
    const band = admin.getByLabel('Tax band (VAT)');
    await band.waitFor();
    expect(await band.inputValue()).toBe('B');
    await admin.getByText('Whether fresh fish and chicken are exempt is your call, with your tax adviser.', { exact: false }).waitFor();
    await band.selectOption('A');
    await admin.getByRole('button', { name: 'Save product' }).click();
    await admin.locator('[data-sonner-toast]', { hasText: 'Product saved.' }).first().waitFor();
    await admin.close();
    // The catalogue keeps its answer for a moment: wait until it shows the new band.
    await waitFor('the catalogue to show the tilapia in band A', async () => (await catalogProduct(TILAPIA)).taxBand === 'A');
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

  async function catalogProduct(name: string): Promise<CatalogProduct> {
    const res = await fetch(shop.url + '/api/catalog/products');
    const { products } = (await res.json()) as { products: CatalogProduct[] };
    const found = products.find((p) => p.name === name);
    if (!found) throw new Error(`${name} is not in the catalogue`);
    return found;
  }

  async function openCustomerPage(email: string): Promise<Page> {
    const context = await signedInContext('Wanjiru Kamau', email);
    opened.push(context);
    page = await context.newPage();
    return page;
  }

  async function addToCart(names: string[]) {
    await page.goto(shop.url + '/shop');
    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    await page.reload();
    await hydrated(page);
    for (const name of names) {
      const card = page.getByRole('article', { name });
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await card.getByRole('button', { name: 'Add to Cart' }).waitFor();
    }
  }

  /** The label and amount of each line of a summary list, in order: ['VAT exempt', 'KES 0.00']. */
  const summaryRows = (scope: ReturnType<Page['locator']>) =>
    scope
      .locator('dt')
      .evaluateAll((terms) => terms.map((dt) => [dt.textContent?.trim() ?? '', dt.nextElementSibling?.textContent?.trim() ?? '']));

  async function checkoutWithKilimani() {
    await page.goto(shop.url + '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(shop.url + '/checkout');
    await (await suggestAddress(page, 'Kilim', /Kilimani/)).click();
    // The pick fills the field once the place's details come back: until then the typed text's quote shows.
    await expect.poll(() => page.getByRole('combobox', { name: 'Delivery Address' }).inputValue()).toMatch(/^Kilimani, /);
    await page.getByTestId('delivery-zone').waitFor();
  }

  /** Pays by card on the simulator's page in the modal; returns the order's id once /order-success shows it. */
  async function payByCard(): Promise<string> {
    const orderResponse = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const { orderId } = (await (await orderResponse).json()) as { orderId: string };
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/order-success/);
    await page.getByTestId('order-summary').waitFor();
    return orderId;
  }

  const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

  it('a band-A product is shown with no VAT in the cart, at checkout, after paying and on the receipt', async () => {
    await openCustomerPage('wanjiru.exempt@example.test');
    await addToCart([TILAPIA, TILAPIA]);
    await page.goto(shop.url + '/cart');
    await page.getByTestId('total').filter({ hasText: 'KES 1,300.00' }).waitFor();
    const main = page.getByRole('main');
    expect(await summaryRows(main.locator('dl').last())).toEqual([
      ['Subtotal', 'KES 1,300.00'],
      ['VAT exempt', 'KES 0.00'],
      ['Delivery', 'Calculated at checkout'],
      ['Total', 'KES 1,300.00'],
    ]);
    expect(await main.getByText('VAT (16%)').count()).toBe(0);

    await checkoutWithKilimani();
    expect(await page.getByTestId('summary-vat').innerText()).toBe('KES 0.00');
    const fee = money(await page.getByTestId('summary-delivery').innerText());
    expect(fee).toBeGreaterThan(0);
    expect(money(await page.getByTestId('summary-total').innerText())).toBeCloseTo(1300 + fee, 2);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    expect((await summaryRows(summary)).map(([label]) => label)).toEqual(['Subtotal', 'VAT exempt', 'Delivery', 'Total']);

    const orderId = await payByCard();
    const paid = page.getByTestId('order-summary');
    expect(await summaryRows(paid)).toContainEqual(['VAT exempt', 'KES 0.00']);
    expect(await paid.getByText('VAT (16%)').count()).toBe(0);
    expect(money(await page.getByTestId('summary-total').innerText())).toBeCloseTo(1300 + fee, 2);

    await page.goto(`${shop.url}/api/orders/${orderId}/receipt`);
    await page.getByRole('row', { name: 'VAT exempt KES 0.00' }).waitFor();
    expect(await page.getByText('VAT (16%)').count()).toBe(0);
  });

  it('a cart mixing bands A and B shows the VAT of each band, at checkout and on the receipt too', async () => {
    await openCustomerPage('wanjiru.mixed@example.test');
    await addToCart([TILAPIA, BROILER]);
    await page.goto(shop.url + '/cart');
    await page.getByTestId('total').filter({ hasText: 'KES 1,520.00' }).waitFor();
    expect(await summaryRows(page.getByRole('main').locator('dl').last())).toEqual([
      ['Subtotal', 'KES 1,400.00'],
      ['VAT exempt on KES 650.00', 'KES 0.00'],
      ['VAT (16%) on KES 750.00', 'KES 120.00'],
      ['Delivery', 'Calculated at checkout'],
      ['Total', 'KES 1,520.00'],
    ]);

    await checkoutWithKilimani();
    expect(await page.getByTestId('summary-vat-A').innerText()).toBe('KES 0.00');
    expect(await page.getByTestId('summary-vat-B').innerText()).toBe('KES 120.00');
    const fee = money(await page.getByTestId('summary-delivery').innerText());
    expect(money(await page.getByTestId('summary-total').innerText())).toBeCloseTo(1520 + fee, 2);

    const orderId = await payByCard();
    expect(await summaryRows(page.getByTestId('order-summary'))).toEqual(
      expect.arrayContaining([
        ['VAT exempt on KES 650.00', 'KES 0.00'],
        ['VAT (16%) on KES 750.00', 'KES 120.00'],
      ]),
    );
    await page.goto(`${shop.url}/api/orders/${orderId}/receipt`);
    await page.getByRole('row', { name: 'VAT exempt on KES 650.00 KES 0.00' }).waitFor();
    await page.getByRole('row', { name: 'VAT (16%) on KES 750.00 KES 120.00' }).waitFor();
  });
});
