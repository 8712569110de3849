// Shared set-up for the packing tests: a shop that sells its tilapia by the kilo (KES 1,900/kg, so
// Large, Scaled & gutted, about 700 g, is KES 1,330) and a farm chicken at KES 850, a staff member
// who packs, and paid orders placed through checkout.
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deliverySlot } from '../../src/domain/delivery-slot';
import type { TaxBand } from '../../src/domain/tax-bands';
import {
  orderDeliveryWindows,
  orderItems,
  orders,
  outboundMail,
  outboundSms,
  paymentRefunds,
  paymentTransactions,
  products,
  productVariants,
  refundLines,
  taxInvoices,
} from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import type { SimulatorOutcome } from '../../src/server/dev/pesapal/pesapal-simulator';
import { variantNames } from '../../src/server/features/inventory/variant-names';
import { createUser, type TestUser } from '../support/test-app';
import type { DbKind } from '../support/test-database';
import { createShop, customer, orderBody, payOnSimulator, postOrder, type Shop } from './checkout-support';

export interface PackingShop extends Shop {
  owner: TestUser;
  packer: TestUser;
  buyer: TestUser;
  tilapiaId: string;
  chickenId: string;
  /** Variant ids by name: 'Large, Scaled & gutted', 'Whole broiler' … */
  variants: Record<string, string>;
}

export async function createPackingShop(kind: DbKind, opts: { pricesIncludeVat: boolean; chickenBand?: TaxBand }): Promise<PackingShop> {
  const shop = await createShop(kind);
  const owner = await createUser(shop, { role: 'owner', name: 'Amina Owner' });
  const packer = await createUser(shop, { role: 'staff', name: 'Wanjiku Packer' });
  const buyer = await customer(shop);
  const [tilapia] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'tilapia'));
  const [chicken] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'farm-chicken'));
  const asOwner = (path: string, json: unknown, method = 'PUT') =>
    shop.request(`/api/admin${path}`, { method, json, cookie: owner.cookie });
  if (opts.pricesIncludeVat) expect((await asOwner('/shop-details/prices-include-vat', { on: true })).status).toBe(200);
  expect((await asOwner(`/products/${tilapia!.id}/price-per-kg`, { pricePerKgCents: 190_000 })).status).toBe(200);
  if (opts.chickenBand) await shop.ctx.db.update(products).set({ taxBand: opts.chickenBand }).where(eq(products.id, chicken!.id));
  const rows = await shop.ctx.db.select().from(productVariants);
  const names = await variantNames(shop.ctx.db, rows);
  const variants = Object.fromEntries(
    rows.filter((r) => r.productId === tilapia!.id || r.productId === chicken!.id).map((r) => [names.get(r.id) ?? '', r.id]),
  );
  const whole = variants['Whole broiler']!;
  // Enough of both for every order a file places (the seed has a handful).
  for (const id of [variants['Large, Scaled & gutted']!, whole]) {
    await shop.ctx.db.update(productVariants).set({ stock: 60 }).where(eq(productVariants.id, id));
  }
  expect((await asOwner(`/products/${chicken!.id}/variants/${whole}`, { priceCents: 85_000 }, 'PATCH')).status).toBe(200);
  return Object.assign(shop, { owner, packer, buyer, tilapiaId: tilapia!.id, chickenId: chicken!.id, variants });
}

/** A paid order of a Large tilapia and a whole chicken (by default), with the customer's choices and notes. */
export async function paidOrder(
  shop: PackingShop,
  lines?: { productId: string; variantId: string; quantity: number; ifUnavailable?: string; note?: string }[],
  how: SimulatorOutcome = 'card',
): Promise<string> {
  const items = lines ?? [
    {
      productId: shop.tilapiaId,
      variantId: shop.variants['Large, Scaled & gutted']!,
      quantity: 1,
      ifUnavailable: 'similar',
      note: 'no head',
    },
    { productId: shop.chickenId, variantId: shop.variants['Whole broiler']!, quantity: 1, ifUnavailable: 'remove' },
  ];
  const { status, json } = await postOrder(
    shop,
    shop.buyer,
    orderBody(items, { idempotencyKey: `key-${crypto.randomUUID()}`, note: 'Ring the bell twice' }),
  );
  expect(status, JSON.stringify(json)).toBe(200);
  await payOnSimulator(shop, new URL(json.iframeUrl!).searchParams.get('OrderTrackingId')!, how);
  await shop.sim.idle();
  const [row] = await shop.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, json.orderId!));
  expect(row?.status).toBe('completed');
  return json.orderId!;
}

/** The day and window the order is packed in, as the deliveries screen groups it. */
export async function slotOf(shop: Shop, orderId: string): Promise<{ day: string; slot: string }> {
  const [o] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const [w] = await shop.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, orderId));
  const slot = deliverySlot({
    paidAt: o!.paidAt ?? o!.createdAt,
    estimatedDeliveryMins: o!.estimatedDeliveryMins,
    window: w ? { date: w.deliveryDate, startMinute: w.startMinute, endMinute: w.endMinute } : null,
  });
  return { day: slot.day, slot: slot.group };
}

export const asStaff = (shop: PackingShop, path: string, init: { method?: string; json?: unknown } = {}, who = shop.packer) =>
  shop.request(`/api/admin/packing${path}`, { ...init, cookie: who.cookie });

export async function smsOf(shop: Shop, orderId: string, step: string) {
  return shop.ctx.db
    .select()
    .from(outboundSms)
    .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, step)));
}

export async function mailOf(shop: Shop, orderId: string, key: string) {
  return shop.ctx.db
    .select()
    .from(outboundMail)
    .where(eq(outboundMail.dedupeKey, `${orderId}:${key}`));
}

/** The order's packing refund (there is at most one) and its lines by product name. */
export async function packingRefundOf(shop: Shop, orderId: string) {
  const rows = await shop.ctx.db
    .select({ refund: paymentRefunds })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentRefunds.source, 'packing')));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.refund ?? null;
}

/** The refund's lines as [product, amount, band, units back], sorted. */
export async function refundLinesOf(shop: Shop, refundId: string) {
  const rows = await shop.ctx.db
    .select({ line: refundLines, name: orderItems.productName })
    .from(refundLines)
    .leftJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(eq(refundLines.refundId, refundId));
  return rows.map((r) => [r.name, r.line.amount, r.line.taxBand, r.line.restockQuantity]).sort();
}

export async function trackingOf(shop: Shop, orderId: string): Promise<string> {
  const [row] = await shop.ctx.db.select({ trackingId: orders.pesapalTransactionId }).from(orders).where(eq(orders.id, orderId));
  return row!.trackingId!;
}

/** How many RefundRequests have reached the Pesapal simulator (compare before and after). */
export const refundRequests = (shop: Shop) => shop.sim.state.requestLog.filter((r) => r.op === 'RefundRequest').length;

/** The merchant approves the waiting refund in Pesapal's dashboard; Pesapal notifies the shop; KRA hears of it. */
export async function approveRefund(shop: Shop, orderId: string) {
  shop.clock.advance(IPN_REPEAT_WINDOW_MS);
  expect(await shop.sim.decideRefund(await trackingOf(shop, orderId), 'approve')).toMatchObject({ ok: true });
  await shop.sim.idle();
  await taxInvoicesIdle(shop.ctx);
}

/** The order's credit notes, each with what it credits as [band, amount] sorted, from what was sent to KRA. */
export async function creditNotesOf(shop: Shop, orderId: string) {
  await taxInvoicesIdle(shop.ctx);
  const rows = await shop.ctx.db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'credit_note')))
    .orderBy(asc(taxInvoices.number));
  return rows.map((t) => {
    const request = t.request as { itemList?: { taxTyCd: string; totAmt: number }[] } | null;
    const credited = (request?.itemList ?? []).map((l) => [l.taxTyCd, Math.round(l.totAmt * 100)]).sort();
    return { refundId: t.refundId, total: t.total, status: t.status, credited };
  });
}
