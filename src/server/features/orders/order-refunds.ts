// An order's refunds with their lines, and what is left to refund of each of its lines: what the
// customer paid for it (the same gross the sale's tax invoice declared, order-invoice-lines.ts) less
// what the refunds holding money give back for it (decision 049). Read under the order's row lock
// before a refund is written, and by the pages that show the order.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { refundableCents } from '@/domain/mobile-money-rounding';
import type { Cents } from '@/domain/money';
import { holdsMoney, type RefundableLine } from '@/domain/partial-refund';
import type { PaymentRefundFact } from '@/domain/pesapal-refunds';
import type { DbOrTx } from '../../db/client';
import type { orders } from '../../db/schema';
import { orderItems, orderTaxBands, paymentRefunds, paymentTransactions, refundLines, stockMovements } from '../../db/schema';
import { orderInvoiceLines } from '../tax-invoices/order-invoice-lines';
import { settlingPaymentId } from './admin-refund-request';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
type RefundLineRow = typeof refundLines.$inferSelect;

export interface RefundWithLines {
  refund: RefundRow;
  lines: RefundLineRow[];
}

/** The delivery fee's name on refund lines, messages and credit notes. */
export const DELIVERY_FEE_NAME = 'Delivery fee';

export interface OrderRefundState {
  /** Every refund of the order's payments, oldest first, with its lines. */
  refunds: RefundWithLines[];
  /** The payment that pays for the order (completed or sent for a refund); null when none does. */
  payment: PaymentRow | null;
  /** What that payment collected (its amount less mobile-money rounding). */
  collectedCents: Cents;
  /** What is left of it after its refunds that hold money. */
  paymentLeftCents: Cents;
  /** Its refunds, as Pesapal's rules read them. */
  paymentRefunds: PaymentRefundFact[];
  /** The order's lines, then its delivery fee (when it has one), each with what is left to refund. */
  lines: RefundableLine[];
}

/** The refunds of the given payments, oldest first, each with its lines. */
export async function refundsWithLines(db: DbOrTx, transactionIds: readonly string[]): Promise<RefundWithLines[]> {
  if (transactionIds.length === 0) return [];
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.transactionId, [...transactionIds]))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  if (refunds.length === 0) return [];
  const lines = await db
    .select()
    .from(refundLines)
    .where(
      inArray(
        refundLines.refundId,
        refunds.map((r) => r.id),
      ),
    );
  return refunds.map((refund) => ({ refund, lines: lines.filter((l) => l.refundId === refund.id) }));
}

/** What a refund credits the order: its lines (a refund from before lines were kept: its amount). */
export function creditedCents({ refund, lines }: RefundWithLines): Cents {
  return lines.length === 0 ? refund.amount : lines.reduce((sum, l) => sum + l.amount, 0);
}

/**
 * What the refunds made gave back of the order: its own payment's refunds (a payment it did not need
 * was never part of its total), each as its credit note credits it. With no payment paying for the
 * order any more (refunded in full and cancelled), every refund but those of extra payments.
 */
export function orderRefundedCents(refunds: readonly RefundWithLines[], paymentId: string | null): Cents {
  return refunds
    .filter(
      (r) => r.refund.status === 'refunded' && (paymentId ? r.refund.transactionId === paymentId : r.refund.source !== 'extra_payment'),
    )
    .reduce((sum, r) => sum + creditedCents(r), 0);
}

export function refundFact(refund: RefundRow): PaymentRefundFact {
  return { id: refund.id, kind: refund.kind, status: refund.status, method: refund.method, amountCents: refund.amount };
}

export async function loadOrderRefundState(db: DbOrTx, order: OrderRow): Promise<OrderRefundState> {
  // One after another: within a transaction the queries share one connection.
  // In the order the sale's invoice lists them: VAT's shared cents go to the same lines.
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName));
  const bands = await db
    .select({ band: orderTaxBands.band, taxCents: orderTaxBands.taxAmount })
    .from(orderTaxBands)
    .where(eq(orderTaxBands.orderId, order.id));
  const payments = await db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
  const sold = await db
    .select({ variantId: stockMovements.variantId })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.kind, 'sale')));
  const refunds = await refundsWithLines(
    db,
    payments.map((p) => p.id),
  );
  const payment = payments.find((p) => p.id === settlingPaymentId(order, payments)) ?? null;
  const ofPayment = payment ? refunds.filter((r) => r.refund.transactionId === payment.id) : [];
  const holding = ofPayment.filter((r) => holdsMoney(r.refund.status));
  const collectedCents = payment ? refundableCents(payment.amount, payment.rounding) : 0;

  // As the sale's tax invoice declared each line (an order without bands: its VAT in B).
  if (bands.length === 0) bands.push({ band: 'B', taxCents: order.vat });
  const paid = orderInvoiceLines(order, items, new Map(bands.map((b) => [b.band, b.taxCents])));
  // A whole refund from before refunds kept lines gave back everything.
  const allGone = holding.some((r) => r.refund.kind === 'whole' && r.lines.length === 0);
  const heldLines = holding.flatMap((r) => r.lines);
  const refundedOf = (orderItemId: string | null, paidCents: Cents) =>
    allGone
      ? paidCents
      : heldLines
          .filter((l) => (orderItemId === null ? l.kind === 'delivery' : l.orderItemId === orderItemId))
          .reduce((sum, l) => sum + l.amount, 0);
  const soldVariants = new Set(sold.map((s) => s.variantId));

  const lines: RefundableLine[] = items.map((item, i) => {
    const paidCents = paid[i]?.grossCents ?? item.lineTotal;
    return {
      orderItemId: item.id,
      name: item.productName,
      band: item.taxBand,
      rateBp: item.taxRateBp,
      paidCents,
      refundedCents: refundedOf(item.id, paidCents),
      quantity: item.quantity,
      soldQuantity: soldVariants.has(item.variantId) ? item.quantity : 0,
      restockedQuantity: heldLines.filter((l) => l.orderItemId === item.id).reduce((sum, l) => sum + l.restockQuantity, 0),
    };
  });
  if (order.deliveryFee > 0) {
    const paidCents = paid[items.length]?.grossCents ?? order.deliveryFee;
    lines.push({
      orderItemId: null,
      name: DELIVERY_FEE_NAME,
      band: order.deliveryFeeTaxBand,
      rateBp: order.deliveryFeeTaxRateBp,
      paidCents,
      refundedCents: refundedOf(null, paidCents),
      quantity: 1,
      soldQuantity: 0,
      restockedQuantity: 0,
    });
  }
  return {
    refunds,
    payment,
    collectedCents,
    paymentLeftCents: collectedCents - holding.reduce((sum, r) => sum + r.refund.amount, 0),
    paymentRefunds: ofPayment.map((r) => refundFact(r.refund)),
    lines,
  };
}
