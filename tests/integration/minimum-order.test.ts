// A minimum order per delivery zone, or a small-order fee, as the owner chooses on the zones screen
// (audited). With a minimum, the server refuses an order below it with the message the cart shows,
// and nothing is held; with a fee, the fee is a line of the order's totals, taxed like the delivery
// fee, printed on the receipt and declared to KRA as the delivery service with each band exact.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, orderTaxBands, orders } from '../../src/server/db/schema';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { orderRow, payOnSimulator, postOrder, productBySlug, stockOf } from './checkout-support';
import { cents, createTaxShop, declared, disposeTaxShop, type TaxShop } from './etims-support';

/** Kitengela, from the offline gazetteer: about 33 km by road, the outer zone (Zone 5). */
const KITENGELA = { address: 'Kitengela, Kajiado County, Kenya', point: { lat: -1.476, lng: 36.961 } };
const OUTER_ZONE = 'Zone 5 - Extended Nairobi';

interface Zone {
  id: string;
  name: string;
  minKm: number;
  maxKm: number;
  baseFeeCents: number;
  perKmRateCents: number;
  estimatedMinutes: number;
  active: boolean;
  smallOrder?: { rule: string; minimumCents: number; feeCents: number };
}

describe.each(dbKinds(import.meta.url))('a minimum order per delivery zone on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const asOwner = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: shop.admin.cookie });

  /** Saves the zones as they are, with the outer zone's small-order rule set as given. */
  async function setOuterZone(smallOrder: { smallOrderRule: string; minimumOrderCents: number; smallOrderFeeCents: number }) {
    const { zones } = (await (await asOwner('/delivery')).json()) as { zones: Zone[] };
    return asOwner('/delivery/zones', {
      method: 'PUT',
      json: {
        zones: zones.map(({ smallOrder: current, ...z }) => ({
          ...z,
          smallOrderRule: current?.rule ?? 'none',
          minimumOrderCents: current?.minimumCents ?? 0,
          smallOrderFeeCents: current?.feeCents ?? 0,
          ...(z.name === OUTER_ZONE ? smallOrder : {}),
        })),
      },
    });
  }

  /** The buyer's order of omena (KES 450 each) to Kitengela. */
  async function orderOmena(quantity: number) {
    const omena = await productBySlug(shop, 'omena-dagaa');
    const { address, point } = KITENGELA;
    return postOrder(shop, shop.buyer, {
      items: [{ productId: omena.id, quantity }],
      customerInfo: { fullName: 'Achieng Otieno', email: shop.buyer.email, phone: '0712 345 678', address },
      deliveryInfo: { address, coordinates: point, placeToken: signPlace(shop.ctx.env.AUTH_SECRET ?? '', address, point) },
      idempotencyKey: `key-${crypto.randomUUID()}`,
    });
  }

  const ordersOfBuyer = async () => shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shop.buyer.id));

  it('has no minimum until the owner sets one: one omena to Kitengela is accepted with its delivery fee', async () => {
    const quote = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: KITENGELA.address, latitude: KITENGELA.point.lat, longitude: KITENGELA.point.lng },
    });
    expect(await quote.json()).toMatchObject({ zoneName: OUTER_ZONE, smallOrder: { rule: 'none', minimumCents: 0, feeCents: 0 } });
    const placed = await orderOmena(1);
    expect(placed.status).toBe(200);
    const order = await orderRow(shop, placed.json.orderId!);
    expect(order.smallOrderFee).toBe(0);
    expect(order.totalAmount).toBe(order.subtotal + order.vat + order.deliveryFee);
  });

  it("refuses an order below the zone's minimum with the amount to add, and holds nothing", async () => {
    const saved = await setOuterZone({ smallOrderRule: 'minimum', minimumOrderCents: 150_000, smallOrderFeeCents: 0 });
    expect(saved.status).toBe(200);
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'DELIVERY_ZONES_UPDATE'));
    expect(JSON.stringify(audit?.details)).toContain(`${OUTER_ZONE}: 25-50 km, 400.00 + 20.00/km, 90 min, minimum 1500.00`);
    const quote = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: KITENGELA.address, latitude: KITENGELA.point.lat, longitude: KITENGELA.point.lng },
    });
    expect(await quote.json()).toMatchObject({ smallOrder: { rule: 'minimum', minimumCents: 150_000 } });

    const omena = await productBySlug(shop, 'omena-dagaa');
    const refused = await orderOmena(1);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({
      code: 'BELOW_MINIMUM_ORDER',
      message: 'The minimum order for delivery to Kitengela is KES 1,500.00. Add KES 1,050.00 more to check out.',
    });
    expect(await ordersOfBuyer()).toEqual([]);
    expect(await stockOf(shop, omena.id)).toBe(omena.stock);

    // At the minimum it goes through.
    const enough = await orderOmena(4);
    expect(enough.status).toBe(200);
    expect((await orderRow(shop, enough.json.orderId!)).smallOrderFee).toBe(0);
  });

  it('refuses a rule without its amounts, changing nothing', async () => {
    const bad = await setOuterZone({ smallOrderRule: 'fee', minimumOrderCents: 150_000, smallOrderFeeCents: 0 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      `Zone "${OUTER_ZONE}": enter the small-order fee in KES, or choose Minimum order to refuse smaller orders`,
    );
    const unknownRule = await setOuterZone({ smallOrderRule: 'sometimes', minimumOrderCents: 150_000, smallOrderFeeCents: 0 });
    expect(unknownRule.status).toBe(400);
    const { zones } = (await (await asOwner('/delivery')).json()) as { zones: Zone[] };
    expect(zones.find((z) => z.name === OUTER_ZONE)?.smallOrder).toEqual({ rule: 'none', minimumCents: 0, feeCents: 0 });
    expect(await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'DELIVERY_ZONES_UPDATE'))).toEqual([]);
  });

  it('adds the small-order fee as a line taxed like the delivery fee, and declares it to KRA with every band exact', async () => {
    expect((await setOuterZone({ smallOrderRule: 'fee', minimumOrderCents: 150_000, smallOrderFeeCents: 10_000 })).status).toBe(200);
    // Delivery standard-rated, so the fees carry VAT beside the goods.
    expect((await asOwner('/delivery/fee-tax-band', { method: 'PUT', json: { band: 'B' } })).status).toBe(200);

    const placed = await orderOmena(1);
    expect(placed.status).toBe(200);
    const orderId = placed.json.orderId!;
    const order = await orderRow(shop, orderId);
    expect(order.smallOrderFee).toBe(10_000);
    expect(order.subtotal).toBe(45_000);
    expect(order.deliveryFeeTaxBand).toBe('B');
    // One band: goods, delivery and the fee, 16% once on their sum.
    const taxable = order.subtotal + order.deliveryFee + order.smallOrderFee;
    const [band, ...others] = await shop.ctx.db.select().from(orderTaxBands).where(eq(orderTaxBands.orderId, orderId));
    expect(others).toEqual([]);
    expect(band).toMatchObject({
      band: 'B',
      taxableAmount: taxable,
      taxAmount: Math.round(taxable * 0.16),
      totalAmount: order.totalAmount,
    });
    expect(order.totalAmount).toBe(taxable + order.vat);

    // The customer's order and receipt show the fee on a line of its own.
    const detail = (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as {
      smallOrderFeeCents: number;
    };
    expect(detail.smallOrderFeeCents).toBe(10_000);

    const [payment] = await shop.ctx.db.select({ tracking: orders.pesapalTransactionId }).from(orders).where(eq(orders.id, orderId));
    await payOnSimulator(shop, payment!.tracking!, 'card');
    await taxInvoicesIdle(shop.ctx);
    const receipt = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(receipt).toMatch(/Small-order fee<\/t[hd]>\s*<td[^>]*>KES 100\.00/);

    const [sale, ...more] = declared(shop);
    expect(more).toEqual([]);
    const req = sale!.request;
    expect(req.itemList.map((l) => [l.itemNm, l.qty, l.taxTyCd])).toEqual([
      ['Omena / Dagaa (500 g)', 1, 'B'],
      ['Delivery (Zone 5 - Extended Nairobi)', 1, 'B'],
      ['Small-order fee', 1, 'B'],
    ]);
    // The fee is the delivery service's item, and each band adds up to what the order was charged.
    expect(new Set(req.itemList.slice(1).map((l) => l.itemCd)).size).toBe(1);
    expect(cents(req.taxblAmtB)).toBe(band!.taxableAmount);
    expect(cents(req.taxAmtB)).toBe(band!.taxAmount);
    expect(req.itemList.reduce((sum, l) => sum + cents(l.taxAmt), 0)).toBe(band!.taxAmount);
    expect(req.itemList.reduce((sum, l) => sum + cents(l.totAmt), 0)).toBe(order.totalAmount);
    expect(cents(req.totAmt)).toBe(order.totalAmount);
    const [paid] = await shop.ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId)));
    expect(paid?.status).toBe('completed');
  });
});
