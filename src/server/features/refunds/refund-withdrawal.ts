// 'Withdraw this refund': the owner decides not to pay a refund Pesapal would not make and that was
// left to be sent by M-Pesa by hand (decision 061). Only such a refund ('manual_needed') is withdrawn:
// no money has moved and no credit note was queued for it (a credit note is queued only when a refund
// is made), so nothing goes to KRA and nothing comes back on the shelf. The refund stops holding money,
// so reports, the dashboard and the order pages never count it, and what it held of each line may be
// refunded again later. The order's flag to refund it by hand goes; a whole refund the order was
// waiting for (after 'Cancel and refund') leaves it paid again, as a rejected refund does.
import { and, eq, ne } from 'drizzle-orm';
import { formatKES, type Cents } from '@/domain/money';
import { manualRefundReason, withoutAttention } from '@/domain/partial-refund';
import type { ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import { orders, paymentRefunds, paymentTransactions } from '../../db/schema';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { transitionOrder } from '../orders/order-transitions';
import { lockedManualRefund } from './manual-refund-row';

const WITHDRAW_MESSAGES = {
  notFound: 'Refund not found',
  notManual: {
    refused: 'Pesapal did not accept this refund request: there is nothing to withdraw.',
    requested: 'This refund is waiting for Pesapal: only a refund left to be made by hand can be withdrawn.',
    refunded: 'This refund has been made already: it cannot be withdrawn.',
    rejected: 'This refund was rejected at Pesapal: there is nothing to withdraw.',
    withdrawn: 'This refund was withdrawn already.',
  },
  done: (amount: string) => `Refund of ${amount} withdrawn: no money is sent and no credit note goes to KRA.`,
  donePaidAgain: (amount: string) => `Refund of ${amount} withdrawn: the order is paid again.`,
} as const;

export interface RefundWithdrawal {
  status: 'withdrawn';
  refundId: string;
  amountCents: Cents;
  /** The order's status after: a whole refund the order waited for leaves it paid ('completed'). */
  orderStatus: string;
  message: string;
}

/** The owner withdraws a refund left to be made by hand; the reason is kept on the refund and in the audit log. */
export async function withdrawRefund(
  ctx: ServerContext,
  actor: AdminActor,
  input: { orderId: string; refundId: string; reason: string },
): Promise<RefundWithdrawal> {
  // Every refund writer holds this lock: a withdrawal never crosses a refund being claimed or recorded.
  return ctx.database.withLock(LOCKS.adminOrderCancel, () =>
    ctx.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, input.orderId);
      const found = await lockedManualRefund(tx, order.id, input.refundId, WITHDRAW_MESSAGES);
      const { refund } = found;
      const at = actor.at;
      await tx
        .update(paymentRefunds)
        .set({ status: 'withdrawn', settledAt: at, nextCheckAt: null, message: `Withdrawn by the owner: ${input.reason}` })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'manual_needed')));
      // Another refund of the same amount still to be made by hand keeps the same words on the flag.
      const [twin] = await tx
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
        .where(
          and(
            eq(paymentTransactions.orderId, order.id),
            eq(paymentRefunds.status, 'manual_needed'),
            eq(paymentRefunds.amount, refund.amount),
            ne(paymentRefunds.id, refund.id),
          ),
        );
      const attentionReason = twin ? order.attentionReason : withoutAttention(order.attentionReason, manualRefundReason(refund.amount));
      const flag = { needsAttention: attentionReason !== null, attentionReason };
      // 'Cancel and refund' left the order waiting for this refund: without it, the order is paid again.
      const paidAgain = refund.kind === 'whole' && order.status === 'refund_requested' && order.pesapalTransactionId === found.trackingId;
      if (paidAgain) {
        await transitionOrder(ctx, tx, { order, event: 'refund_rejected', at, set: { cancelledReason: null, ...flag } });
      } else if (attentionReason !== order.attentionReason) {
        await tx
          .update(orders)
          .set({ ...flag, updatedAt: at })
          .where(eq(orders.id, order.id));
      }
      await auditAdmin(tx, actor, {
        action: 'REFUND_WITHDRAWN',
        tableName: 'orders',
        recordId: order.id,
        details: {
          refundId: refund.id,
          transactionId: refund.transactionId,
          amountCents: refund.amount,
          kind: refund.kind,
          source: refund.source,
          note: input.reason,
          orderPaidAgain: paidAgain,
        },
      });
      const amount = formatKES(refund.amount);
      return {
        status: 'withdrawn' as const,
        refundId: refund.id,
        amountCents: refund.amount,
        orderStatus: paidAgain ? 'completed' : order.status,
        message: paidAgain ? WITHDRAW_MESSAGES.donePaidAgain(amount) : WITHDRAW_MESSAGES.done(amount),
      };
    }),
  );
}
