import { describe, expect, it } from 'vitest';
import { cancelReasonText, MONEY_NOTES, orderMoneyNotes } from './order-money-notes';

const paid = (refund: 'none' | 'requested' | 'refunded', amountCents = 180_000) => ({ amountCents, currency: 'KES', refund });

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
    expect(orderMoneyNotes({ status, paidPayments: [...payments] })).toEqual(expected);
  });
});

describe('cancelReasonText', () => {
  it('shows the shop’s reason, or a plain sentence without one', () => {
    expect(cancelReasonText(' Out of fresh stock today ')).toBe('Out of fresh stock today');
    expect(cancelReasonText(null)).toBe('This order was cancelled.');
    expect(cancelReasonText('  ')).toBe('This order was cancelled.');
  });
});
