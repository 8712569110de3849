// The receipt of a paid order (print view and PDF): the owner and an admin can open it, another
// customer cannot learn the order exists, and it lists what was bought with the totals; the
// customer's first one is the original and every later one says COPY; A4 or an 80 mm strip.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems, outboundMail } from '../../src/server/db/schema';
import { TAX_INVOICE_PENDING } from '../../src/server/features/orders/receipt-content';
import { RECEIPT_NOT_PAID } from '../../src/server/features/orders/receipt.service';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { saveShopDetails } from '../../src/server/features/content/shop-details.service';
import { DEFAULT_SHOP_DETAILS } from '../../src/domain/shop-details';
import { lineTexts, MM_IN_POINTS, readPdf } from '../support/pdf-reader';
import { dbKinds } from '../support/test-database';
import { createUser, type TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  payOnSimulator,
  postOrder,
  placePaidOrderAttempt,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('order receipts on %s', (kind) => {
  let shop: Shop;
  let owner: TestUser;
  let orderId: string;
  let productName: string;

  beforeEach(async () => {
    shop = await createShop(kind);
    // KRA is out of reach for these tests, so every receipt here is the one before KRA signs the
    // sale ('Tax invoice pending'); the signed block is tests/integration/etims-invoices.test.ts's.
    shop.ctx.integrations.etimsSimulator!.switches.mode = 'down';
    owner = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    productName = tilapia.name;
    const placed = await placePaidOrderAttempt(shop, owner, [{ productId: tilapia.id, quantity: 3 }]);
    orderId = placed.orderId;
    await payOnSimulator(shop, placed.trackingId, 'card');
  });
  afterEach(async () => {
    // KRA back, the queued invoices go out before the database closes.
    shop.ctx.integrations.etimsSimulator!.reset();
    await taxInvoicesIdle(shop.ctx);
    await disposeShop(shop);
  });

  const open = (path: string, user?: TestUser) => shop.request(path, user ? { cookie: user.cookie } : {});
  const kes = (cents: number) => `KES ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const pdfText = async (res: Response) => (await readPdf(new Uint8Array(await res.arrayBuffer()))).flatMap((p) => lineTexts(p));
  const issuedAt = async (id = orderId) => (await orderRow(shop, id)).receiptIssuedAt;
  const pdfIssuedAt = async (id = orderId) => (await orderRow(shop, id)).receiptPdfIssuedAt;

  it('opens for the owner with the shop, the order number, the lines, VAT, fee, total and the Pesapal code', async () => {
    await saveShopDetails(
      shop.ctx.db,
      { userId: owner.id, email: owner.email, ip: null, at: shop.ctx.now() },
      {
        ...DEFAULT_SHOP_DETAILS,
        address: 'Mombasa Road, Nairobi',
        phone: '+254 711 000 111',
      },
    );
    const res = await open(`/api/orders/${orderId}/receipt`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const order = await orderRow(shop, orderId);
    const [payment] = await transactionsOf(shop, orderId);
    expect(html).toContain(`Receipt for order #${orderId.slice(0, 8)}`);
    expect(html).toContain('Mombasa Road, Nairobi');
    expect(html).toContain('+254 711 000 111');
    expect(html).toContain(productName);
    expect(html).toMatch(/<td class="n">3<\/td>/);
    expect(html).toContain('VAT (16%)');
    expect(html).toContain(kes(order.vat));
    expect(html).toContain(kes(order.totalAmount));
    expect(html).toContain('Delivery fee');
    expect(html).toContain('(Nairobi time)');
    expect(payment!.confirmationCode).toBeTruthy();
    expect(html).toContain(payment!.confirmationCode!);
    expect(html).toContain(order.deliveryAddress);
  });

  it('the PDF carries the shop, the order number, the lines and the totals as text', async () => {
    const res = await open(`/api/orders/${orderId}/receipt.pdf`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${orderId.slice(0, 8)}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const [page, ...more] = await readPdf(bytes);
    expect(more).toEqual([]);
    expect(page!.width).toBeCloseTo(595.28, 1);
    const text = lineTexts(page!);
    const order = await orderRow(shop, orderId);
    const [item] = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(text).toContain(`Receipt for order #${orderId.slice(0, 8)}`);
    expect(text).toContain(`Customer | ${order.customerName}`);
    expect(text).toContain(`${productName} | 3 | ${kes(item!.unitPrice)} | ${kes(item!.lineTotal)}`);
    expect(text).toContain(`Subtotal | ${kes(order.subtotal)}`);
    expect(text).toContain(`VAT (16%) | ${kes(order.vat)}`);
    expect(text).toContain(`Total paid | ${kes(order.totalAmount)}`);
    expect(text).toContain(`B | 16% | ${kes(order.subtotal)} | ${kes(order.vat)}`);
    expect(text).toContain(TAX_INVOICE_PENDING);
  });

  it('is 404 for another customer, opens for an admin, and sends a signed-out reader to sign in', async () => {
    const stranger = await customer(shop);
    for (const path of [`/api/orders/${orderId}/receipt`, `/api/orders/${orderId}/receipt.pdf`]) {
      const res = await open(path, stranger);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(productName);
    }
    const admin = await createUser(shop, { role: 'owner' });
    expect((await open(`/api/orders/${orderId}/receipt`, admin)).status).toBe(200);
    const signedOut = await open(`/api/orders/${orderId}/receipt`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/orders');
  });

  it('answers an unpaid order and a bad id with a clear message, never a 500', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const unpaid = await placePaidOrderAttempt(shop, owner, [{ productId: tilapia.id, quantity: 1 }]);
    const res = await open(`/api/orders/${unpaid.orderId}/receipt`, owner);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(RECEIPT_NOT_PAID);
    const bad = await open('/api/orders/not-an-id/receipt.pdf', owner);
    expect(bad.status).toBe(400);
  });

  it('the confirmation mail links to the receipt', async () => {
    const rows = await shop.ctx.db.select().from(outboundMail);
    const confirmation = rows.find((m) => m.subject.includes(orderId.slice(0, 8)));
    expect(confirmation?.text).toContain(`/api/orders/${orderId}/receipt`);
    expect(confirmation?.html).toContain('Download receipt');
  });
  const pdfPath = () => `/api/orders/${orderId}/receipt.pdf`;

  it('shows the tax summary from what the order stores and says the tax invoice is pending, in the print view too', async () => {
    const order = await orderRow(shop, orderId);
    const html = await (await open(`/api/orders/${orderId}/receipt`, owner)).text();
    expect(html).toContain(`<td>B</td><td class="n">16%</td><td class="n">${kes(order.subtotal)}</td><td class="n">${kes(order.vat)}</td>`);
    expect(html).toContain(`<p class="pending">${TAX_INVOICE_PENDING}</p>`);
    expect(html).not.toContain('CU ID');
  });

  it("the customer's first PDF is the original and is recorded; every later PDF says COPY", async () => {
    expect(await pdfIssuedAt()).toBeNull();
    const firstAt = shop.clock.now();
    expect(await pdfText(await open(pdfPath(), owner))).not.toContain('COPY');
    expect(await pdfIssuedAt()).toEqual(firstAt);
    shop.clock.advance(60_000);
    expect(await pdfText(await open(pdfPath(), owner))).toContain('COPY');
    expect(await pdfText(await open(`${pdfPath()}?format=80mm`, owner))).toContain('COPY');
    expect(await pdfIssuedAt()).toEqual(firstAt);
  });

  it('the print view has its own original: printing first leaves the PDF an original, and each second one says COPY', async () => {
    expect(await (await open(`/api/orders/${orderId}/receipt`, owner)).text()).not.toContain('class="copy"');
    expect(await issuedAt()).not.toBeNull();
    expect(await pdfIssuedAt()).toBeNull();
    expect(await pdfText(await open(pdfPath(), owner))).not.toContain('COPY');
    expect(await (await open(`/api/orders/${orderId}/receipt`, owner)).text()).toContain('<p class="copy">COPY</p>');
    expect(await pdfText(await open(pdfPath(), owner))).toContain('COPY');
  });

  it('with no shop phone the header shows the mail alone, without a stray separator', async () => {
    await saveShopDetails(
      shop.ctx.db,
      { userId: owner.id, email: owner.email, ip: null, at: shop.ctx.now() },
      { ...DEFAULT_SHOP_DETAILS, phone: '', email: 'info@example.co.ke' },
    );
    const html = await (await open(`/api/orders/${orderId}/receipt`, owner)).text();
    expect(html).toContain('<br>info@example.co.ke</p>');
    expect(html).not.toContain('· info@example.co.ke');
    const lines = await pdfText(await open(pdfPath(), owner));
    expect(lines).toContain('info@example.co.ke');
    expect(lines.some((l) => l.includes('| info@example.co.ke'))).toBe(false);
  });

  it("the back office's receipt is a copy and leaves the original to the customer", async () => {
    const admin = await createUser(shop, { role: 'owner' });
    expect(await pdfText(await open(pdfPath(), admin))).toContain('COPY');
    expect(await (await open(`/api/orders/${orderId}/receipt`, admin)).text()).toContain('<p class="copy">COPY</p>');
    expect(await issuedAt()).toBeNull();
    expect(await pdfIssuedAt()).toBeNull();
    expect(await pdfText(await open(pdfPath(), owner))).not.toContain('COPY');
  });

  it('two first downloads at once give one original and one copy', async () => {
    const texts = await Promise.all([open(pdfPath(), owner), open(pdfPath(), owner)].map(async (res) => pdfText(await res)));
    expect(texts.map((t) => t.includes('COPY')).sort()).toEqual([false, true]);
  });

  it('?format=80mm gives the receipt on a strip 80 mm wide; an unknown format is refused and issues nothing', async () => {
    const bad = await open(`${pdfPath()}?format=letter`, owner);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('Unknown receipt format: use a4 or 80mm.');
    expect(await pdfIssuedAt()).toBeNull();

    const res = await open(`${pdfPath()}?format=80mm`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${orderId.slice(0, 8)}-80mm.pdf"`);
    const pages = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width / MM_IN_POINTS).toBeCloseTo(80, 2);
    const order = await orderRow(shop, orderId);
    const [item] = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const text = lineTexts(pages[0]!);
    expect(text).toContain(productName);
    expect(text).toContain(`3 × ${kes(item!.unitPrice)} | ${kes(item!.lineTotal)}`);
    expect(text).toContain(`Total paid | ${kes(order.totalAmount)}`);
    expect(text).toContain(TAX_INVOICE_PENDING);
    expect(text).not.toContain('COPY');
  });

  it('prints a Kikuyu name as the customer wrote it, in the PDF and the print view', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const body = orderBody([{ productId: tilapia.id, quantity: 1 }], { idempotencyKey: `key-${crypto.randomUUID()}` });
    const placed = await postOrder(shop, owner, { ...body, customerInfo: { ...body.customerInfo, fullName: 'Wanjirũ Kamau' } });
    expect(placed.status).toBe(200);
    await payOnSimulator(shop, new URL(placed.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    const id = placed.json.orderId!;
    expect(await pdfText(await open(`/api/orders/${id}/receipt.pdf`, owner))).toContain('Customer | Wanjirũ Kamau');
    expect(await (await open(`/api/orders/${id}/receipt`, owner)).text()).toContain('<dt>Customer</dt><dd>Wanjirũ Kamau</dd>');
  });
});
