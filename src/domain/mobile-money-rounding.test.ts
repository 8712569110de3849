import { describe, expect, it } from 'vitest';
import { movesWholeShillings, paymentRounding, refundableCents } from './mobile-money-rounding';

describe('mobile money in whole shillings', () => {
  it('knows M-Pesa and Airtel Money move whole shillings, and cards do not', () => {
    expect(movesWholeShillings('MpesaKE')).toBe(true);
    expect(movesWholeShillings('Airtel')).toBe(true);
    expect(movesWholeShillings('Visa')).toBe(false);
    expect(movesWholeShillings(null)).toBe(false);
  });

  it('takes an M-Pesa report less than a shilling away as the payment, the difference as rounding', () => {
    expect(paymentRounding('MpesaKE', 118_240, 118_200)).toBe(40); // paid down
    expect(paymentRounding('MpesaKE', 118_240, 118_300)).toBe(-60); // paid up
    expect(paymentRounding('MpesaKE', 118_299, 118_200)).toBe(99);
    expect(paymentRounding('MpesaKE', 118_240, 118_240)).toBe(0);
  });

  it('calls a shilling or more, or any difference on a card, a mismatch', () => {
    expect(paymentRounding('MpesaKE', 118_300, 118_200)).toBeNull();
    expect(paymentRounding('MpesaKE', 118_240, 118_100)).toBeNull();
    expect(paymentRounding('Visa', 118_240, 118_200)).toBeNull();
    expect(paymentRounding('', 118_240, 118_200)).toBeNull();
    expect(paymentRounding('Visa', 118_240, 118_240)).toBe(0);
  });

  it('refunds what was collected: never more than came in, and all that came in', () => {
    expect(refundableCents(118_240, 40)).toBe(118_200);
    expect(refundableCents(118_240, -60)).toBe(118_300);
    expect(refundableCents(118_240, 0)).toBe(118_240);
  });
});
