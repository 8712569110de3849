// FISHFRIDAY from the back office to the tax invoice, in Chromium at 390 px. The shop's clock is a
// Thursday (SHOP_TEST_CLOCK), then moved to the Friday after (PUT /dev/clock). The owner creates
// FISHFRIDAY (10 % off fish, minimum KES 1,000, Fridays only) in the back office; on the Thursday the
// cart refuses it with its message; on the Friday the cart applies it, checkout applies it again
// without typing, the customer pays, and the receipt, the confirmation mail, the tax invoice KRA
// signed (each fish line's discount as dcAmt) and the sales report show the discount. Every screen
// visited is axe clean and nothing scrolls sideways.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRateBp, formatKES, multiplyCents } from '../../src/domain/money';
import { nairobiDateKey } from '../../src/domain/nairobi-days';
import { nairobiParts } from '../../src/domain/peak-hours';
import { waitFor } from '../support/wait-for';
import { createCustomer, toast, type Customer } from './live-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const ADMIN_EMAIL = 'owner@promotions.example';
const PHONE_VIEW = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The coming Friday at 10:00 in Nairobi (07:00 UTC), at least a day ahead, and the Thursday before it. */
function comingFriday(): { thursday: string; friday: string } {
  let at = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 7) + DAY_MS;
  while (nairobiParts(new Date(at)).weekday !== 5) at += DAY_MS;
  return { thursday: new Date(at - DAY_MS).toISOString(), friday: new Date(at).toISOString() };
}

interface FishProduct {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  imageUrl: string | null;
  category: string;
  stock: number;
}

interface SignedSale {
  request: {
    totAmt: number;
    itemList: { itemNm: string; qty: number; splyAmt: number; dcRt: number; dcAmt: number; totAmt: number }[];
  };
}

describe('FISHFRIDAY from the back office to the tax invoice, at 390 px', () => {
  const clock = comingFriday();
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: Customer;
  let customer: Customer;
  let ownerPage: Page;
  let page: Page;
  let fish: FishProduct;
  let quantity: number;
  let discountCents: number;
  let orderId: string;

  const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function moveClock(at: string): Promise<void> {
    const res = await fetch(`${shop.url}/dev/clock`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ at }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@example.test>',
      ADMIN_EMAILS: ADMIN_EMAIL,
      SHOP_TEST_CLOCK: clock.thursday,
    });
    browser = await launchChromium();
    admin = await createCustomer(shop, smtp, browser, 'Wanjiku Owner', ADMIN_EMAIL);
    customer = await createCustomer(shop, smtp, browser, 'Akinyi Otieno', 'akinyi.fishfriday@example.test');
    ownerPage = await admin.context.newPage();
    await ownerPage.setViewportSize(PHONE_VIEW);
    page = await customer.context.newPage();
    await page.setViewportSize(PHONE_VIEW);

    // A fish sold without options, enough of it for more than KES 1,000.
    const { products } = (await (await fetch(`${shop.url}/api/catalog/products?category=fish`)).json()) as {
      products: (FishProduct & { hasChoices?: true; pricePerKgCents?: number })[];
    };
    const found = products.find((p) => p.category === 'fish' && !p.hasChoices && p.pricePerKgCents === undefined && p.stock >= 10);
    if (!found) throw new Error('no fish without options in the seed');
    fish = found;
    quantity = Math.floor(100_000 / fish.priceCents) + 1;
    discountCents = applyRateBp(multiplyCents(fish.priceCents, quantity), 1_000);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  it('the owner creates FISHFRIDAY in the back office: the form, the list and the audit log', async () => {
    await ownerPage.goto(`${shop.url}/admin/promotions`);
    await ownerPage.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await ownerPage.getByRole('link', { name: 'New promotion' }).click();
    const form = ownerPage.getByRole('form', { name: 'New promotion' });
    await form.waitFor();
    // Sent empty, every field says what it needs.
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await form.getByText('Give the promotion a name').waitFor();
    await form.getByText('The percentage must be a whole number from 1 to 100').waitFor();
    // The first problem also comes as a toast (sonner loads on demand): checked once it is there.
    await toast(ownerPage, 'Give the promotion a name').waitFor();
    expect(await noSidewaysScroll(ownerPage)).toBe(true);
    expect(await axeViolations(ownerPage)).toEqual([]);

    await form.getByLabel('Code', { exact: true }).fill('fishfriday');
    await form.getByLabel('Name', { exact: true }).fill('Fish Friday');
    await form.getByLabel('Percentage off').fill('10');
    await form.getByLabel('Minimum spend (KES)').fill('1,000');
    await form.getByLabel('Friday', { exact: true }).check();
    await form.getByLabel('Applies to').selectOption('categories');
    await form.getByLabel('fish', { exact: true }).check();
    expect(await axeViolations(ownerPage)).toEqual([]);
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await toast(ownerPage, 'FISHFRIDAY was created.').waitFor();
    await ownerPage.waitForURL(`${shop.url}/admin/promotions`);
    const row = ownerPage.getByRole('table', { name: 'Promotions' }).getByRole('row').filter({ hasText: 'FISHFRIDAY' });
    await row.getByText('10 % off').waitFor();
    await row.getByText('From KES 1,000.00').waitFor();
    await row.getByText('Fridays').waitFor();
    await row.getByText('Active').waitFor();
    expect(await noSidewaysScroll(ownerPage)).toBe(true);
    expect(await axeViolations(ownerPage)).toEqual([]);

    await ownerPage.goto(`${shop.url}/admin/audit?action=PROMOTION_CREATE`);
    // The details as words (the database keeps them in its own key order).
    await ownerPage.getByText(/code: FISHFRIDAY · .*gives: 10 % off · .*weekdays: Friday.*minimumSpend: KES 1,000\.00/).waitFor();
    expect(await axeViolations(ownerPage)).toEqual([]);
  });

  it('on a Thursday, the cart refuses FISHFRIDAY with its message', async () => {
    await page.goto(`${shop.url}/shop`);
    await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
      productId: fish.id,
      name: fish.name,
      priceCents: fish.priceCents,
      imageUrl: fish.imageUrl,
      category: fish.category,
      stock: fish.stock,
      quantity,
    });
    await page.goto(`${shop.url}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Promotion code' });
    await field.fill('FISHFRIDAY');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This code is valid on Fridays only.').waitFor();
    expect(await page.getByTestId('discount').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the Friday, the cart applies it, checkout applies it again without typing, and the customer pays', async () => {
    await moveClock(clock.friday);
    // The code applied on Thursday is kept for the tab: asked again, on a Friday it applies.
    await page.reload();
    await page
      .getByTestId('discount')
      .filter({ hasText: `−${formatKES(discountCents)}` })
      .waitFor();
    await page.getByText('Discount (FISHFRIDAY)', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Promotion code' }).inputValue()).toBe('FISHFRIDAY');
    await page
      .getByTestId('summary-discount')
      .filter({ hasText: `−${formatKES(discountCents)}` })
      .waitFor();
    const name = page.getByLabel('Full Name');
    if ((await name.inputValue()) === '') await name.fill(customer.name);
    const address = page.getByRole('combobox', { name: 'Delivery Address' });
    await address.fill('');
    await address.pressSequentially('Kilim');
    await page
      .getByRole('listbox', { name: 'Address suggestions' })
      .getByRole('option', { name: /Kilimani/ })
      .first()
      .click();
    // The pick fills the field once the place's details come back: until then the typed text's quote shows.
    await expect.poll(() => address.inputValue()).toMatch(/^Kilimani, /);
    await page.getByTestId('delivery-zone').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).click();
    const response = await placed;
    expect((response.request().postDataJSON() as { promotionCode: string }).promotionCode).toBe('FISHFRIDAY');
    orderId = ((await response.json()) as { orderId: string }).orderId;
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/order-success/);
    await page.getByTestId('payment-state').filter({ hasText: 'Payment Completed' }).waitFor();
    await page.getByText('Discount (FISHFRIDAY)').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the receipt, the confirmation mail and the tax invoice KRA signed show the discount', async () => {
    const receipt = await page.context().newPage();
    await receipt.goto(`${shop.url}/api/orders/${orderId}/receipt`);
    await receipt.getByText('Discount (FISHFRIDAY)', { exact: true }).waitFor();
    await receipt.getByText(`−${formatKES(discountCents)}`).waitFor();
    await receipt.close();

    const mail = await smtp.waitForMail(customer.email, { subject: /confirmed/ });
    expect(mail.text).toContain('Discount (FISHFRIDAY)');
    expect(mail.text).toContain(`−${formatKES(discountCents)}`);

    // KRA (the built-in eTIMS simulator) signed the sale with the fish line's discount, tax included.
    let sale: SignedSale | undefined;
    await waitFor('KRA to sign the sale', async () => {
      const { sales } = (await (await fetch(`${shop.url}/etims-sim/sales`)).json()) as { sales: SignedSale[] };
      sale = sales.find((s) => s.request.itemList.some((l) => l.itemNm.startsWith(fish.name)));
      return sale !== undefined;
    });
    const line = sale!.request.itemList.find((l) => l.itemNm.startsWith(fish.name))!;
    expect(line.qty).toBe(quantity);
    expect(line.dcRt).toBe(10);
    expect(line.dcAmt).toBeGreaterThan(0);
    // 10 % of the line as supplied, to the cent.
    expect(Math.abs(Math.round(line.dcAmt * 100) - Math.round(line.splyAmt * 10))).toBeLessThanOrEqual(1);
    expect(Math.round((line.splyAmt - line.dcAmt) * 100)).toBe(Math.round(line.totAmt * 100));
  });

  it("the sales report shows the day's discount", async () => {
    // The Friday the order was paid on (the browser's own clock is not moved): the range in the address.
    const friday = nairobiDateKey(new Date(clock.friday));
    await ownerPage.goto(`${shop.url}/admin/reports?from=${friday}&to=${friday}`);
    const table = ownerPage.getByRole('table', { name: 'Sales' });
    await table.getByRole('row').filter({ hasText: 'Total' }).waitFor();
    await table.getByRole('columnheader', { name: 'Discounts' }).waitFor();
    const column = await table
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.trim() === 'Discounts'));
    const total = table.getByRole('row').filter({ hasText: 'Total' });
    expect((await total.getByRole('cell').nth(column).innerText()).trim()).toBe(formatKES(discountCents));
    expect(await noSidewaysScroll(ownerPage)).toBe(true);
    expect(await axeViolations(ownerPage)).toEqual([]);
  });
});
