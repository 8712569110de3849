// The receipt of a paid order (print view and PDF): the owner and an admin can open it, another
// customer cannot learn the order exists, and it lists what was bought with the totals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboundMail } from '../../src/server/db/schema';
import { RECEIPT_NOT_PAID } from '../../src/server/features/orders/receipt.service';
import { saveShopDetails } from '../../src/server/features/content/shop-details.service';
import { DEFAULT_SHOP_DETAILS } from '../../src/domain/shop-details';
import { DB_KINDS } from '../support/test-database';
import { createUser, type TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(DB_KINDS)('order receipts on %s', (kind) => {
  let shop: Shop;
  let owner: TestUser;
  let orderId: string;
  let productName: string;

  beforeEach(async () => {
    shop = await createShop(kind);
    owner = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    productName = tilapia.name;
    const placed = await placePaidOrderAttempt(shop, owner, [{ productId: tilapia.id, quantity: 3 }]);
    orderId = placed.orderId;
    await payOnSimulator(shop, placed.trackingId, 'card');
  });
  afterEach(() => disposeShop(shop));

  const open = (path: string, user?: TestUser) => shop.request(path, user ? { cookie: user.cookie } : {});

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
    const kes = (cents: number) => `KES ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(html).toContain(kes(order.vat));
    expect(html).toContain(kes(order.totalAmount));
    expect(html).toContain('Delivery fee');
    expect(html).toContain('(Nairobi time)');
    expect(payment!.confirmationCode).toBeTruthy();
    expect(html).toContain(payment!.confirmationCode!);
    expect(html).toContain(order.deliveryAddress);
  });

  it('the PDF starts with %PDF and carries the order number and total', async () => {
    const res = await open(`/api/orders/${orderId}/receipt.pdf`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${orderId.slice(0, 8)}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`#${orderId.slice(0, 8)}`);
    const total = (await orderRow(shop, orderId)).totalAmount;
    expect(text).toContain(`KES ${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // PDF string literals escape their parentheses.
    expect(text).toContain(`(${productName.replace(/[()\\]/g, '\\$&')})`);
    // The cross-reference table points at each object.
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  });

  it('is 404 for another customer, opens for an admin, and sends a signed-out reader to sign in', async () => {
    const stranger = await customer(shop);
    for (const path of [`/api/orders/${orderId}/receipt`, `/api/orders/${orderId}/receipt.pdf`]) {
      const res = await open(path, stranger);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(productName);
    }
    const admin = await createUser(shop, { role: 'admin' });
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
});
