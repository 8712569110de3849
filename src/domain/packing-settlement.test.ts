import { describe, expect, it } from 'vitest';
import { lineSettlement, packingRefundState, packingRefundStateText, paidPerKgCents } from './packing-settlement';

describe("a finished packing's settlement, line by line", () => {
  const base = { quantity: 1, expectedGrams: null, weighedGrams: null, substituteName: null, owedCents: 0 };

  it('gives back the missing kg of a lighter fish at the price per kg paid', () => {
    expect(paidPerKgCents(133_000, 700)).toBe(190_000);
    expect(
      lineSettlement({ ...base, outcome: 'packed', paidCents: 133_000, expectedGrams: 700, weighedGrams: 650, owedCents: 9_500 }),
    ).toEqual({
      paid: 'Paid KES 1,330.00 for about 0.700 kg',
      sent: 'Sent 0.650 kg',
      back: '0.050 kg short at KES 1,900.00/kg: KES 95.00 back',
    });
    // Heavier: nothing back.
    expect(lineSettlement({ ...base, outcome: 'packed', paidCents: 133_000, expectedGrams: 700, weighedGrams: 760 })).toEqual({
      paid: 'Paid KES 1,330.00 for about 0.700 kg',
      sent: 'Sent 0.760 kg',
      back: null,
    });
  });

  it('gives back the paid line when unavailable, the difference for a cheaper substitute, nothing for a line as ordered', () => {
    expect(lineSettlement({ ...base, outcome: 'unavailable', paidCents: 85_000, owedCents: 85_000 })).toEqual({
      paid: 'Paid KES 850.00',
      sent: 'Not sent: unavailable',
      back: 'The paid line: KES 850.00 back',
    });
    expect(
      lineSettlement({ ...base, outcome: 'substituted', paidCents: 133_000, substituteName: 'Tilapia — Medium', owedCents: 38_000 }),
    ).toEqual({ paid: 'Paid KES 1,330.00', sent: 'Sent Tilapia — Medium instead (KES 950.00)', back: 'The difference: KES 380.00 back' });
    expect(lineSettlement({ ...base, outcome: 'packed', paidCents: 85_000 })).toEqual({
      paid: 'Paid KES 850.00',
      sent: 'Sent as ordered',
      back: null,
    });
  });

  it('names where the refund stands', () => {
    expect(
      [null, 'requested', 'refunded', 'manual_needed', 'withdrawn', 'rejected', 'refused'].map((s) =>
        packingRefundStateText(packingRefundState(s)),
      ),
    ).toEqual([
      'Refund not settled yet',
      "Refund requested: waiting for Pesapal's approval",
      'Refunded by Pesapal',
      'Needs a manual refund by M-Pesa',
      'Refund withdrawn by the owner: not paid',
      'Refund not made by Pesapal: see the order',
      'Refund not made by Pesapal: see the order',
    ]);
    expect(packingRefundStateText('refunded', 'manual')).toBe('Refunded by M-Pesa by hand');
  });
});
