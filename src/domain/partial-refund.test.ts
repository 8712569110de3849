import { describe, expect, it } from 'vitest';
import {
  checkPartialRefund,
  creditedQuantity,
  manualRefundReason,
  remainderLines,
  withAttention,
  withoutAttention,
  type RefundableLine,
} from './partial-refund';

const tilapia: RefundableLine = {
  orderItemId: 'item-1',
  name: 'Tilapia — Large',
  band: 'B',
  rateBp: 1600,
  paidCents: 133_000,
  refundedCents: 0,
  quantity: 1,
  soldQuantity: 1,
  restockedQuantity: 0,
};
const chicken: RefundableLine = {
  ...tilapia,
  orderItemId: 'item-2',
  name: 'Farm Chicken',
  band: 'A',
  rateBp: 0,
  paidCents: 85_000,
  quantity: 2,
  soldQuantity: 2,
};
const fee: RefundableLine = { ...tilapia, orderItemId: null, name: 'Delivery', band: 'D', rateBp: 0, paidCents: 20_000, soldQuantity: 0 };
const lines = [tilapia, chicken, fee];

describe('a partial refund', () => {
  it('gives back amounts in each line’s own band, the delivery fee in the fee’s', () => {
    const check = checkPartialRefund(
      lines,
      [
        { orderItemId: 'item-1', amountCents: 9_500, restockQuantity: 0 },
        { orderItemId: 'item-2', amountCents: 42_500, restockQuantity: 1 },
        { orderItemId: null, amountCents: 20_000, restockQuantity: 0 },
      ],
      238_000,
    );
    expect(check).toEqual({
      ok: true,
      totalCents: 72_000,
      lines: [
        { kind: 'item', orderItemId: 'item-1', name: 'Tilapia — Large', band: 'B', rateBp: 1600, amountCents: 9_500, restockQuantity: 0 },
        { kind: 'item', orderItemId: 'item-2', name: 'Farm Chicken', band: 'A', rateBp: 0, amountCents: 42_500, restockQuantity: 1 },
        { kind: 'delivery', orderItemId: null, name: 'Delivery', band: 'D', rateBp: 0, amountCents: 20_000, restockQuantity: 0 },
      ],
    });
  });

  it('gives back at most what is left of a line after earlier refunds, and says how much is left', () => {
    const refunded = { ...tilapia, refundedCents: 123_500 };
    const want = (amountCents: number) =>
      checkPartialRefund([refunded], [{ orderItemId: 'item-1', amountCents, restockQuantity: 0 }], 1_000_000);
    expect(want(9_501)).toEqual({ ok: false, message: 'You can refund at most KES 95.00 more for Tilapia — Large.' });
    expect(want(9_500)).toMatchObject({ ok: true, totalCents: 9_500 });
    expect(
      checkPartialRefund([{ ...tilapia, refundedCents: 133_000 }], [{ orderItemId: 'item-1', amountCents: 1, restockQuantity: 0 }], 10),
    ).toEqual({
      ok: false,
      message: 'Tilapia — Large has been refunded in full already.',
    });
  });

  it('gives back at most what is left of the payment', () => {
    const want = [{ orderItemId: 'item-1', amountCents: 10_000, restockQuantity: 0 }];
    expect(checkPartialRefund(lines, want, 9_999)).toEqual({ ok: false, message: 'The payment has only KES 99.99 left to refund.' });
    expect(checkPartialRefund(lines, want, 0)).toEqual({ ok: false, message: 'This payment has been refunded in full already.' });
  });

  it('puts back only goods that were taken from stock and have not come back', () => {
    const want = (line: RefundableLine, restockQuantity: number) =>
      checkPartialRefund([line], [{ orderItemId: line.orderItemId, amountCents: 100, restockQuantity }], 1_000_000);
    expect(want({ ...chicken, restockedQuantity: 1 }, 2)).toEqual({ ok: false, message: 'You can put back at most 1 of Farm Chicken.' });
    expect(want({ ...chicken, soldQuantity: 0 }, 1)).toEqual({
      ok: false,
      message: 'No Farm Chicken was taken from stock for this order, so none can be put back.',
    });
    expect(want(fee, 1)).toEqual({ ok: false, message: 'The delivery fee has nothing to put back in stock.' });
    expect(want(chicken, -1)).toEqual({
      ok: false,
      message: 'The number to put back in stock for Farm Chicken must be a whole number, 0 or more.',
    });
    expect(want(chicken, 1.5)).toMatchObject({ ok: false });
  });

  it('refuses nothing to refund, a line twice, a line of another order, a fee the order has not, and no amount', () => {
    expect(checkPartialRefund(lines, [], 1_000)).toEqual({ ok: false, message: 'Choose at least one line to refund.' });
    const one = { orderItemId: 'item-1', amountCents: 100, restockQuantity: 0 };
    expect(checkPartialRefund(lines, [one, one], 1_000)).toEqual({
      ok: false,
      message: 'Tilapia — Large is listed twice: refund each line once.',
    });
    expect(checkPartialRefund(lines, [{ ...one, orderItemId: 'other' }], 1_000)).toEqual({
      ok: false,
      message: 'That line is not part of this order.',
    });
    expect(checkPartialRefund([tilapia], [{ ...one, orderItemId: null }], 1_000)).toEqual({
      ok: false,
      message: 'This order has no delivery fee to refund.',
    });
    expect(checkPartialRefund(lines, [{ ...one, amountCents: 0 }], 1_000)).toEqual({
      ok: false,
      message: 'Enter an amount to refund for Tilapia — Large.',
    });
    expect(checkPartialRefund(lines, [{ ...one, amountCents: 0.5 }], 1_000)).toMatchObject({ ok: false });
  });
});

describe('the rest of an order partly refunded', () => {
  it('credits what is left of every line, and leaves out lines refunded in full', () => {
    const rest = remainderLines([{ ...tilapia, refundedCents: 9_500 }, { ...chicken, refundedCents: 85_000 }, fee]);
    expect(rest.map((l) => [l.kind, l.orderItemId, l.amountCents, l.restockQuantity])).toEqual([
      ['item', 'item-1', 123_500, 0],
      ['delivery', null, 20_000, 0],
    ]);
  });
});

describe('a credit note line’s quantity', () => {
  it('is the line’s units when all it cost comes back, the units returned, else one', () => {
    expect(creditedQuantity({ amountCents: 85_000, restockQuantity: 0 }, { paidCents: 85_000, quantity: 2 })).toBe(2);
    expect(creditedQuantity({ amountCents: 42_500, restockQuantity: 1 }, { paidCents: 85_000, quantity: 2 })).toBe(1);
    expect(creditedQuantity({ amountCents: 9_500, restockQuantity: 0 }, { paidCents: 133_000, quantity: 1 })).toBe(1);
  });
});

describe('the order’s flag for a refund by hand', () => {
  it('is added beside other flags once, and taken away leaving the others', () => {
    const reason = manualRefundReason(9_500);
    expect(reason).toBe('Refund KES 95.00 by M-Pesa by hand and record its code.');
    expect(withAttention(null, reason)).toBe(reason);
    const both = withAttention('Payment mismatch.', reason);
    expect(both).toBe(`Payment mismatch. Also: ${reason}`);
    expect(withAttention(both, reason)).toBe(both);
    expect(withoutAttention(both, reason)).toBe('Payment mismatch.');
    expect(withoutAttention(reason, reason)).toBeNull();
    expect(withoutAttention(null, reason)).toBeNull();
  });
});
