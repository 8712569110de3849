// Refunding one COMPLETED payment through Pesapal's RefundRequest, shared by "Cancel and refund" and
// "Refund this payment": which payment pays for an order, the call itself (outside any transaction,
// so a slow Pesapal never holds a row lock), and the payment_refunds row that records the outcome.
// Pesapal's "200" means the request was received: the refund is 'requested' until Pesapal reverses
// the payment or the refund is rejected (payments/refund-settlement.ts, decision 046).
import { and, eq, inArray } from 'drizzle-orm';
import { refundableCents } from '@/domain/mobile-money-rounding';
import type { Cents } from '@/domain/money';
import type { RefundStatus } from '@/domain/order-status';
import {
  MONEY_HOLDING_REFUND_STATUSES,
  type RefundKind,
  type RefundMethod,
  type RefundSource,
  type ResolvedRefundLine,
} from '@/domain/partial-refund';
import type { ServerContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { paymentRefunds, refundLines, type paymentTransactions } from '../../db/schema';
import { DomainError } from '../../errors';
import type { AdminActor } from '../../back-office/admin-access';

type Payment = typeof paymentTransactions.$inferSelect;

export const REFUND_MESSAGES = {
  pesapalUnreachable: 'Pesapal could not be reached. Please try again.',
} as const;

/**
 * The COMPLETED payment that pays for a completed order: the attempt orders.pesapal_transaction_id
 * names (the payments feature sets it when a payment completes the order), else the newest
 * COMPLETED one. Any other COMPLETED payment (paid twice, paid after a cancel) is extra money.
 */
export function settlingPaymentId(
  order: { status: string; pesapalTransactionId: string | null },
  payments: readonly Pick<Payment, 'id' | 'status' | 'pesapalTrackingId' | 'createdAt'>[],
): string | null {
  // Sent for a refund, the order is still paid by it until Pesapal reverses it.
  if (order.status !== 'completed' && order.status !== 'refund_requested') return null;
  const completed = payments.filter((p) => p.status === 'COMPLETED');
  const named = completed.find((p) => p.pesapalTrackingId !== null && p.pesapalTrackingId === order.pesapalTransactionId);
  const newest = completed.reduce<(typeof completed)[number] | undefined>((a, p) => (!a || p.createdAt > a.createdAt ? p : a), undefined);
  return (named ?? newest)?.id ?? null;
}

/**
 * A refund that holds money: waiting for Pesapal, waiting to be made by hand, or made. A refused or
 * rejected one leaves room for a new request.
 */
export const LIVE_REFUND_STATUSES: readonly RefundStatus[] = MONEY_HOLDING_REFUND_STATUSES;

/** Whether the payment has a whole refund holding money (partial ones leave the rest to refund). */
export async function hasLiveWholeRefund(db: DbOrTx, transactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.transactionId, transactionId),
        eq(paymentRefunds.kind, 'whole'),
        inArray(paymentRefunds.status, [...LIVE_REFUND_STATUSES]),
      ),
    );
  return row !== undefined;
}

export interface RefundAttempt {
  accepted: boolean;
  /** False when Pesapal could not be reached or its answer could not be read. */
  reached: boolean;
  message: string;
}

/** What refunding the payment gives back: all that was collected (an M-Pesa payment in whole shillings may be short of its amount). */
export function refundAmount(payment: Pick<Payment, 'amount' | 'rounding'>): number {
  return refundableCents(payment.amount, payment.rounding);
}

/**
 * Asks Pesapal to refund the payment (all it collected, unless an amount is given); never throws (an
 * unreachable Pesapal is an outcome too).
 */
export async function requestRefund(
  ctx: ServerContext,
  actor: Pick<AdminActor, 'email'>,
  payment: Pick<Payment, 'id' | 'orderId' | 'amount' | 'rounding'> & { confirmationCode: string },
  remarks: string,
  amountCents: Cents = refundAmount(payment),
): Promise<RefundAttempt> {
  try {
    const result = await ctx.integrations.pesapal.refund({
      confirmationCode: payment.confirmationCode,
      amount: amountCents / 100, // the client takes KES; cents / 100 has at most 2 decimals
      username: actor.email,
      remarks,
    });
    return { accepted: result.accepted, reached: true, message: result.message };
  } catch (err) {
    ctx.logger.warn({ err, orderId: payment.orderId, transactionId: payment.id }, 'pesapal: RefundRequest failed');
    return {
      accepted: false,
      reached: false,
      message: `Pesapal could not be reached (${err instanceof Error ? err.message : String(err)})`,
    };
  }
}

/** How long after the request reconciliation first asks Pesapal whether the refund went through. */
const FIRST_REFUND_CHECK_MS = 60_000;

/** A refund row and its lines, as one refund is recorded. */
export interface NewRefund {
  transactionId: string;
  amountCents: Cents;
  kind: RefundKind;
  source: RefundSource;
  remarks: string;
  status: RefundStatus;
  /** Pesapal's answer, or why Pesapal was not asked. */
  message: string | null;
  restock: boolean;
  lines: readonly ResolvedRefundLine[];
  /** Who is asked: Pesapal (the default), or M-Pesa for a reversal of an M-Pesa Express payment. */
  method?: Extract<RefundMethod, 'pesapal' | 'mpesa_reversal'>;
  /** When reconciliation first looks at a waiting refund (default: Pesapal is asked a minute after the request). */
  firstCheckAt?: Date;
}

/** Inserts a refund with its lines; returns its id. */
export async function insertRefund(tx: Tx, actor: Pick<AdminActor, 'userId' | 'at'>, refund: NewRefund): Promise<string> {
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      transactionId: refund.transactionId,
      amount: refund.amountCents,
      requestedBy: actor.userId,
      remarks: refund.remarks,
      accepted: refund.status === 'requested' || refund.status === 'refunded',
      message: refund.message,
      status: refund.status,
      kind: refund.kind,
      source: refund.source,
      restock: refund.restock,
      method: refund.method ?? 'pesapal',
      settledAt: refund.status === 'refunded' ? actor.at : null,
      nextCheckAt: refund.status === 'requested' ? (refund.firstCheckAt ?? new Date(actor.at.getTime() + FIRST_REFUND_CHECK_MS)) : null,
      // On the shop's clock, like the IPNs it is compared with (a notice after the request may be its outcome).
      createdAt: actor.at,
    })
    .returning({ id: paymentRefunds.id });
  if (!row) throw new Error('The refund was not recorded');
  if (refund.lines.length > 0) {
    await tx.insert(refundLines).values(
      refund.lines.map((l) => ({
        refundId: row.id,
        kind: l.kind,
        orderItemId: l.orderItemId,
        amount: l.amountCents,
        taxBand: l.band,
        taxRateBp: l.rateBp,
        restockQuantity: l.restockQuantity,
      })),
    );
  }
  return row.id;
}

/**
 * A whole refund's request as a payment_refunds row: 'refused' when Pesapal did not accept it, else
 * 'requested', or 'refunded' when Pesapal had already reversed the payment (its notice came first).
 * Returns its id.
 */
export async function recordRefund(
  tx: Tx,
  actor: AdminActor,
  payment: Pick<Payment, 'id' | 'amount' | 'rounding'>,
  remarks: string,
  attempt: RefundAttempt,
  opts: {
    alreadyReversed?: boolean;
    source: RefundSource;
    amountCents?: Cents;
    lines?: readonly ResolvedRefundLine[];
  },
): Promise<string> {
  const status: RefundStatus = !attempt.accepted ? 'refused' : opts.alreadyReversed ? 'refunded' : 'requested';
  return insertRefund(tx, actor, {
    transactionId: payment.id,
    amountCents: opts.amountCents ?? refundAmount(payment),
    kind: 'whole',
    source: opts.source,
    remarks,
    status,
    message: attempt.message,
    restock: opts.source === 'cancel',
    lines: opts.lines ?? [],
  });
}

/** What the merchant is told when a refund was not accepted (the attempt is recorded before this is thrown). */
export function refundRefused(attempt: RefundAttempt): DomainError {
  return new DomainError(
    'upstream_failed',
    'REFUND_REFUSED',
    attempt.reached ? `The refund was not accepted: ${attempt.message}` : REFUND_MESSAGES.pesapalUnreachable,
  );
}
