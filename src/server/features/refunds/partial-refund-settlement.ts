// A partial refund is made: Pesapal's sign that it made it (payments/payment-status.service.ts) or the
// owner's M-Pesa code (partial-refund.service.ts). In the caller's transaction, under the order's row
// lock, and once (a conditional update: a second notice or recording finds it made): its goods go
// back as its lines say, its credit note credits exactly its lines, the order's flag to refund by
// hand goes, and the customer is told of a merchant's refund (packing told them already). The order
// goes on: it stays paid.
import { and, eq } from 'drizzle-orm';
import { manualRefundReason, withoutAttention } from '@/domain/partial-refund';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, paymentRefunds, refundLines } from '../../db/schema';
import { writeAudit } from '../../infra/audit-log';
import { queueOrderUpdate, type QueuedOrderUpdate } from '../orders/order-updates.service';
import { restockRefundLines } from '../orders/refund-restock';
import { queueCreditNote } from '../tax-invoices/tax-invoice-queue';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

export type RefundMade = { by: 'pesapal' } | { by: 'manual'; mpesaCode: string; actorUserId: string };

/** Marks a waiting refund made; false when it was not waiting any more. */
export async function markRefundMade(tx: Tx, refund: RefundRow, made: RefundMade, at: Date): Promise<boolean> {
  const [settled] = await tx
    .update(paymentRefunds)
    .set({
      status: 'refunded',
      settledAt: at,
      nextCheckAt: null,
      ...(made.by === 'manual' ? { method: 'manual' as const, mpesaCode: made.mpesaCode, accepted: false } : {}),
    })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, made.by === 'manual' ? 'manual_needed' : 'requested')))
    .returning({ id: paymentRefunds.id });
  return settled !== undefined;
}

/** The order's flag to refund by hand, gone once the refund is made (its other flags stay). */
export async function clearManualFlag(tx: Tx, order: Pick<OrderRow, 'id' | 'attentionReason'>, amountCents: number, at: Date) {
  const reason = manualRefundReason(amountCents);
  if (!order.attentionReason?.split(' Also: ').includes(reason)) return;
  const left = withoutAttention(order.attentionReason, reason);
  await tx
    .update(orders)
    .set({ needsAttention: left !== null, attentionReason: left, updatedAt: at })
    .where(eq(orders.id, order.id));
}

/** Records the partial refund made, with all it entails; null when it was made already. */
export async function settlePartialRefund(
  ctx: ServerContext,
  tx: Tx,
  order: OrderRow,
  refund: RefundRow,
  made: RefundMade,
  at: Date,
): Promise<QueuedOrderUpdate | null> {
  if (refund.kind !== 'partial') throw new Error('settlePartialRefund settles partial refunds only');
  if (!(await markRefundMade(tx, refund, made, at))) return null;
  const lines = await tx.select().from(refundLines).where(eq(refundLines.refundId, refund.id));
  const actorUserId = made.by === 'manual' ? made.actorUserId : refund.requestedBy;
  // Variants first, then the invoice counter, as every writer takes them (tax-invoice-queue.ts).
  const restockedLines = await restockRefundLines(
    tx,
    { id: refund.id, orderId: order.id, remarks: refund.remarks },
    lines,
    actorUserId,
    at,
  );
  const taxInvoiceId = await queueCreditNote(ctx, tx, order.id, refund.id, at);
  await clearManualFlag(tx, order, refund.amount, at);
  await writeAudit(tx, {
    userId: made.by === 'manual' ? made.actorUserId : null,
    action: 'ORDER_PART_REFUNDED',
    tableName: 'orders',
    recordId: order.id,
    details: {
      refundId: refund.id,
      amountCents: refund.amount,
      method: made.by,
      ...(made.by === 'manual' ? { mpesaCode: made.mpesaCode } : {}),
      source: refund.source,
      restockedLines,
    },
  });
  // Packing's own message already told the customer what would come back.
  const told =
    refund.source === 'merchant'
      ? await queueOrderUpdate(ctx, tx, order.id, 'part_refunded', { amountCents: refund.amount, key: refund.id, reason: refund.remarks })
      : null;
  if (!told && !taxInvoiceId) return null;
  return { ...(told ?? { orderId: order.id, smsId: null, mailId: null }), ...(taxInvoiceId ? { taxInvoiceId } : {}) };
}
