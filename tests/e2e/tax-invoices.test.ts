// The merchant's tax invoices in Chromium: KRA (the built-in eTIMS simulator, its band-E rate switched
// after the first sale so it refuses) refuses a paid order's sale; the admin sees eTIMS's status and the refused invoice with
// KRA's message on /admin/tax-invoices (axe clean, usable at 390 px and by keyboard), sees it on the
// order's page too, and after the fix sends it again: KRA signs it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { waitFor } from '../support/wait-for';
import { choose, createCustomer, inStockProduct, placeOrder, type Customer } from './live-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const ADMIN_EMAIL = 'owner@taxinvoices.example';

describe('tax invoices in the back office, in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: Customer;
  let page: Page;
  let orderId: string;

  /** The simulator's switches, from this machine (development only). */
  async function kra(switches: { rateE: 0 | 8 }) {
    const res = await fetch(`${shop.url}/etims-sim/switches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(switches),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  async function invoices(status: string) {
    const res = await page.request.get(`${shop.url}/api/admin/tax-invoices?status=${status}`);
    return ((await res.json()) as { invoices: { reference: string; orderId: string }[] }).invoices;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    admin = await createCustomer(shop, smtp, browser, 'Wanjiku Owner', ADMIN_EMAIL);
    const customer = await createCustomer(shop, smtp, browser, 'Kamau Buyer');
    page = await admin.context.newPage();

    const product = await inStockProduct(shop);
    // A first sale is signed (the shop caches KRA's code lists with it) ...
    const first = await placeOrder(shop, customer, product);
    await choose(first.iframeUrl, 'card');
    await waitFor('KRA to sign the first sale', async () => (await invoices('sent')).length === 1);
    // ... then KRA's band-E rate changes; the shop's cached code list still says 8, so KRA refuses.
    await kra({ rateE: 0 });
    const order = await placeOrder(shop, customer, product);
    orderId = order.orderId;
    await choose(order.iframeUrl, 'card');
    await waitFor('KRA to refuse the sale', async () => (await invoices('refused')).length === 1);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  it("shows eTIMS's status and the refused invoice with KRA's message, axe clean at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.url}/admin/tax-invoices`);
    await page.getByRole('heading', { level: 1, name: 'Tax invoices' }).waitFor();
    const status = page.getByRole('region', { name: 'eTIMS status' });
    await status.getByText('The built-in eTIMS simulator (nothing reaches KRA)').waitFor();
    await status.getByText(/^Initialised \(CU id .+\)$/).waitFor();
    const refusedCount = status.locator('dt', { hasText: /^Refused by KRA$/ }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => refusedCount.innerText()).toBe('1');
    await status.getByText('Stock declarations waiting').waitFor();

    const table = page.getByRole('table', { name: 'Tax invoices' });
    const row = table.getByRole('row').filter({ hasText: 'INV-2' });
    await row.getByText('Refused by KRA').waitFor();
    await row.getByText(/Tax rate mismatch/).waitFor();
    await row.getByRole('link', { name: `Order #${shortOrderId(orderId)}` }).waitFor();
    await page.locator('[role="status"][aria-label^="Loading"]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Filtered to what is waiting: nothing.
    await page.getByLabel('Show').selectOption('pending');
    await page.getByText('No tax invoices match').waitFor();
    await page.getByLabel('Show').selectOption('refused');
    await row.waitFor();
  });

  it("shows the refused sale and KRA's message on the order's page", async () => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(`${shop.url}/admin/orders/${orderId}`);
    const invoice = page.getByTestId('tax-invoice');
    await invoice.getByText('Sale INV-2').waitFor();
    await invoice.getByText('Refused by KRA').waitFor();
    await invoice.getByText(/KRA: .*Tax rate mismatch/).waitFor();
  });

  it('sends it again after the fix, asking first, by keyboard; KRA signs it', async () => {
    await kra({ rateE: 8 }); // the fix
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.url}/admin/tax-invoices?status=refused`);
    const sendAgain = page.getByRole('button', { name: 'Send again INV-2' });
    await sendAgain.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send INV-2 to KRA again?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send again' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]', { hasText: 'INV-2 is queued to be sent to KRA again.' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await waitFor('KRA to sign the sale', async () => (await invoices('sent')).length === 2);
    await page.getByLabel('Show').selectOption('sent');
    const row = page.getByRole('table', { name: 'Tax invoices' }).getByRole('row').filter({ hasText: 'INV-2' });
    await row.getByText('Signed by KRA').waitFor();
    await row.getByText(/^CU invoice .+\/2$/).waitFor();
    expect(await page.getByRole('button', { name: /Send again/ }).count()).toBe(0);
  });
});
