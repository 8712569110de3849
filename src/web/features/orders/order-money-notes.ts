// What an order card says about the customer's money: for a cancelled order, whether anything was
// paid and whether it went back; for any other order, only refunds (a second payment returned, part
// of the order refunded). Pure, so the wording is tested without a browser.
import { formatKES } from '@/domain/money';
import { isCancelledForCustomer } from '@/domain/order-status';
import type { OrderSummary } from './order-api';

type MoneyFacts = Pick<OrderSummary, 'status' | 'paidPayments' | 'refunds'>;

export const MONEY_NOTES = {
  nothingPaid: 'No payment was taken for this order.',
  refunded: (amount: string) => `Refunded: ${amount} was returned to the card or M-Pesa account you paid with.`,
  requested: (amount: string) => `Refund of ${amount} requested. It can take a few days to reach the card or M-Pesa account you paid with.`,
  owed: (amount: string) => `You paid ${amount} for this order. The shop will refund it; contact us if you have questions.`,
  partRefunded: (amount: string, reason: string) => `${amount} of this order was refunded to you: ${reason}`,
  partRequested: (amount: string, reason: string) => `${amount} of this order is being refunded to you: ${reason}`,
} as const;

export function orderMoneyNotes(order: MoneyFacts): string[] {
  const cancelled = isCancelledForCustomer(order.status);
  if (cancelled && order.paidPayments.length === 0) return [MONEY_NOTES.nothingPaid];
  const parts = order.refunds
    .filter((r) => r.part)
    .map((r) => (r.status === 'refunded' ? MONEY_NOTES.partRefunded : MONEY_NOTES.partRequested)(formatKES(r.amountCents), r.reason));
  const payments = order.paidPayments.flatMap((p) => {
    // After partial refunds, the rest: what the refund of the payment gives back.
    const amount = formatKES(p.refundCents ?? p.amountCents);
    if (p.refund === 'refunded') return [MONEY_NOTES.refunded(amount)];
    if (p.refund === 'requested') return [MONEY_NOTES.requested(amount)];
    return cancelled ? [MONEY_NOTES.owed(formatKES(p.amountCents))] : [];
  });
  return [...parts, ...payments];
}

/** The reason the shop gave, or a plain sentence when it gave none. */
export function cancelReasonText(reason: string | null): string {
  return reason?.trim() ? reason.trim() : 'This order was cancelled.';
}
