// The back office in Chromium: an admin (made by ADMIN_EMAILS) creates a product with an image that
// appears in /shop; adjusts a product's stock and sees the ledger; fulfils a customer's order to
// delivered while the customer sees the steps on /orders, then refunds it without restocking (the
// goods left the shop) and the customer sees why and the refund instead of the steps; cancels a paid
// order and Pesapal's refund outcome is shown; a page and a post are published to the storefront.
// Each test makes what it needs (a product or an order through the API, an admin session of its
// own where it ends one), so any test runs alone or in any order. Each screen is checked (one h1,
// fits a tablet held upright, axe clean) where a test already has it open.
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { choose, createCustomer, PASSWORD, placeOrder, toast as toastOn, type Customer, type ShopProduct } from './live-helpers';
import { axeViolations } from './support/axe';
import { checkBackOfficeScreen } from './support/back-office-screen';
import { launchChromium } from './support/chromium';
import { startShop, type ShopServer } from './support/shop-server';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { waitFor } from '../support/wait-for';

const ADMIN_EMAIL = 'owner@lakevictoria.example';
/** A second admin, whose changes alone the audit log test filters for. */
const BOOKKEEPER_EMAIL = 'books@lakevictoria.example';
const PRODUCT = 'Lake Victoria Omena (500 g)';
/** The admin page's own size: a tablet in landscape. */
const TABLET_LANDSCAPE = { width: 1024, height: 900 };

describe('the back office in a browser', () => {
  let shop: ShopServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: Customer;
  let customer: Customer;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@example.test>',
      ADMIN_EMAILS: `${ADMIN_EMAIL},${BOOKKEEPER_EMAIL}`,
    });
    browser = await launchChromium();
    admin = await createCustomer(shop, smtp, browser, 'Achieng Owner', ADMIN_EMAIL);
    customer = await createCustomer(shop, smtp, browser, 'Otieno Buyer');
    page = await admin.context.newPage();
  });
  // Whatever size an earlier test left the page at.
  beforeEach(() => page.setViewportSize(TABLET_LANDSCAPE));
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.stop();
  });

  const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text }).first();
  /** The Pesapal simulator's switches (dropIpn: Pesapal's notifications never arrive). */
  const setSwitches = async (switches: { dropIpn: boolean }) => {
    const res = await fetch(`${shop.url}/pesapal-sim/switches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(switches),
    });
    expect(res.status).toBe(200);
  };

  /** The storefront caches public reads for a few seconds: reload until `check` passes. */
  async function eventually(p: Page, url: string, check: () => Promise<unknown>) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      await p.goto(url);
      try {
        await check();
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
    }
  }

  async function openOrder(orderId: string) {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByLabel('Search orders').fill(shortOrderId(orderId));
    await page.getByRole('link', { name: `Order #${shortOrderId(orderId)}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${shortOrderId(orderId)}` }).waitFor();
  }

  /**
   * A product of the test's own, made through the admin API as the New product form sends it. A
   * published one is named to sort after PRODUCT, which then stays on /shop's first page.
   */
  async function newProduct(name: string, stock: number, published = true): Promise<ShopProduct> {
    const res = await page.request.post(`${shop.url}/api/admin/products`, {
      headers: { Origin: shop.url },
      data: {
        name,
        description: 'Small silver cyprinid, sun-dried on the shores of the lake.',
        searchKeywords: '',
        category: 'fish',
        priceCents: 38000,
        taxBand: 'B',
        stock,
        lowStockThreshold: 5,
        published,
        featured: false,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { product } = (await res.json()) as { product: { id: string } };
    return { id: product.id, name } as ShopProduct;
  }

  const stockOf = async (productId: string) =>
    ((await (await page.request.get(`${shop.url}/api/admin/products/${productId}`)).json()) as { product: { stock: number } }).product
      .stock;

  it('keeps visitors and customers out', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${shop.url}/admin/products`);
    await visitor.waitForURL(`${shop.url}/auth`);
    await visitor.close();
    const customerPage = await customer.context.newPage();
    await customerPage.goto(`${shop.url}/admin`);
    await customerPage.getByRole('heading', { level: 1, name: 'You do not have access to the back office' }).waitFor();
    expect((await customerPage.request.get(`${shop.url}/api/admin/dashboard`)).status()).toBe(403);
    await customerPage.close();
  });

  it('keeps the back office out of the storefront download', async () => {
    /** The text of every script a page downloads while `visit` runs. */
    async function scriptsOf(p: Page, visit: () => Promise<void>): Promise<string> {
      const bodies: Promise<string>[] = [];
      const onResponse = (r: { url(): string; request(): { resourceType(): string }; text(): Promise<string> }) => {
        if (r.request().resourceType() === 'script') bodies.push(r.text().catch(() => ''));
      };
      p.on('response', onResponse);
      await visit();
      p.off('response', onResponse);
      return (await Promise.all(bodies)).join('\n');
    }
    const MARKER = 'You do not have access to the back office';
    const visitor = await browser.newPage();
    const storefront = await scriptsOf(visitor, async () => {
      // Live first, then quiet: on a busy machine the network can rest while the app's code is
      // still being compiled, before the page has asked for its chunks.
      for (const path of ['/', '/shop', '/blog', '/cart', '/auth']) {
        await visitor.goto(shop.url + path);
        await visitor.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await visitor.waitForLoadState('networkidle');
      }
    });
    await visitor.close();
    expect(storefront.length).toBeGreaterThan(0);
    expect(storefront).not.toContain(MARKER);
    // The same check finds the back office where it is loaded.
    const adminPage = await admin.context.newPage();
    const adminScripts = await scriptsOf(adminPage, async () => {
      await adminPage.goto(`${shop.url}/admin`);
      await adminPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(); // the back office's code has run
    });
    expect(adminScripts).toContain(MARKER);
    await adminPage.close();
  });

  it('shows the dashboard to the admin', async () => {
    await page.goto(`${shop.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('img', { name: /^Revenue per day/ }).waitFor();
    await page.getByRole('link', { name: /Products low on stock/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await checkBackOfficeScreen(page, 'Dashboard');
  });

  it('creates a product with an image, and it appears in /shop', async () => {
    await page.goto(`${shop.url}/admin/products`);
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();

    // The form explains what is wrong before anything is sent.
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Name is required').first().waitFor();
    await page.getByLabel('Price (KES)').fill('12.345');
    await page.getByLabel('Price (KES)').blur();
    await page.getByText('Price must be an amount in KES like 450 or 450.50').waitFor();

    await page.getByLabel('Name').fill(PRODUCT);
    await page
      .getByLabel('Description')
      .fill('Small silver cyprinid, sun-dried on the shores of the lake. Fry crisp with onions and tomatoes.');
    await page.getByLabel('Category').fill('fish');
    await page.getByLabel('Price (KES)').fill('380');
    await page.getByLabel('Opening stock').fill('12');
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0a060' } })
      .png()
      .toBuffer();
    await page.getByLabel('Image').setInputFiles({ name: 'omena.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Chosen image (not uploaded yet)' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const created = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/products');
    await page.getByRole('button', { name: 'Create product' }).click();
    // The price is typed in KES and travels as integer cents.
    expect((await created).postDataJSON()).toEqual({
      name: PRODUCT,
      description: 'Small silver cyprinid, sun-dried on the shores of the lake. Fry crisp with onions and tomatoes.',
      searchKeywords: '',
      category: 'fish',
      priceCents: 38000,
      taxBand: 'B',
      stock: 12,
      lowStockThreshold: 5,
      published: true,
      featured: false,
    });

    await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    await toast(`${PRODUCT} was created.`).waitFor();
    const imageSrc = await page.getByRole('img', { name: 'Current image' }).getAttribute('src');
    expect(imageSrc).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const image = await fetch(shop.url + imageSrc!);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1280);

    const shopPage = await customer.context.newPage();
    await eventually(shopPage, `${shop.url}/shop`, () => shopPage.getByRole('article', { name: PRODUCT }).waitFor({ timeout: 3000 }));
    const card = shopPage.getByRole('article', { name: PRODUCT });
    expect(await card.getByRole('img').first().getAttribute('src')).toBe(imageSrc);
    await card.getByText('KES 380.00').waitFor();
    await shopPage.close();
  });

  it("changes a product's web address: the new one shows it, the old one answers 301 to it", async () => {
    const product = await newProduct('Mukene Omena (1 kg)', 10);
    await page.goto(`${shop.url}/admin/products/${product.id}`);
    const address = page.getByLabel('Web address');
    const before = await address.inputValue();
    expect(before).toMatch(/^[a-z0-9-]+$/);
    await address.fill(`${before}-sun-dried`);
    await page.getByRole('button', { name: 'Save product' }).click();
    await toast('Product saved.').waitFor();
    // Public pages are kept for a second: the old address answers 301 once its copy expires.
    let res!: Response;
    await waitFor('the old address to redirect', async () => {
      res = await fetch(`${shop.url}/shop/${before}`, { redirect: 'manual' });
      return res.status === 301;
    });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/shop/${before}-sun-dried`);
    const moved = await fetch(`${shop.url}/shop/${before}-sun-dried`);
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain(`<meta property="og:title" content="${product.name}" />`);
  });

  it('adjusts stock with a reason and shows the ledger', async () => {
    const product = await newProduct('Nile Perch Fillet (1 kg)', 12, false);
    await page.goto(`${shop.url}/admin/products/${product.id}`);
    const stock = page.getByTestId('current-stock');
    expect(await stock.innerText()).toBe('12');
    await checkBackOfficeScreen(page, product.name);
    const form = page.getByRole('form', { name: 'Adjust stock' });

    await form.getByLabel('Change').selectOption('restock');
    await form.getByLabel('Quantity').fill('1.5');
    await form.getByLabel('Reason').fill('Morning catch from Kisumu');
    await form.getByRole('button', { name: 'Record change' }).click();
    await form.getByText('Quantity must be a whole number other than 0').waitFor();
    // The quantity is typed as text and travels as a number, with the unit the form counts in.
    await form.getByLabel('Quantity').fill(' 8 ');
    const adjusted = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/admin/products/${product.id}/stock`,
    );
    await form.getByRole('button', { name: 'Record change' }).click();
    expect((await adjusted).postDataJSON()).toEqual({ kind: 'restock', quantity: 8, reason: 'Morning catch from Kisumu', unit: 'piece' });
    await toast('Stock is now 20.').waitFor();

    await form.getByLabel('Change').selectOption('adjustment');
    await form.getByLabel('Quantity').fill('-50');
    await form.getByLabel('Reason').fill('Miscount');
    await form.getByRole('button', { name: 'Record change' }).click();
    await form.getByText('Stock cannot go below zero (20 in stock).').waitFor();

    await form.getByLabel('Quantity').fill('-3');
    await form.getByLabel('Reason').fill('Three packs spoiled');
    await form.getByRole('button', { name: 'Record change' }).click();
    await toast('Stock is now 17.').waitFor();
    await page.getByTestId('current-stock').getByText('17').waitFor();

    const rows = page.getByRole('table', { name: 'Stock history, newest first' }).getByRole('row');
    await rows.nth(3).waitFor();
    const cells = async (i: number) => (await rows.nth(i).getByRole('cell').allInnerTexts()).slice(1, 4);
    expect(await cells(1)).toEqual(['Adjustment', '-3', '17']);
    expect(await cells(2)).toEqual(['Restock', '+8', '20']);
    expect(await cells(3)).toEqual(['Restock', '+12', '12']);
    expect(await rows.nth(1).innerText()).toContain('Three packs spoiled');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('edits one variant of tilapia and restocks that variant alone, by its row in the variants table', async () => {
    type Variants = { variants: { name: string; priceCents: number; stock: number }[] };
    const tilapia = (await (await page.request.get(`${shop.url}/api/catalog/products/by-slug/tilapia`)).json()) as {
      product: { id: string };
    };
    const variantsOf = async () =>
      ((await (await page.request.get(`${shop.url}/api/admin/products/${tilapia.product.id}/variants`)).json()) as Variants).variants;
    const LARGE = 'Large, Scaled & gutted';
    const before = await variantsOf();
    const stockBefore = before.find((v) => v.name === LARGE)!.stock;

    await page.goto(`${shop.url}/admin/products/${tilapia.product.id}`);
    const variants = page.getByRole('table', { name: /^Variants with their price/ });
    await variants.waitFor();
    await page.getByLabel(`Price (KES) of ${LARGE}`, { exact: true }).fill('1400');
    await page.getByRole('button', { name: `Save ${LARGE}` }).click();
    await toast(`${LARGE} saved.`).waitFor();

    await page.getByRole('button', { name: `Stock of ${LARGE}` }).click();
    const form = page.getByRole('form', { name: `Adjust stock of ${LARGE}` });
    await form.getByLabel('Change').selectOption('restock');
    await form.getByLabel('Quantity').fill('4');
    await form.getByLabel('Reason').fill('Evening catch');
    await form.getByRole('button', { name: 'Record change' }).click();
    await toast(`Stock is now ${stockBefore + 4}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The order of a kind's values is the order the shop offers them: Filleted up, then back down.
    const preparations = page.getByRole('list', { name: 'Values of Preparation' }).getByRole('listitem');
    const order = async () => (await preparations.locator('summary').allTextContents()).map((t) => t.replace('(rename)', '').trim());
    expect(await order()).toEqual(['Whole', 'Scaled & gutted', 'Filleted']);
    expect(await page.getByRole('button', { name: 'Move Filleted down' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move Filleted up' }).click();
    await toast('Filleted moved up.').waitFor();
    await expect.poll(order).toEqual(['Whole', 'Filleted', 'Scaled & gutted']);
    await page.getByRole('button', { name: 'Move Filleted down' }).click();
    await toast('Filleted moved down.').waitFor();
    await expect.poll(order).toEqual(['Whole', 'Scaled & gutted', 'Filleted']);

    // Only that variant changed: its price and stock; every other variant is as it was.
    const after = await variantsOf();
    for (const v of after) {
      const was = before.find((b) => b.name === v.name)!;
      expect(v).toEqual(v.name === LARGE ? { ...was, priceCents: 140_000, stock: stockBefore + 4 } : was);
    }
  });

  it('keeps a fish sold by the kilo in kg: the switch beside the price per kg, its stock and ledger in kg', async () => {
    const product = await newProduct('Kilo Catfish (by weight)', 0, false);
    const api = (path: string, method: 'POST' | 'PUT', data: unknown) =>
      page.request.fetch(`${shop.url}/api/admin/products/${product.id}${path}`, { method, headers: { Origin: shop.url }, data });
    const options = await api('/options', 'POST', {
      options: [{ name: 'Size', values: ['Medium', 'Large'] }],
      variants: [
        { values: ['Medium'], priceCents: 95_000, stock: 4, weightGrams: 500, sku: null },
        { values: ['Large'], priceCents: 133_000, stock: 3, weightGrams: 700, sku: null },
      ],
    });
    expect(options.status(), await options.text()).toBe(201);
    expect((await api('/price-per-kg', 'PUT', { pricePerKgCents: 190_000 })).status()).toBe(200);

    await page.goto(`${shop.url}/admin/products/${product.id}`);
    const unit = page.getByRole('form', { name: 'Stock kept' });
    await unit.getByLabel('Stock kept').selectOption('kg');
    await unit.getByRole('button', { name: 'Change stock unit' }).click();
    await toast('Stock is now kept in kg.').waitFor();
    const variants = page.getByRole('table', { name: /^Variants with their price/ });
    await variants.getByText('2.1 kg').waitFor(); // 3 × 700 g
    await variants.getByText('2 kg').waitFor(); // 4 × 500 g

    await page.getByRole('button', { name: 'Stock of Large' }).click();
    const form = page.getByRole('form', { name: 'Adjust stock of Large' });
    await form.getByLabel('Quantity (kg)').fill('1.2345');
    await form.getByLabel('Reason').fill('Weighed the evening catch');
    await form.getByRole('button', { name: 'Record change' }).click();
    await form.getByText('Enter the change in kg with at most 3 decimals, other than 0, e.g. 2.5 or -0.75').waitFor();
    await form.getByLabel('Quantity (kg)').fill('2.5');
    await form.getByRole('button', { name: 'Record change' }).click();
    await toast('Stock is now 4.6 kg (4,600 g).').waitFor();
    await page.getByTestId('current-stock').getByText('4.6 kg (4,600 g)').waitFor();
    const rows = page.getByRole('table', { name: 'Stock history, newest first' }).getByRole('row');
    await rows.nth(1).getByText('+2.5 kg').waitFor();
    expect((await rows.nth(1).getByRole('cell').allInnerTexts()).slice(1, 4)).toEqual(['Restock', '+2.5 kg', '4.6 kg']);
    await variants.getByText('6 whole pieces').waitFor(); // 4.6 kg of 700 g fish
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fulfils a paid order to delivered, and the customer sees each step on /orders', async () => {
    const product = await newProduct('Sun-dried Omena (2 kg)', 20);
    const rider = { building: 'Muthithi House, 3rd floor', directions: 'Green gate next to the chemist. Call when at the gate.' };
    const order = await placeOrder(shop, customer, product, 2, rider);
    await choose(order.iframeUrl, 'card');
    // The orders list says where to deliver, with the customer's directions for the rider.
    await page.goto(`${shop.url}/admin/orders`);
    const row = page.getByRole('row').filter({ hasText: `Order #${order.orderId.slice(0, 8)}` });
    await row.getByText(rider.building).waitFor();
    await row.getByText(`Rider: ${rider.directions}`).waitFor();
    await checkBackOfficeScreen(page, 'Orders');
    await openOrder(order.orderId);
    // The same maps as the rider's: Google Maps directions to the customer's point.
    const directions = page.getByRole('link', { name: 'Directions in Google Maps' });
    expect(await directions.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await page.getByText(rider.building, { exact: true }).waitFor();
    await page.getByText(rider.directions, { exact: true }).waitFor();
    expect(await page.getByText(/^\+25\**678$/).count()).toBe(1); // the payment's phone, masked
    expect(await axeViolations(page)).toEqual([]);
    await checkBackOfficeScreen(page, `Order #${shortOrderId(order.orderId)}`);

    const customerOrders = await customer.context.newPage();
    const steps = customerOrders.locator(`[data-order-id="${order.orderId}"]`).getByRole('list', { name: 'Delivery progress' });
    // A paid order starts at 'Paid'; the merchant's steps read in the customer's words beside them.
    await customerOrders.goto(`${shop.url}/orders`);
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('Paid');
    for (const [button, step, customerStep] of [
      ['Mark processing', 'Processing', 'Being prepared'],
      ['Mark out for delivery', 'Out for delivery', 'Out for delivery'],
      ['Mark delivered', 'Delivered', 'Delivered'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      if (step !== 'Processing') {
        // Final steps ask first: the customer sees them at once and they cannot be undone.
        const confirm = page.getByRole('dialog', { name: `${button}?` });
        await confirm.getByText('cannot be undone', { exact: false }).waitFor();
        await confirm.getByRole('button', { name: button }).click();
        await confirm.waitFor({ state: 'detached' });
      }
      await toast(`Order marked ${step.toLowerCase()}.`).waitFor();
      await customerOrders.goto(`${shop.url}/orders`);
      expect(await steps.locator('[aria-current="step"]').innerText()).toContain(customerStep);
    }
    await page.getByRole('button', { name: 'Mark delivered' }).waitFor({ state: 'detached' });

    // Delivered goods are not on the shelf: the refund says so and leaves stock alone.
    const stockNow = () => stockOf(product.id);
    const stockBefore = await stockNow();
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this paid order and refund it?' });
    await dialog
      .getByText('The order is delivered, so its items are not put back into stock: adjust stock by hand if they come back.')
      .waitFor();
    await dialog.getByLabel('Reason').fill('Two packs arrived spoiled');
    // Pesapal accepts the refund, but its notice that the money went back is held back for now.
    await setSwitches({ dropIpn: true });
    try {
      await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
      await toast('Stock was not changed: the goods had left the shop.').waitFor();
    } finally {
      await setSwitches({ dropIpn: false });
    }
    expect(await stockNow()).toBe(stockBefore);
    expect(await page.getByText(/^Stock put back/).count()).toBe(0);

    // The customer sees why it was cancelled and the refund, not the delivery steps: requested
    // until Pesapal confirms the money went back.
    await customerOrders.goto(`${shop.url}/orders`);
    const card = customerOrders.locator(`[data-order-id="${order.orderId}"]`);
    expect(await card.getByTestId('order-status').innerText()).toBe('Cancelled');
    await card.getByText('Reason: Two packs arrived spoiled').waitFor();
    await card.getByText(/^Refund of KES [\d,.]+ requested/).waitFor();
    expect(await card.getByTestId('order-progress').innerText()).toBe('Refund requested');
    expect(await card.getByRole('list', { name: 'Delivery progress' }).count()).toBe(0);
    expect(await axeViolations(customerOrders)).toEqual([]);

    // The merchant asks Pesapal, which says the payment was reversed: now the customer reads 'Refunded'.
    await page.getByRole('button', { name: 'Check payment status now' }).click();
    await toast('Payment status updated from Pesapal.').waitFor();
    await customerOrders.goto(`${shop.url}/orders`);
    await card.getByText(/^Refunded: KES [\d,.]+ was returned/).waitFor();
    expect(await card.getByTestId('order-progress').innerText()).toBe('Refunded');
    await customerOrders.close();
  });

  it('cancels a paid order: the refund is requested from Pesapal and its outcome recorded', async () => {
    const product = await newProduct('Sun-dried Omena (3 kg)', 20);
    const order = await placeOrder(shop, customer, product, 1);
    await choose(order.iframeUrl, 'card');
    await openOrder(order.orderId);

    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    let dialog = page.getByRole('dialog', { name: 'Cancel this paid order and refund it?' });
    await dialog.waitFor();
    // Escape reaches the dialog once it has taken focus (Radix moves it there after mounting).
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the dialog.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel and refund');

    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    dialog = page.getByRole('dialog', { name: 'Cancel this paid order and refund it?' });
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await dialog.getByText('Give a reason for cancelling (the customer may see it)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('Customer moved the delivery to next week');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    const total = await page.getByTestId('order-total').innerText();
    await toast(`Order cancelled. A refund of ${total} was requested from Pesapal.`).waitFor();

    const refund = page.getByTestId('refund');
    await refund.waitFor();
    expect(await refund.innerText()).toContain(`${total} — accepted by Pesapal: Refund request successfully`);
    expect(await refund.innerText()).toContain('Customer moved the delivery to next week');
    await page.getByRole('status').filter({ hasText: 'Customer moved the delivery to next week' }).waitFor();
    await page.getByText(`Stock put back: ${product.name} +1`).waitFor();
    await page.getByRole('button', { name: 'Cancel and refund' }).waitFor({ state: 'detached' });
  });

  it('refunds part of a paid order through Pesapal, then a second part by M-Pesa by hand, recorded with its code', async () => {
    const product = await newProduct('Sun-dried Omena (5 kg)', 20);
    const order = await placeOrder(shop, customer, product, 2);
    await choose(order.iframeUrl, 'card');
    await openOrder(order.orderId);
    const lineName = product.name;

    const refundPart = async (amount: string, reason: string) => {
      await page.getByRole('button', { name: 'Refund part of this order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund part of this order' });
      await dialog.waitFor();
      await dialog.getByLabel(lineName, { exact: true }).check();
      await dialog.getByLabel(`Amount for ${lineName} (KES)`).fill(amount);
      await dialog.getByLabel('Reason').fill(reason);
      expect(await axeViolations(page)).toEqual([]);
      // Sent from the keyboard: Enter in the amount submits the form.
      await dialog.getByLabel(`Amount for ${lineName} (KES)`).press('Enter');
      await dialog.waitFor({ state: 'detached' });
    };

    await refundPart('95', 'One bag was short');
    await toast("Pesapal accepted the refund of KES 95.00; the money moves once it is approved in Pesapal's dashboard.").waitFor();
    await page.getByTestId('partial-refund-outcome').waitFor();
    // The browser journeys' Pesapal approves at once: the refund is made, and shown so.
    await page.getByTestId('refund-standing').filter({ hasText: 'Refunded by Pesapal' }).waitFor();
    await page.getByTestId('order-total-after-refunds').waitFor();

    // Pesapal makes one refund per payment: the second is the owner's to send by M-Pesa.
    await refundPart('5', 'A bag was torn');
    await toast(/Refund KES 5\.00 by M-Pesa by hand and record its code\.$/).waitFor();
    await page.getByRole('status').filter({ hasText: 'Refund KES 5.00 by M-Pesa by hand and record its code.' }).first().waitFor();
    const record = page.getByRole('form', { name: 'Record the M-Pesa refund of KES 5.00' });
    await record.getByLabel('M-Pesa code').fill('qgh7xk2p1l');
    expect(await axeViolations(page)).toEqual([]);
    await record.getByLabel('M-Pesa code').press('Enter');
    await toast('Recorded: KES 5.00 refunded by M-Pesa (QGH7XK2P1L).').waitFor();
    await page.getByTestId('refund-standing').filter({ hasText: 'Refunded by hand by M-Pesa (code QGH7XK2P1L)' }).waitFor();
    await record.waitFor({ state: 'detached' });
  });

  it('refunds the extra payment of an order paid twice, then marks the order resolved', async () => {
    const product = await newProduct('Sun-dried Omena (4 kg)', 20);
    const order = await placeOrder(shop, customer, product, 1);
    // The customer pays, but Pesapal's notification never arrives and the shop still shows the
    // payment pending, so they start again from the shop and pay a second time.
    await setSwitches({ dropIpn: true });
    try {
      await choose(order.iframeUrl, 'card');
    } finally {
      await setSwitches({ dropIpn: false });
    }
    const retry = await customer.context.request.post(`${shop.url}/api/payments/orders/${order.orderId}/retry`, {
      headers: { Origin: shop.url },
    });
    expect(retry.status(), await retry.text()).toBe(200);
    const { iframeUrl: secondPage } = (await retry.json()) as { iframeUrl: string };
    await choose(secondPage, 'card');

    await openOrder(order.orderId);
    const stockBefore = await stockOf(product.id);
    await page.getByRole('button', { name: 'Check payment status now' }).click();
    await toast('Payment status updated from Pesapal.').waitFor();
    const warning = page.getByRole('status').filter({ hasText: 'Needs attention' });
    await warning.getByText(/completed for an order that was already completed/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Only the payment the order does not need can be refunded on its own.
    expect(await page.getByRole('button', { name: 'Refund this payment' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Refund this payment' }).click();
    const refundDialog = page.getByRole('dialog', { name: /^Refund KES [\d,.]+ \(.+\)\?$/ });
    await refundDialog.getByText('The order is not cancelled and no stock changes.', { exact: false }).waitFor();
    await refundDialog.getByLabel('Reason').fill('Paid twice: second payment returned');
    await refundDialog.getByRole('button', { name: 'Refund this payment' }).click();
    await toast(/^A refund of KES [\d,.]+ was requested from Pesapal\.$/).waitFor();
    await page
      .getByTestId('refund')
      .filter({ hasText: 'accepted by Pesapal' })
      .filter({ hasText: 'Paid twice: second payment returned' })
      .waitFor();
    await page.getByRole('button', { name: 'Refund this payment' }).waitFor({ state: 'detached' });
    // The order stays paid and nothing went back on the shelf.
    await page.getByRole('button', { name: 'Cancel and refund' }).waitFor();
    expect(await stockOf(product.id)).toBe(stockBefore);

    await warning.getByRole('button', { name: 'Mark resolved' }).click();
    const resolveDialog = page.getByRole('dialog', { name: 'Mark this order resolved?' });
    await resolveDialog.getByLabel('How was it resolved?').fill('Second payment refunded; customer told by phone');
    await resolveDialog.getByRole('button', { name: 'Mark resolved' }).click();
    await toast('Marked resolved.').waitFor();
    await warning.waitFor({ state: 'detached' });
    await page.goto(`${shop.url}/admin/audit`);
    await page
      .getByText(/Second payment refunded; customer told by phone/)
      .first()
      .waitFor();
  });

  it('publishes a page and a blog post that then appear in the storefront', async () => {
    await page.goto(`${shop.url}/admin/pages/new`);
    await page.getByLabel('Title').fill('Wholesale Orders');
    await page.getByLabel('Meta description').fill('Fish and chicken for hotels, schools and restaurants in Nairobi.');
    await page
      .getByLabel('Content (HTML)')
      .fill('<h2>For hotels and schools</h2><p>Order 20 kg or more a week.</p><script>alert(1)</script>');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('preview-body');
    await preview.getByRole('heading', { name: 'For hotels and schools' }).waitFor();
    expect(await preview.innerHTML()).not.toContain('script');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wholesale Orders' }).waitFor();
    await checkBackOfficeScreen(page, 'Wholesale Orders');
    await page.getByRole('button', { name: 'Publish' }).click();
    await toast('Published at /wholesale-orders.').waitFor();

    const visitor = await browser.newPage();
    await eventually(visitor, `${shop.url}/wholesale-orders`, () =>
      visitor.getByRole('heading', { level: 1, name: 'Wholesale Orders' }).waitFor({ timeout: 3000 }),
    );
    await visitor.getByRole('heading', { name: 'For hotels and schools' }).waitFor();
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Wholesale Orders' }).waitFor();

    await page.goto(`${shop.url}/admin/posts/new`);
    await checkBackOfficeScreen(page, 'New post');
    await page.getByLabel('Title').fill('Omena Season Is Here');
    await page.getByLabel('Text').fill('The long rains bring the omena shoals close to shore.\n\nFry them crisp with onions & tomatoes.');
    await page.getByLabel('Publish now').check();
    await page.getByRole('button', { name: 'Create post' }).click();
    await toast('Post created.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Omena Season Is Here' }).waitFor();

    await eventually(visitor, `${shop.url}/blog/omena-season-is-here`, () =>
      visitor.getByRole('heading', { level: 1, name: 'Omena Season Is Here' }).waitFor({ timeout: 3000 }),
    );
    await visitor.getByText('Fry them crisp with onions & tomatoes.').waitFor();
    await eventually(visitor, `${shop.url}/blog`, () =>
      visitor
        .getByRole('link', { name: /Omena Season Is Here/ })
        .first()
        .waitFor({ timeout: 3000 }),
    );
    await visitor.close();
  });

  it('writes every change to the audit log, which can be filtered', async () => {
    // Two refunds of paid orders, by an admin whose changes no other test makes: the log filtered to
    // that admin holds exactly these.
    const bookkeeper = await createCustomer(shop, smtp, browser, 'Wambui Books', BOOKKEEPER_EMAIL);
    const product = await newProduct('Sun-dried Omena (5 kg)', 20);
    for (const reason of ['Customer moved away', 'Ordered by mistake']) {
      const order = await placeOrder(shop, customer, product, 1);
      await choose(order.iframeUrl, 'card');
      const cancelled = await bookkeeper.context.request.post(`${shop.url}/api/admin/orders/${order.orderId}/cancel`, {
        headers: { Origin: shop.url },
        data: { reason },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    const session = (await (await bookkeeper.context.request.get(`${shop.url}/api/account/session`)).json()) as { user: { id: string } };

    await page.goto(`${shop.url}/admin/audit?userId=${session.user.id}`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.waitFor();
    await checkBackOfficeScreen(page, 'Audit log');
    await page.getByLabel('Action', { exact: true }).selectOption('ORDER_REFUND');
    await page.waitForURL(/action=ORDER_REFUND/);
    // The two refunds, once the filtered list has arrived.
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
    expect(await table.getByRole('cell', { name: 'ORDER_REFUND' }).count()).toBe(2);
    expect(await table.innerText()).toContain(BOOKKEEPER_EMAIL);
    // Each refunded order opens from its row; details read as words, not JSON.
    expect(await table.getByRole('link').count()).toBe(2);
    expect(await table.innerText()).toContain('accepted: true');
    // The refunded amount, kept in cents, reads as KES.
    expect(await table.innerText()).toMatch(/amount: KES \d[\d,]*\.\d\d/);
    expect(await axeViolations(page)).toEqual([]);

    // A range typed the wrong way round is explained under the field and not applied.
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.waitForURL(/to=2026-01-01/);
    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByText('From must be on or before To').waitFor();
    expect(page.url()).not.toContain('from=');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('From', { exact: true }).fill('');

    // Customers' own payment views are hidden unless asked for.
    await page.getByLabel('Action', { exact: true }).selectOption('');
    await page.getByLabel("Customers' payment views").selectOption('show');
    await page.waitForURL(/reads=show/);
  });

  it('works from the keyboard: skip link, search, open a product, record a stock change', async () => {
    const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);
    /** Presses Tab until `target` has the focus (at most 60 times), as someone without a mouse would. */
    async function tabTo(target: ReturnType<Page['locator']>) {
      for (let i = 0; i < 60; i += 1) {
        if (await focused(target)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('the element never got the focus');
    }
    const product = await newProduct('Dried Dagaa (250 g)', 9, false);
    await page.goto(`${shop.url}/admin/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page.getByRole('link', { name: 'Skip to content' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'admin-main');

    await tabTo(page.getByLabel('Search products'));
    await page.keyboard.type('Dagaa');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=Dagaa/);
    const link = page.getByRole('link', { name: product.name });
    await tabTo(link);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    const form = page.getByRole('form', { name: 'Adjust stock' });
    const before = Number(await page.getByTestId('current-stock').innerText());
    await tabTo(form.getByLabel('Quantity'));
    await page.keyboard.type('4');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Evening catch');
    await page.keyboard.press('Enter');
    await toast(`Stock is now ${before + 4}.`).waitFor();
  });

  describe('every other screen loads, has one h1, fits a tablet held upright and is axe clean', () => {
    // The screens no other test opens (the others are checked where a test has them open). One
    // test a screen, so a slow machine gives each its own time.
    let customerId = '';
    beforeAll(async () => {
      const found = (await (await page.request.get(`${shop.url}/api/admin/customers?q=${encodeURIComponent(customer.email)}`)).json()) as {
        items: { id: string }[];
      };
      customerId = found.items[0]?.id ?? '';
    });
    const screens: [string, () => string, string][] = [
      ['a customer', () => `/admin/customers/${customerId}`, 'Otieno Buyer'],
      ['blog posts', () => '/admin/posts', 'Blog posts'],
      ['pages', () => '/admin/pages', 'Pages'],
      ['newsletter', () => '/admin/newsletter', 'Newsletter'],
      ['tax invoices', () => '/admin/tax-invoices', 'Tax invoices'],
      ['deliveries', () => '/admin/deliveries', 'Deliveries'],
      ['staff and riders', () => '/admin/staff', 'Staff and riders'],
      ['an unknown screen', () => '/admin/no-such-screen', 'Page Not Found'],
    ];
    it.each(screens)('%s', async (_name, path, title) => {
      await page.goto(shop.url + path());
      await checkBackOfficeScreen(page, title);
    });

    it("the customers list dates read like every other back-office date ('5 Mar 2025, 14:05')", async () => {
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.goto(`${shop.url}/admin/customers`);
      await checkBackOfficeScreen(page, 'Customers');
      const joined = await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).getByRole('cell').last().innerText();
      expect(joined).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    });
  });

  it('edits the shop details, and the contact page and footer show them', async () => {
    await page.goto(`${shop.url}/admin/shop-details`);
    await page.getByRole('heading', { level: 1, name: 'Shop details' }).waitFor();
    await checkBackOfficeScreen(page, 'Shop details');
    // Until the merchant fills them in, the page says what customers do not see.
    const notice = page.getByRole('status').filter({ hasText: 'Not shown to customers yet' });
    expect(await notice.innerText()).toContain(
      'Customers do not see these until you fill them in: Phone, WhatsApp number, Facebook page, Instagram page, X (Twitter) page.',
    );
    const phone = page.getByLabel('Phone (optional)');
    await phone.fill('12');
    await page.getByRole('button', { name: 'Save shop details' }).click();
    await page.getByText('Please enter a valid phone number (e.g., +254 700 000 000)').first().waitFor();
    await phone.fill('0722 123 456');
    await page.getByLabel('WhatsApp number (optional)').fill('0733 555 111');
    await page.getByLabel('Facebook page (optional)').fill('https://www.facebook.com/lakevictoriaaquaculture');
    await page.getByLabel('X (Twitter) page (optional)').fill('https://x.com/lva_kenya');
    await page.getByRole('button', { name: 'Save shop details' }).click();
    await toast('Shop details saved. Customers see them now.').waitFor();
    await notice.filter({ hasText: 'fill them in: Instagram page.' }).waitFor();

    const visitor = await browser.newPage();
    await eventually(visitor, `${shop.url}/contact`, () =>
      visitor.getByRole('main').getByRole('link', { name: '+254 722 123 456' }).waitFor({ timeout: 2_000 }),
    );
    expect(await visitor.getByRole('main').getByRole('link', { name: '+254 722 123 456' }).getAttribute('href')).toBe('tel:+254722123456');
    const footer = visitor.getByRole('contentinfo');
    await footer.getByRole('link', { name: '+254 722 123 456' }).waitFor();
    expect(await footer.getByRole('list', { name: 'Social links' }).getByRole('link').allTextContents()).toEqual([
      'Facebook',
      'X (Twitter)',
    ]);

    // 'Chat on WhatsApp' opens the shop's chat with a first message naming the product.
    const chat = visitor.getByRole('link', { name: 'Chat on WhatsApp (opens in a new tab)' });
    await eventually(visitor, `${shop.url}/shop/fresh-whole-tilapia`, () => chat.waitFor({ timeout: 2_000 }));
    expect(await chat.getAttribute('href')).toBe(
      `https://wa.me/254733555111?text=${encodeURIComponent('Hello, I have a question about Fresh Whole Tilapia (1 kg).')}`,
    );
    await visitor.close();
  });

  it('opens an unread message from the Unread view, and it stays there to be read', async () => {
    const contact = async (subject: string, message: string) => {
      const sent = await fetch(`${shop.url}/api/content/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: shop.url },
        body: JSON.stringify({ name: 'Wanjiru Hotelier', email: 'wanjiru@example.co.ke', subject, message }),
      });
      expect(sent.status).toBe(201);
    };
    await contact('Weekly tilapia order', 'Can you deliver 40 kg every Monday?');
    await contact('Kienyeji chicken prices', 'What do ten birds cost?');
    await page.goto(`${shop.url}/admin/messages?state=unread`);
    const item = page.getByRole('listitem').filter({ hasText: 'Weekly tilapia order' });
    await item.waitFor();
    await checkBackOfficeScreen(page, 'Messages');
    await item.getByRole('button', { name: 'Read', exact: true }).click();
    const text = item.getByText('Can you deliver 40 kg every Monday?');
    await text.waitFor();
    // Marked read on the server, yet still shown here (a refetch of the Unread list would drop it;
    // the refetch below, after another is marked read, shows it stays).
    await item.getByRole('button', { name: 'Mark unread' }).waitFor();
    const stored = (await (await page.request.get(`${shop.url}/api/admin/messages?state=unread`)).json()) as {
      items: { subject: string }[];
    };
    expect(stored.items.map((m) => m.subject)).not.toContain('Weekly tilapia order');

    // Marking another one read refetches the Unread list: that one leaves, the opened one stays.
    const other = page.getByRole('listitem').filter({ hasText: 'Kienyeji chicken prices' });
    await other.getByRole('button', { name: 'Mark read' }).click();
    await other.waitFor({ state: 'detached' });
    expect(await text.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A new view starts from the server's list: the read message is no longer in Unread.
    await page.getByLabel('Show', { exact: true }).selectOption('');
    await page.getByLabel('Show', { exact: true }).selectOption('unread');
    await page.waitForURL(/state=unread/);
    await item.waitFor({ state: 'detached' });
  });

  it('takes a page number past the end to the last page, not to an empty list', async () => {
    await page.goto(`${shop.url}/admin/products?page=9`);
    // The address is corrected to the last page.
    await page.waitForURL((url) => url.searchParams.get('page') !== '9');
    await page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1).waitFor();
    await checkBackOfficeScreen(page, 'Products');
    expect(await page.getByText('No products match').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Product pages' })
      .getByText(/^Showing \d+–\d+ of \d+$/)
      .waitFor();
  });

  it('explains a backwards date range in an order link under the field, without asking the server', async () => {
    const listRequests: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/api/admin/orders?')) listRequests.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(`${shop.url}/admin/orders?from=2026-02-01&to=2026-01-01`);
    await page.getByText('From must be on or before To').waitFor();
    await page.getByText('Fix the filters above to see the orders.').waitFor();
    expect(await page.getByText('Could not load the orders').count()).toBe(0);
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // Putting it right loads the list.
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.waitForURL(/to=2026-03-01/);
    await page.getByText('From must be on or before To').waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.body.innerText.includes('Fix the filters above'));
    page.off('request', onRequest);
    expect(listRequests.some((u) => u.includes('to=2026-01-01'))).toBe(false);
    expect(listRequests.some((u) => u.includes('to=2026-03-01'))).toBe(true);
  });

  it('asks before removing a delivery zone, a bad distance clears the last fee, and the origin is sent as numbers', async () => {
    await page.goto(`${shop.url}/admin/delivery`);
    const zones = page.getByRole('form', { name: 'Delivery zones' });
    const zoneCount = () => zones.getByRole('group').count();
    await zones.getByRole('group').first().waitFor();
    await checkBackOfficeScreen(page, 'Delivery');
    const before = await zoneCount();
    await zones.getByRole('button', { name: `Remove zone ${before}` }).click();
    let dialog = page.getByRole('dialog', { name: `Remove zone ${before}?` });
    await dialog.getByText('Checkout keeps the saved zones until you press Save zones', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Radix lifts aria-hidden from the page a moment after the dialog leaves, so count once it has.
    await expect.poll(zoneCount).toBe(before);
    await zones.getByRole('button', { name: `Remove zone ${before}` }).click();
    dialog = page.getByRole('dialog', { name: `Remove zone ${before}?` });
    await dialog.getByRole('button', { name: 'Remove zone' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(zoneCount).toBe(before - 1);
    // Focus does not fall back to the top of the page with the removed row.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Add zone');

    // Fees are typed in KES and travel as integer cents.
    await zones.getByLabel('Base fee (KES)').first().fill('65.50');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/delivery/zones');
    await zones.getByRole('button', { name: 'Save zones' }).click();
    const sent = (await saved).postDataJSON() as { zones: unknown[] };
    expect(sent.zones).toHaveLength(before - 1);
    expect(sent.zones[0]).toEqual({
      id: expect.any(String),
      name: 'Zone 1 - Local Area',
      minKm: 0,
      maxKm: 5,
      baseFeeCents: 6550,
      perKmRateCents: 500,
      estimatedMinutes: 25,
      active: true,
      // No minimum order until the owner chooses one for the zone.
      smallOrderRule: 'none',
      minimumOrderCents: 0,
      smallOrderFeeCents: 0,
      // Nor pay on delivery until the owner offers it there.
      payOnDelivery: 'off',
    });
    await toast('Delivery zones saved. Checkout uses them from now on.').waitFor();

    const preview = page.getByRole('form', { name: 'Fee preview' });
    const answer = preview.locator('[aria-live="polite"]');
    await preview.getByLabel('Distance (km)').fill('3');
    await preview.getByRole('button', { name: 'Show fee' }).click();
    await answer.getByText('KES 80.50').waitFor(); // 65.50 + 3 km × 5.00
    await preview.getByLabel('Distance (km)').fill('far');
    await preview.getByRole('button', { name: 'Show fee' }).click();
    expect(await preview.getByLabel('Distance (km)').getAttribute('aria-invalid')).toBe('true');
    expect((await answer.innerText()).trim()).toBe('');

    // The origin's coordinates are typed as text and travel as numbers; an empty one is not 0.
    const origin = page.getByRole('form', { name: 'Shop origin' });
    const lat = await origin.getByLabel('Latitude').inputValue();
    const lng = await origin.getByLabel('Longitude').inputValue();
    const label = await origin.getByLabel('Description').inputValue();
    await origin.getByLabel('Latitude').fill('');
    await origin.getByRole('button', { name: 'Save origin' }).click();
    await origin.getByText('Latitude must be a number from -90 to 90').waitFor();
    await origin.getByLabel('Latitude').fill(` ${lat} `);
    const originSaved = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/delivery/origin');
    await origin.getByRole('button', { name: 'Save origin' }).click();
    expect((await originSaved).postDataJSON()).toEqual({ lat: Number(lat), lng: Number(lng), label });
    await toast('Origin saved. Delivery distances are measured from here now.').waitFor();
  });

  it('says an unknown order is not found, with the way back instead of Try again', async () => {
    for (const id of ['not-an-order', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`${shop.url}/admin/orders/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  });

  it('a list page past the end goes to the last page instead of looking empty', async () => {
    await page.goto(`${shop.url}/admin/products?page=99`);
    await page.waitForURL((url) => url.searchParams.get('page') !== '99');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(1); // the header and the last page's products
    expect(await page.getByText('No products match').count()).toBe(0);
  });

  it('signs out from the back office header, back to the shop', async () => {
    // A session of its own: signing out ends it, not the one the other tests use.
    const context = await browser.newContext({ viewport: TABLET_LANDSCAPE });
    const signIn = await context.request.post(`${shop.url}/api/account/sign-in`, {
      data: { email: ADMIN_EMAIL, password: PASSWORD },
      headers: { Origin: shop.url },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const own = await context.newPage();
    await own.goto(`${shop.url}/admin`);
    await own.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await own.waitForURL(`${shop.url}/`);
    await toastOn(own, 'Signed out successfully!').waitFor();
    expect((await own.request.get(`${shop.url}/api/admin/dashboard`)).status()).toBe(401);
    await context.close();
  });
});
