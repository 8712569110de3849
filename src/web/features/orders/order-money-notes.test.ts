import { describe, expect, it } from 'vitest';
import { ordersText } from '@/web/i18n/orders-text';
import { cancelReasonText, moneyNotes, orderMoneyNotes } from './order-money-notes';

/** The notes as the English catalogue says them. */
const MONEY_NOTES = moneyNotes(ordersText);

const paid = (refund: 'none' | 'requested' | 'refunded', amountCents = 180_000, refundCents: number | null = null) => ({
  amountCents,
  currency: 'KES',
  refund,
  refundCents,
});
const part = (status: 'requested' | 'refunded', amountCents: number, reason: string) => ({
  amountCents,
  at: '2026-11-24T09:00:00.000Z',
  reason,
  status,
  part: true,
});

describe('orderMoneyNotes', () => {
  it.each([
    ['cancelled before payment', 'cancelled', [], [MONEY_NOTES.nothingPaid]],
    ['cancelled, refund requested', 'cancelled', [paid('requested')], [MONEY_NOTES.requested('KES 1,800.00')]],
    ['cancelled, refunded', 'cancelled', [paid('refunded')], [MONEY_NOTES.refunded('KES 1,800.00')]],
    ['cancelled, paid and not refunded yet', 'cancelled', [paid('none')], [MONEY_NOTES.owed('KES 1,800.00')]],
    ['sent for a refund Pesapal has not made yet', 'refund_requested', [paid('requested')], [MONEY_NOTES.requested('KES 1,800.00')]],
    ['completed, nothing refunded', 'completed', [paid('none')], []],
    ['completed, a second payment refunded', 'completed', [paid('none'), paid('refunded', 95_050)], [MONEY_NOTES.refunded('KES 950.50')]],
    ['failed, nothing paid', 'failed', [], []],
  ] as const)('%s', (_name, status, payments, expected) => {
    expect(orderMoneyNotes({ status, paidPayments: [...payments], refunds: [] }, ordersText)).toEqual(expected);
  });

  it('tells of each part refunded, then of the rest refunded when the order was cancelled', () => {
    const refunds = [part('refunded', 9_500, 'Tilapia weighed 650 g'), part('requested', 2_000, 'Bruised')];
    expect(orderMoneyNotes({ status: 'completed', paidPayments: [paid('none')], refunds }, ordersText)).toEqual([
      'KES 95.00 of this order was refunded to you: Tilapia weighed 650 g',
      'KES 20.00 of this order is being refunded to you: Bruised',
    ]);
    const rest = { ...part('refunded', 168_500, 'Cancelled'), part: false };
    expect(
      orderMoneyNotes(
        { status: 'cancelled', paidPayments: [paid('refunded', 180_000, 170_500)], refunds: [refunds[0]!, rest] },
        ordersText,
      ),
    ).toEqual(['KES 95.00 of this order was refunded to you: Tilapia weighed 650 g', MONEY_NOTES.refunded('KES 1,705.00')]);
  });
});

describe('cancelReasonText', () => {
  it('shows the shop’s reason, or a plain sentence without one', () => {
    expect(cancelReasonText(' Out of fresh stock today ', ordersText)).toBe('Out of fresh stock today');
    expect(cancelReasonText(null, ordersText)).toBe('This order was cancelled.');
    expect(cancelReasonText('  ', ordersText)).toBe('This order was cancelled.');
  });
});
