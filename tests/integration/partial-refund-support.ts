// Shared set-up for the partial-refund tests: a paid order of chosen lines, the back office's
// 'Refund part of this order' and 'Record the M-Pesa refund', and what the shop then holds.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  orderItems,
  outboundMail,
  outboundSms,
  paymentRefunds,
  paymentTransactions,
  products,
  refundLines,
  stockMovements,
} from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import type { SimulatorOutcome } from '../../src/server/dev/pesapal/pesapal-simulator';
import { payOnSimulator, placePaidOrderAttempt, productBySlug } from './checkout-support';
import type { TaxShop } from './etims-support';

export interface PaidOrder {
  orderId: string;
  trackingId: string;
  paymentId: string;
  /** The order's lines by product slug: their ids, as 'Refund part of this order' names them. */
  items: Record<string, { id: string; productId: string; quantity: number; lineTotal: number }>;
}

/** Places and pays an order of the given lines (default: 2 tilapia and 1 omena, under the free-delivery threshold). */
export async function paidOrder(
  shop: TaxShop,
  lines: { slug: string; quantity: number }[] = [
    { slug: 'fresh-whole-tilapia', quantity: 2 },
    { slug: 'omena-dagaa', quantity: 1 },
  ],
  how: SimulatorOutcome = 'card',
): Promise<PaidOrder> {
  const wanted = await Promise.all(lines.map(async (l) => ({ productId: (await productBySlug(shop, l.slug)).id, quantity: l.quantity })));
  const placed = await placePaidOrderAttempt(shop, shop.buyer, wanted);
  await payOnSimulator(shop, placed.trackingId, how);
  await shop.sim.idle();
  await taxInvoicesIdle(shop.ctx);
  const [payment] = await shop.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, placed.orderId));
  expect(payment?.status).toBe('COMPLETED');
  const rows = await shop.ctx.db
    .select({ item: orderItems, slug: products.slug })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, placed.orderId));
  const items = Object.fromEntries(
    rows.map((r) => [r.slug, { id: r.item.id, productId: r.item.productId, quantity: r.item.quantity, lineTotal: r.item.lineTotal }]),
  );
  return { orderId: placed.orderId, trackingId: placed.trackingId, paymentId: payment!.id, items };
}

export interface RefundLineBody {
  orderItemId: string | null;
  amountCents: number;
  restockQuantity: number;
}

export const refundPart = (shop: TaxShop, orderId: string, lines: RefundLineBody[], reason = 'Tilapia weighed less than ordered') =>
  shop.request(`/api/admin/orders/${orderId}/partial-refund`, { method: 'POST', cookie: shop.admin.cookie, json: { lines, reason } });

export const recordByHand = (shop: TaxShop, orderId: string, refundId: string, mpesaCode: string) =>
  shop.request(`/api/admin/orders/${orderId}/refunds/${refundId}/manual`, {
    method: 'POST',
    cookie: shop.admin.cookie,
    json: { mpesaCode },
  });

export const cancelAndRefund = (shop: TaxShop, orderId: string, reason = 'The customer cancelled') =>
  shop.request(`/api/admin/orders/${orderId}/cancel`, { method: 'POST', cookie: shop.admin.cookie, json: { reason } });

export async function errorOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: { message: string } }).error.message;
}

/** The merchant decides the payment's waiting refund in Pesapal's dashboard; Pesapal notifies the shop. */
export async function decideRefund(shop: TaxShop, trackingId: string, decision: 'approve' | 'reject' = 'approve') {
  shop.clock.advance(IPN_REPEAT_WINDOW_MS);
  expect(await shop.sim.decideRefund(trackingId, decision)).toMatchObject({ ok: true });
  await shop.sim.idle();
  await taxInvoicesIdle(shop.ctx);
}

export const refundsOf = (shop: TaxShop, paymentId: string) =>
  shop.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, paymentId)).orderBy(asc(paymentRefunds.createdAt));

export async function linesOf(shop: TaxShop, refundId: string) {
  return shop.ctx.db.select().from(refundLines).where(eq(refundLines.refundId, refundId));
}

export async function smsOf(shop: TaxShop, orderId: string, step: string) {
  return shop.ctx.db
    .select()
    .from(outboundSms)
    .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, step)));
}

export async function mailsOf(shop: TaxShop, orderId: string) {
  return shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId));
}

export async function restocksOf(shop: TaxShop, orderId: string) {
  return shop.ctx.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), inArray(stockMovements.kind, ['restock'])));
}

/** How many RefundRequests reached the simulator. */
export const refundRequests = (shop: TaxShop) => shop.sim.state.requestLog.filter((r) => r.op === 'RefundRequest').length;
