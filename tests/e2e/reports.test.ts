// Reports in Chromium at 390 px: with two orders paid today, the owner opens Reports (axe clean, no
// sideways scroll, usable by keyboard), switches to another report, and downloads the orders CSV,
// whose totals equal the dashboard's last 30 days.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKES } from '../../src/domain/money';
import { waitFor } from '../support/wait-for';
import { choose, createCustomer, inStockProduct, placeOrder, type Customer } from './live-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const ADMIN_EMAIL = 'owner@reports.example';

interface Dashboard {
  last30Days: { orders: number; revenueCents: number };
}

/** The CSV's rows as cells (no cell of the orders file holds a line break). */
function rowsOf(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe('reports in the back office, in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: Customer;
  let page: Page;
  let paidIds: string[];

  const dashboard = async () => (await (await page.request.get(`${shop.url}/api/admin/dashboard`)).json()) as Dashboard;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchChromium();
    admin = await createCustomer(shop, smtp, browser, 'Wanjiku Owner', ADMIN_EMAIL);
    const customer = await createCustomer(shop, smtp, browser, 'Kamau Buyer');
    page = await admin.context.newPage();

    const before = (await dashboard()).last30Days.orders;
    const product = await inStockProduct(shop);
    const orders = [await placeOrder(shop, customer, product, 1), await placeOrder(shop, customer, product, 2)];
    for (const order of orders) await choose(order.iframeUrl, 'card');
    paidIds = orders.map((o) => o.orderId);
    await waitFor('both payments on the dashboard', async () => (await dashboard()).last30Days.orders === before + 2);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  it('shows the sales report at 390 px, axe clean, and another report chosen by keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.url}/admin/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const table = page.getByRole('table', { name: 'Sales' });
    await table.getByRole('row').filter({ hasText: 'Total' }).waitFor();
    const { last30Days } = await dashboard();
    // The total row's net sales is the dashboard's revenue of the same 30 days.
    await table.getByRole('row').filter({ hasText: 'Total' }).getByText(formatKES(last30Days.revenueCents)).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Report').focus();
    await page.keyboard.press('ArrowDown'); // the next report: by product and variant
    await page.getByRole('table', { name: 'Sales by product' }).getByRole('row').filter({ hasText: 'Total' }).waitFor();
    expect(page.url()).toContain('report=products');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('downloads the orders CSV, whose totals equal the dashboard’s', async () => {
    await page.goto(`${shop.url}/admin/reports`);
    const link = page.getByRole('link', { name: 'Orders (CSV)' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads it as UTF-8
    const [header, ...rows] = rowsOf(bytes.subarray(3).toString('utf8'));
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('Order id')])).toEqual(expect.arrayContaining(paidIds));
    const sum = (name: string) => rows.reduce((acc, r) => acc + Math.round(Number(r[col(name)]) * 100), 0);
    const { last30Days } = await dashboard();
    expect(rows).toHaveLength(last30Days.orders);
    expect(sum('Net')).toBe(last30Days.revenueCents);
    expect(sum('Total charged') - sum('Refunded')).toBe(last30Days.revenueCents);
  });
});
