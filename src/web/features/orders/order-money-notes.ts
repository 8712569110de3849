// What an order card says about the customer's money: for a cancelled order, whether anything was
// paid and whether it went back; for any other order, only refunds (a second payment returned, part
// of the order refunded). Pure, so the wording is tested without a browser.
import { formatKES } from '@/domain/money';
import { isCancelledForCustomer } from '@/domain/order-status';
import type { SayOrders } from '@/web/i18n/orders-text';
import type { OrderSummary } from './order-api';

type MoneyFacts = Pick<OrderSummary, 'status' | 'paidPayments' | 'refunds'>;

/** The notes in the language `say` speaks (the reason a refund gives is the shop's, as written). */
export const moneyNotes = (say: SayOrders) =>
  ({
    nothingPaid: say('nothingPaid'),
    refunded: (amount: string) => say('moneyRefunded', { amount }),
    requested: (amount: string) => say('moneyRequested', { amount }),
    owed: (amount: string) => say('moneyOwed', { amount }),
    partRefunded: (amount: string, reason: string) => say('partRefunded', { amount, reason }),
    partRequested: (amount: string, reason: string) => say('partRequested', { amount, reason }),
  }) as const;

export function orderMoneyNotes(order: MoneyFacts, say: SayOrders): string[] {
  const MONEY_NOTES = moneyNotes(say);
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
export function cancelReasonText(reason: string | null, say: SayOrders): string {
  return reason?.trim() ? reason.trim() : say('orderCancelled');
}
