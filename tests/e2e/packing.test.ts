// Packing on a 390 px phone in Chromium: a member of staff goes from the day's deliveries to
// /admin/packing (also in the nav), picks the order's window, weighs a tilapia sold by the kilo at 650 g (about 700 g expected), marks the chicken
// unavailable, and 'Finish packing' first shows the KES 945.00 the customer is owed; finished, the
// card says who packed it and what is owed, and the customer's order page shows the weight and the
// chicken's refund. Keyboard only where a packer's hands would use it; axe clean throughout.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { choose } from './live-helpers';
import { axeViolations } from './support/axe';
import { checkBackOfficeScreen } from './support/back-office-screen';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { signedUpContext } from './support/sign-up';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const OWNER_EMAIL = 'owner.packing@example.test';
const PASSWORD = 'omena-and-sukuma-1';
const TILAPIA = 'Tilapia — Large, Scaled & gutted';
const CHICKEN = 'Farm Chicken — Whole broiler';

describe('packing an order on a phone', () => {
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
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  /** A call of the back office's API as the owner; its JSON answer. */
  async function asOwner<T>(method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await owner.request.fetch(`${shop.url}/api/admin${path}`, { method, headers: { Origin: shop.url }, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  async function productId(slug: string): Promise<string> {
    const res = await fetch(`${shop.url}/api/catalog/products/by-slug/${slug}`);
    return ((await res.json()) as { product: { id: string } }).product.id;
  }

  async function variantIds(id: string): Promise<Record<string, string>> {
    const { variants } = await asOwner<{ variants: { id: string; name: string }[] }>('GET', `/products/${id}/variants`);
    return Object.fromEntries(variants.map((v) => [v.name, v.id]));
  }

  it('weighs a tilapia at 650 g, marks the chicken unavailable, and finishes with KES 945.00 owed', async () => {
    // The shop: prices include VAT, tilapia at KES 1,900/kg (Large, about 700 g: KES 1,330), a chicken at KES 850.
    await asOwner('PUT', '/shop-details/prices-include-vat', { on: true });
    const tilapiaId = await productId('tilapia');
    const chickenId = await productId('farm-chicken');
    await asOwner('PUT', `/products/${tilapiaId}/price-per-kg`, { pricePerKgCents: 190_000 });
    const tilapia = await variantIds(tilapiaId);
    const chicken = await variantIds(chickenId);
    await asOwner('PATCH', `/products/${chickenId}/variants/${chicken['Whole broiler']}`, { priceCents: 85_000 });

    // A packer: an account the owner makes staff.
    const packerEmail = 'wanjiku.packer@example.test';
    const packer = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Wanjiku Packer', email: packerEmail, phone: '0722 000 002', password: PASSWORD },
      undefined,
      PHONE,
    );
    await asOwner('POST', '/staff', { email: packerEmail, role: 'staff' });

    // A customer's paid order.
    const customer = await signedUpContext(
      shop,
      smtp,
      browser,
      { name: 'Achieng Buyer', email: 'achieng.packing@example.test', phone: '0711 222 333', password: PASSWORD },
      undefined,
      PHONE,
    );
    const placed = await customer.request.post(`${shop.url}/api/checkout/orders`, {
      headers: { Origin: shop.url },
      data: {
        items: [
          { productId: tilapiaId, variantId: tilapia['Large, Scaled & gutted'], quantity: 1, note: 'no head' },
          { productId: chickenId, variantId: chicken['Whole broiler'], quantity: 1, ifUnavailable: 'remove' },
        ],
        customerInfo: {
          fullName: 'Achieng Buyer',
          email: 'achieng.packing@example.test',
          phone: '0711 222 333',
          address: 'Westlands, Nairobi',
        },
        deliveryInfo: { address: 'Westlands, Nairobi' },
        note: 'Ring the bell twice',
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { orderId, iframeUrl } = (await placed.json()) as { orderId: string; iframeUrl: string };
    await choose(iframeUrl, 'card');
    const mine = await customer.request.get(`${shop.url}/api/orders/${orderId}`);
    const { deliveryWindow } = (await mine.json()) as { deliveryWindow: { date: string; label: string } };
    const ref = shortOrderId(orderId);

    // The packer opens the day's deliveries, goes to packing from there, and chooses the order's window.
    const page: Page = await packer.newPage();
    await page.goto(`${shop.url}/admin/deliveries?day=${deliveryWindow.date}`);
    await page.getByRole('link', { name: 'Pack orders' }).click();
    await page.waitForURL(`${shop.url}/admin/packing?day=${deliveryWindow.date}`);
    await page.getByRole('heading', { level: 1, name: 'Packing' }).waitFor();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Packing' }).waitFor();
    await page.getByLabel('Delivery window').selectOption({ label: `${deliveryWindow.label} (0/1 packed)` });
    const card = page.getByRole('listitem', { name: `#${ref} · Achieng Buyer` });
    await card.getByText('Note for the shop: Ring the bell twice').waitFor();
    const tilapiaLine = card.getByRole('listitem', { name: `1 × ${TILAPIA}` });
    const chickenLine = card.getByRole('listitem', { name: `1 × ${CHICKEN}` });
    await tilapiaLine.getByText('About 700 g · KES 1,330.00 paid').waitFor();
    await tilapiaLine.getByText('If unavailable: a similar item · Note: no head').waitFor();
    await chickenLine.getByText('If unavailable: remove it and refund').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // And as every back-office screen, on a tablet held upright.
    await checkBackOfficeScreen(page, 'Packing');
    // Big tick boxes: a finger's 44 px at least.
    const box = await tilapiaLine.getByRole('checkbox', { name: `1 × ${TILAPIA}` }).boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);

    // Ticked without a weight: the scale's reading is asked for first.
    await tilapiaLine.getByRole('checkbox', { name: `1 × ${TILAPIA}` }).click();
    await tilapiaLine.getByRole('alert').filter({ hasText: 'Type what it weighed, in grams (1 to 50,000).' }).waitFor();
    // By keyboard: the weight typed, Enter records it.
    await tilapiaLine.getByLabel('Weighed (g)').fill('650');
    await tilapiaLine.getByLabel('Weighed (g)').press('Enter');
    await tilapiaLine.getByTestId('packing-state').filter({ hasText: 'Packed, weighed 650 g · KES 95.00 back' }).waitFor();
    expect(await tilapiaLine.getByRole('checkbox', { name: `1 × ${TILAPIA}` }).isChecked()).toBe(true);

    await chickenLine.getByRole('button', { name: 'Unavailable' }).click();
    await chickenLine.getByTestId('packing-state').filter({ hasText: 'Unavailable · KES 850.00 back' }).waitFor();

    // Finishing shows what is owed first.
    await card.getByRole('button', { name: 'Finish packing' }).click();
    const dialog = page.getByRole('dialog', { name: `Finish packing order #${ref}?` });
    await dialog.getByTestId('owed-total').filter({ hasText: 'KES 945.00 to refund to Achieng Buyer' }).waitFor();
    await dialog.getByText(`${CHICKEN}: unavailable, KES 850.00 back`).waitFor();
    await dialog.getByText(`${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Finish packing' }).click();
    await card.getByTestId('packing-finished').filter({ hasText: 'Packed by Wanjiku Packer · KES 945.00 to refund' }).waitFor();
    await card.getByText('Packed', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The customer's order page shows the real weight and what comes back.
    const hers = await customer.newPage();
    await hers.goto(`${shop.url}/orders/${ref}`);
    await hers.getByRole('heading', { level: 1, name: `Order #${ref}` }).waitFor();
    await hers.getByText('Weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back').waitFor();
    await hers.getByText('Unavailable · KES 850.00 back').waitFor();
    expect(await axeViolations(hers)).toEqual([]);
  });
});
