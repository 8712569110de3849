// Fish as it is weighed, the whole journey at 390 px in Chromium. A customer buys a Tilapia Large
// (about 700 g, KES 1,330 at KES 1,900/kg; if unavailable: a similar item) and a Farm Chicken (if
// unavailable: remove it and refund) and pays by card on the Pesapal simulator. Staff pack it on a
// phone: the tilapia weighs 650 g (KES 95.00 back), the chicken has run out (KES 750.00 back). The
// packing card shows the settlement; the refund waits until the simulator's merchant approves it,
// then shows as made. The customer's SMS and mail, her order page and receipt, the back office's
// tax invoices (the credit note eTIMS signed) and order totals all agree: charged − refunded is what
// the receipt says. Axe clean on every screen visited.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKES } from '../../src/domain/money';
import { shortOrderId } from '../../src/domain/order-status';
import { toast } from './live-helpers';
import { hydrated, suggestAddress } from './storefront-helpers';
import { axeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const OWNER_EMAIL = 'owner.weighed@example.test';
const CUSTOMER_EMAIL = 'akinyi.weighed@example.test';
const CUSTOMER_PHONE = '0711 222 444';
const PASSWORD = 'omena-and-sukuma-1';
const TILAPIA = 'Tilapia — Large, Scaled & gutted';
const CHICKEN = 'Farm Chicken — Whole broiler';
const OWED = 9_500 + 75_000;

describe('an order of fish as it is weighed, from the shop to the refund', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let owner: BrowserContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', ADMIN_EMAILS: OWNER_EMAIL });
    browser = await launchChromium();
    owner = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Amina Owner', email: OWNER_EMAIL, phone: '0722 000 011', password: PASSWORD },
      undefined,
      PHONE,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  async function asOwner<T>(method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await owner.request.fetch(`${shop.url}/api/admin${path}`, { method, headers: { Origin: shop.url }, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /** Reloads until the locator shows: what another party changed (Pesapal, eTIMS) reaches the page. */
  async function reloadUntil(page: Page, locator: Locator) {
    for (let i = 0; ; i++) {
      try {
        await locator.waitFor({ timeout: 3_000 });
        return;
      } catch (err) {
        if (i >= 40) throw err;
        await page.reload();
      }
    }
  }

  /** The development SMS box's texts for a phone, newest first. */
  async function smsTo(page: Page, to: string): Promise<string[]> {
    const html = await (await page.request.get(`${shop.url}/dev/sms?to=${encodeURIComponent(to)}`)).text();
    return [...html.matchAll(/<td data-testid="sms-text">([^<]*)<\/td>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  }

  const axeClean = async (page: Page) => {
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  };

  it('weighs the tilapia at 650 g, marks the chicken unavailable, refunds KES 845.00 through Pesapal, and every page agrees', async () => {
    // Prices include VAT, the tilapia at KES 1,900/kg (the seed's): Large, about 700 g, is KES 1,330.
    await asOwner('PUT', '/shop-details/prices-include-vat', { on: true });
    const { product: tilapia } = (await (await fetch(`${shop.url}/api/catalog/products/by-slug/tilapia`)).json()) as {
      product: { id: string };
    };
    await asOwner('PUT', `/products/${tilapia.id}/price-per-kg`, { pricePerKgCents: 190_000 });
    // The simulator's merchant decides each refund in its dashboard (the switches page), as on Pesapal.
    const held = await fetch(`${shop.url}/pesapal-sim/switches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refundApproveAfterSeconds: null }),
    });
    expect(held.status).toBe(200);

    // A packer: an account the owner makes staff.
    const packerEmail = 'otieno.packer@example.test';
    const packer = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Otieno Packer', email: packerEmail, phone: '0722 000 012', password: PASSWORD },
      undefined,
      PHONE,
    );
    await asOwner('POST', '/staff', { email: packerEmail, role: 'staff' });

    // The customer buys on her phone.
    const customer = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Akinyi Wanjiru', email: CUSTOMER_EMAIL, phone: CUSTOMER_PHONE, password: PASSWORD },
      undefined,
      PHONE,
    );
    const page = await customer.newPage();
    await page.goto(`${shop.url}/shop/tilapia`);
    await hydrated(page);
    await page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { name: 'Large' }).tap();
    await page
      .getByRole('radiogroup', { name: /^Preparation/ })
      .getByRole('radio', { name: 'Scaled & gutted' })
      .tap();
    await page.getByTestId('product-price').filter({ hasText: 'KES 1,330.00' }).waitFor();
    expect(await page.getByTestId('price-per-kg').innerText()).toBe('KES 1,900.00 / kg');
    await page.getByRole('button', { name: 'Add to Cart' }).first().tap();
    await toast(page, `${TILAPIA} added to cart`).waitFor();
    await page.goto(`${shop.url}/shop/farm-chicken`);
    await hydrated(page);
    await page.getByRole('radiogroup', { name: /^Bird/ }).getByRole('radio', { name: 'Whole broiler' }).tap();
    await page.getByTestId('product-price').filter({ hasText: 'KES 750.00' }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).first().tap();
    await toast(page, `${CHICKEN} added to cart`).waitFor();

    await page.goto(`${shop.url}/cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${shop.url}/checkout`);
    await (await suggestAddress(page, 'Kiteng', /Kitengela/)).tap();
    await page.getByTestId('delivery-zone').waitFor();
    const choiceOf = (name: string) => page.locator('li', { hasText: `${name} × 1` }).getByLabel('If unavailable');
    await choiceOf(TILAPIA).selectOption({ label: 'A similar item' });
    await choiceOf(CHICKEN).selectOption({ label: 'Remove it and refund' });
    await axeClean(page);
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout/orders'));
    await page.getByRole('button', { name: 'Pay with Pesapal' }).tap();
    const orderId = ((await (await placed).json()) as { orderId: string }).orderId;
    const frame = page.frameLocator('iframe[title="Pesapal payment page"]').frameLocator('iframe[title="Pesapal payment page"]');
    await frame.getByRole('button', { name: 'Pay by card' }).tap();
    await page.waitForURL(/\/order-success/);
    const ref = shortOrderId(orderId);
    const mine = (await (await customer.request.get(`${shop.url}/api/orders/${orderId}`)).json()) as {
      deliveryWindow: { date: string };
      totalCents: number;
    };
    const total = mine.totalCents;

    // Staff pack it on a phone.
    const packing = await packer.newPage();
    await packing.goto(`${shop.url}/admin/packing?day=${mine.deliveryWindow.date}`);
    await packing.getByRole('heading', { level: 1, name: 'Packing' }).waitFor();
    const card = packing.getByRole('listitem', { name: `#${ref} · Akinyi Wanjiru` });
    const tilapiaLine = card.getByRole('listitem', { name: `1 × ${TILAPIA}` });
    const chickenLine = card.getByRole('listitem', { name: `1 × ${CHICKEN}` });
    await tilapiaLine.getByText('About 700 g · KES 1,330.00 paid').waitFor();
    await tilapiaLine.getByText('If unavailable: a similar item').waitFor();
    await chickenLine.getByText('If unavailable: remove it and refund').waitFor();
    await axeClean(packing);
    await tilapiaLine.getByLabel('Weighed (g)').fill('650');
    await tilapiaLine.getByLabel('Weighed (g)').press('Enter');
    await tilapiaLine.getByTestId('packing-state').filter({ hasText: 'Packed, weighed 650 g · KES 95.00 back' }).waitFor();
    await chickenLine.getByRole('button', { name: 'Unavailable' }).tap();
    await chickenLine.getByTestId('packing-state').filter({ hasText: 'Unavailable · KES 750.00 back' }).waitFor();
    await card.getByRole('button', { name: 'Finish packing' }).tap();
    const dialog = packing.getByRole('dialog', { name: `Finish packing order #${ref}?` });
    await dialog.getByTestId('owed-total').filter({ hasText: 'KES 845.00 to refund to Akinyi Wanjiru' }).waitFor();
    await axeClean(packing);
    await dialog.getByRole('button', { name: 'Finish packing' }).tap();

    // The settlement: what was paid, what is sent, and each line's refund, waiting for Pesapal.
    const settlement = card.getByTestId('packing-settlement');
    await settlement.getByText(formatKES(total), { exact: true }).waitFor();
    await settlement.getByText(formatKES(total - OWED), { exact: true }).waitFor();
    await settlement.getByText("KES 845.00 · Refund requested: waiting for Pesapal's approval").waitFor();
    const tilapiaSettled = tilapiaLine.getByTestId('line-settlement');
    await tilapiaSettled.getByText('Paid KES 1,330.00 for about 0.700 kg').waitFor();
    await tilapiaSettled.getByText('Sent 0.650 kg').waitFor();
    await tilapiaSettled
      .getByText("0.050 kg short at KES 1,900.00/kg: KES 95.00 back · Refund requested: waiting for Pesapal's approval")
      .waitFor();
    const chickenSettled = chickenLine.getByTestId('line-settlement');
    await chickenSettled.getByText('Not sent: unavailable').waitFor();
    await chickenSettled.getByText("The paid line: KES 750.00 back · Refund requested: waiting for Pesapal's approval").waitFor();
    await axeClean(packing);

    // The simulator's merchant approves the refund; the packing card shows it made.
    const sim = await packer.newPage();
    await sim.goto(`${shop.url}/pesapal-sim/switches`);
    const waiting = sim.getByRole('row').filter({ hasText: 'KES 845.00' });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await sim.getByRole('status').filter({ hasText: 'Refund approved: the payment is reversed.' }).waitFor();
    await sim.close();
    await reloadUntil(packing, settlement.getByText('KES 845.00 · Refunded by Pesapal'));
    await tilapiaLine.getByText('0.050 kg short at KES 1,900.00/kg: KES 95.00 back · Refunded by Pesapal').waitFor();
    await chickenLine.getByText('The paid line: KES 750.00 back · Refunded by Pesapal').waitFor();

    // Her SMS (one GSM-7 SMS: both changes and the refund) and her mail (both changes listed with their amounts).
    const e164 = `+254${CUSTOMER_PHONE.replace(/\s/g, '').slice(1)}`;
    // Waits for the SMS to reach the development SMS box, as the customer waits for her phone.
    const packedSms = async () => (await smsTo(packing, e164)).find((t) => t.includes(`#${ref}`) && t.includes('packed'));
    await expect.poll(packedSms, { timeout: 20_000 }).toBeDefined();
    const sms = await packedSms();
    // Both changes, in short words, and the refund, in one SMS.
    const gsm = (name: string) => name.replace('—', '-');
    expect(sms).toMatch(new RegExp(`^([^:]+: )?Order #${ref} packed: `));
    expect(sms).toContain(`${gsm(CHICKEN)}: unavailable`);
    expect(sms).toContain(`${gsm(TILAPIA)}: 650 g`);
    expect(sms).toMatch(/\. KES 845\.00 back to your card or M-Pesa\.$/);
    const mail = await smtp.waitForMail(CUSTOMER_EMAIL, { subject: /is packed, with changes/ });
    expect(mail.text).toContain(`- ${CHICKEN}: unavailable, KES 750.00 back`);
    expect(mail.text).toContain(`- ${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`);
    expect(mail.text).toContain('KES 845.00 will go back to the card or M-Pesa you paid with.');

    // Her order page: both changes, the refund, and the total after it.
    await page.goto(`${shop.url}/orders/${ref}`);
    await page.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();
    await page.getByText('Weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back').waitFor();
    await page.getByText('Unavailable · KES 750.00 back').waitFor();
    const refunds = page.getByTestId('order-refunds');
    await refunds.getByText(/Packing: .*unavailable, KES 750\.00 back; .*weighed 650 g/).waitFor();
    await refunds.getByText('KES 845.00', { exact: true }).waitFor();
    await page
      .getByTestId('summary-total-after-refunds')
      .filter({ hasText: formatKES(total - OWED) })
      .waitFor();
    await axeClean(page);

    // Her receipt: each line as packed, the refund, and the total after it.
    await page.goto(`${shop.url}/api/orders/${orderId}/receipt`);
    await page.getByText(`${TILAPIA} — weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back`).waitFor();
    await page.getByText(`${CHICKEN} — unavailable · KES 750.00 back`).waitFor();
    const afterRefunds = page.getByRole('row').filter({ hasText: 'Total after refunds' });
    expect(await afterRefunds.innerText()).toContain(formatKES(total - OWED));
    const refunded = page.getByRole('row').filter({ hasText: /^Refunded/ });
    expect(await refunded.innerText()).toContain('-KES 845.00');
    await axeClean(page);

    // The back office: the credit note eTIMS signed for the refund, and the order's totals.
    const office = await owner.newPage();
    await office.goto(`${shop.url}/admin/tax-invoices`);
    await office.getByRole('heading', { level: 1, name: 'Tax invoices' }).waitFor();
    const creditNote = office
      .getByRole('table', { name: 'Tax invoices' })
      .getByRole('row')
      .filter({ hasText: `Order #${ref}` })
      .filter({ hasText: 'Credit note' });
    await reloadUntil(office, creditNote.filter({ hasText: 'KES 845.00' }).filter({ hasText: 'CU invoice' }));
    await office.locator('[role="status"][aria-label^="Loading"]').waitFor({ state: 'detached' });
    await axeClean(office);
    await office.goto(`${shop.url}/admin/orders/${orderId}`);
    await office.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();
    await office
      .getByTestId('order-total')
      .filter({ hasText: formatKES(total) })
      .waitFor();
    await office
      .getByTestId('order-total-after-refunds')
      .filter({ hasText: formatKES(total - OWED) })
      .waitFor();
    await office.getByTestId('refund').getByTestId('refund-standing').filter({ hasText: 'Refunded by Pesapal' }).waitFor();
    await axeClean(office);
  });
});
