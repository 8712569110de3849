import { describe, expect, it } from 'vitest';
import { readRefundSign, whyPesapalWont, type PaymentRefundFact } from './pesapal-refunds';

const refund = (over: Partial<PaymentRefundFact>): PaymentRefundFact => ({
  id: 'r1',
  kind: 'partial',
  status: 'requested',
  method: 'pesapal',
  amountCents: 9_500,
  ...over,
});

describe('asking Pesapal for another refund of a payment', () => {
  const one = { perPayment: 'one', sign: 'reversed' } as const;
  const many = { perPayment: 'many', sign: 'amount' } as const;

  it('asks for the first, and never while one waits', () => {
    expect(whyPesapalWont(one, [])).toBeNull();
    expect(whyPesapalWont(one, [refund({ status: 'refused' }), refund({ status: 'rejected' })])).toBeNull();
    expect(whyPesapalWont(many, [refund({})])).toBe('A refund of this payment is already waiting for Pesapal.');
  });

  it('asks for a second only when Pesapal takes several and shows them by the amount', () => {
    const made = [refund({ status: 'refunded' })];
    expect(whyPesapalWont(one, made)).toBe('Pesapal makes one refund per payment, and this payment has had one.');
    expect(whyPesapalWont({ perPayment: 'many', sign: 'reversed' }, made)).toBe('Pesapal has reversed this payment for an earlier refund.');
    expect(whyPesapalWont(many, made)).toBeNull();
    // A refund made by hand is not Pesapal's.
    expect(whyPesapalWont(one, [refund({ status: 'refunded', method: 'manual' })])).toBeNull();
  });
});

describe('reading Pesapal’s report of a partly refunded payment', () => {
  it('by the reversal: a REVERSED payment with a partial refund waiting is that refund made, and stays so', () => {
    expect(readRefundSign('reversed', { status: 'REVERSED', amountCents: 100_000 }, 100_000, [refund({})])).toEqual({
      kind: 'made',
      refundId: 'r1',
    });
    expect(readRefundSign('reversed', { status: 'REVERSED', amountCents: 100_000 }, 100_000, [refund({ status: 'refunded' })])).toEqual({
      kind: 'as_before',
    });
    // A whole refund waiting, or none at all: an ordinary reversal.
    expect(readRefundSign('reversed', { status: 'REVERSED', amountCents: 100_000 }, 100_000, [refund({ kind: 'whole' })])).toBeNull();
    expect(readRefundSign('reversed', { status: 'REVERSED', amountCents: 100_000 }, 100_000, [])).toBeNull();
    expect(readRefundSign('reversed', { status: 'COMPLETED', amountCents: 90_500 }, 100_000, [refund({})])).toBeNull();
  });

  it('by the amount: a COMPLETED payment lower by exactly the waiting refund is that refund made', () => {
    const made = refund({ id: 'r0', status: 'refunded', amountCents: 20_000 });
    expect(readRefundSign('amount', { status: 'COMPLETED', amountCents: 70_500 }, 100_000, [made, refund({})])).toEqual({
      kind: 'made',
      refundId: 'r1',
    });
    expect(readRefundSign('amount', { status: 'COMPLETED', amountCents: 80_000 }, 100_000, [made, refund({})])).toEqual({
      kind: 'as_before',
    });
    expect(readRefundSign('amount', { status: 'COMPLETED', amountCents: 100_000 }, 100_000, [refund({})])).toBeNull();
    expect(readRefundSign('amount', { status: 'COMPLETED', amountCents: 75_000 }, 100_000, [made, refund({})])).toBeNull();
    expect(readRefundSign('amount', { status: 'REVERSED', amountCents: 100_000 }, 100_000, [refund({})])).toBeNull();
  });
});
