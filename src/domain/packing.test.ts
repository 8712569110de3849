import { describe, expect, it } from 'vitest';
import {
  owedForLine,
  packedMessage,
  packedSms,
  refundSentence,
  packingChangeText,
  packingSummary,
  substituteGrossCents,
  substituteRefusal,
  unitPriceInOrderMode,
  weightRefusal,
  type PaidLine,
  type Substitute,
} from './packing';

// Tilapia Large, about 700 g at KES 1,900/kg: KES 1,330, in a shop whose prices include VAT.
const TILAPIA: PaidLine = { name: 'Tilapia — Large', quantity: 1, paidCents: 133_000, nominalGrams: 700, taxBand: 'B' };
const CHICKEN: PaidLine = { name: 'Farm Chicken', quantity: 1, paidCents: 85_000, nominalGrams: null, taxBand: 'B' };
const MEDIUM: Substitute = { name: 'Tilapia — Medium', unitPriceCents: 95_000, taxBand: 'B', taxRateBp: 1600 };
const INCLUDED = true;
const ON_TOP = false;

describe('what packing owes the customer back', () => {
  it('gives back the missing weight pro rata: 650 g of about 700 g paid KES 1,330 is KES 95.00', () => {
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 650 }, INCLUDED)).toBe(9_500);
    expect(packingChangeText(TILAPIA, { outcome: 'packed', weighedGrams: 650 }, 9_500)).toBe(
      'Tilapia — Large: weighed 650 g (about 700 g expected), KES 95.00 back',
    );
  });

  it('charges nothing more for a heavier fish, nor for one of exactly its weight, and tells no change', () => {
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 820 }, INCLUDED)).toBe(0);
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 700 }, INCLUDED)).toBe(0);
    expect(packingChangeText(TILAPIA, { outcome: 'packed', weighedGrams: 820 }, 0)).toBeNull();
  });

  it('gives back the whole paid line when an item is unavailable', () => {
    expect(owedForLine(CHICKEN, { outcome: 'unavailable' }, INCLUDED)).toBe(85_000);
    expect(packingChangeText(CHICKEN, { outcome: 'unavailable' }, 85_000)).toBe('Farm Chicken: unavailable, KES 850.00 back');
  });

  it('gives back the difference for a cheaper substitute', () => {
    const decision = { outcome: 'substituted', substitute: MEDIUM } as const;
    expect(owedForLine(TILAPIA, decision, INCLUDED)).toBe(38_000);
    expect(packingChangeText(TILAPIA, decision, 38_000)).toBe('Tilapia — Large replaced by Tilapia — Medium, KES 380.00 back');
    // The same price: a change to tell, nothing to give back.
    const same = { ...MEDIUM, unitPriceCents: 133_000 };
    expect(owedForLine(TILAPIA, { outcome: 'substituted', substitute: same }, INCLUDED)).toBe(0);
    expect(packingChangeText(TILAPIA, { outcome: 'substituted', substitute: same }, 0)).toBe(
      'Tilapia — Large replaced by Tilapia — Medium',
    );
  });

  it('refuses a substitute dearer than the paid line, or in another VAT band', () => {
    const dear = { ...MEDIUM, name: 'Tilapia — Jumbo', unitPriceCents: 228_000 };
    expect(substituteRefusal(TILAPIA, dear, INCLUDED)).toBe(
      'A substitute can cost at most what the customer paid for this item (KES 1,330.00).',
    );
    expect(() => owedForLine(TILAPIA, { outcome: 'substituted', substitute: dear }, INCLUDED)).toThrow(RangeError);
    expect(substituteRefusal(TILAPIA, { ...MEDIUM, taxBand: 'E', taxRateBp: 800 }, INCLUDED)).toBe(
      'A substitute must be in the same VAT band as the item it replaces.',
    );
    expect(substituteRefusal(TILAPIA, { ...MEDIUM, unitPriceCents: 133_000 }, INCLUDED)).toBeNull();
  });

  it('prices a substitute as the order priced its lines: VAT inside, or added on top of its price', () => {
    expect(substituteGrossCents(MEDIUM, 2, INCLUDED)).toBe(190_000);
    // KES 950 before VAT, 16% on top: KES 1,102.00 a piece.
    expect(substituteGrossCents(MEDIUM, 2, ON_TOP)).toBe(220_400);
    // Paid KES 1,330 + 16% = 1,542.80 (the line's share of VAT); the substitute costs 1,102.00.
    expect(owedForLine({ ...TILAPIA, paidCents: 154_280 }, { outcome: 'substituted', substitute: MEDIUM }, ON_TOP)).toBe(44_080);
  });

  it("reads a variant's price in the order's mode when the shop's setting has changed since", () => {
    expect(unitPriceInOrderMode(95_000, 1600, true, true)).toBe(95_000);
    expect(unitPriceInOrderMode(116_000, 1600, true, false)).toBe(100_000);
    expect(unitPriceInOrderMode(100_000, 1600, false, true)).toBe(116_000);
  });

  it('rounds to the cent half-up with VAT on top, and up to the whole shilling (never above the line) in whole shillings', () => {
    // 1,542.80 × 50 / 700 = 110.2 → 110.20.
    expect(owedForLine({ ...TILAPIA, paidCents: 154_280 }, { outcome: 'packed', weighedGrams: 650 }, ON_TOP)).toBe(11_020);
    // 1,330 × 1 / 700 = 1.9 → KES 1.90 to the cent; KES 2.00 in whole shillings.
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 699 }, ON_TOP)).toBe(190);
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 699 }, INCLUDED)).toBe(200);
    // 1,330 × 13 / 700 = 24.70 → KES 25.
    expect(owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: 687 }, INCLUDED)).toBe(2_500);
    // A line of KES 0.50 weighed at 1 g of 700: 49.9 cents to the cent, never more than the line in shillings.
    const tiny = { ...TILAPIA, paidCents: 50 };
    expect(owedForLine(tiny, { outcome: 'packed', weighedGrams: 1 }, ON_TOP)).toBe(50);
    expect(owedForLine(tiny, { outcome: 'packed', weighedGrams: 1 }, INCLUDED)).toBe(50);
    // Half a cent rounds up: 1,000.01 × 350 / 700 = 500.005.
    expect(owedForLine({ ...TILAPIA, paidCents: 100_001 }, { outcome: 'packed', weighedGrams: 350 }, ON_TOP)).toBe(50_001);
  });

  it('weighs a line of several pieces as one: 2 × about 700 g weighed 1,300 g', () => {
    const two = { ...TILAPIA, quantity: 2, paidCents: 266_000 };
    expect(owedForLine(two, { outcome: 'packed', weighedGrams: 1_300 }, INCLUDED)).toBe(19_000);
    expect(packingChangeText(two, { outcome: 'packed', weighedGrams: 1_300 }, 19_000)).toBe(
      '2 × Tilapia — Large: weighed 1,300 g (about 1,400 g expected), KES 190.00 back',
    );
    expect(owedForLine(two, { outcome: 'packed', weighedGrams: 1_450 }, INCLUDED)).toBe(0);
    expect(owedForLine({ ...CHICKEN, quantity: 3, paidCents: 255_000 }, { outcome: 'unavailable' }, INCLUDED)).toBe(255_000);
    expect(owedForLine(two, { outcome: 'substituted', substitute: MEDIUM }, INCLUDED)).toBe(76_000);
  });

  it('needs a weight from 1 g to 50 kg for a line sold by weight, and none for a line by the piece', () => {
    expect(weightRefusal(TILAPIA, 650)).toBeNull();
    expect(weightRefusal(TILAPIA, null)).toBe('Type what it weighed, in grams (1 to 50,000).');
    expect(weightRefusal(TILAPIA, 0)).not.toBeNull();
    expect(weightRefusal(TILAPIA, 50_001)).not.toBeNull();
    expect(weightRefusal(TILAPIA, 650.5)).not.toBeNull();
    expect(weightRefusal(CHICKEN, null)).toBeNull();
    expect(weightRefusal(CHICKEN, 1_200)).toBe('This item is sold by the piece: it is not weighed.');
    expect(() => owedForLine(TILAPIA, { outcome: 'packed', weighedGrams: null }, INCLUDED)).toThrow(RangeError);
    expect(owedForLine(CHICKEN, { outcome: 'packed', weighedGrams: null }, INCLUDED)).toBe(0);
  });
});

describe("the customer's message about packing", () => {
  const ORDER = '1a2b3c4d-0000-4000-8000-000000000001';
  const summary = packingSummary(
    [
      { line: TILAPIA, decision: { outcome: 'packed', weighedGrams: 650 } },
      { line: CHICKEN, decision: { outcome: 'unavailable' } },
      { line: { ...TILAPIA, name: 'Tilapia — Small' }, decision: { outcome: 'packed', weighedGrams: 900 } },
    ],
    INCLUDED,
  );

  it('adds up the owed lines and lists only what changed', () => {
    expect(summary.lines.map((l) => l.owedCents)).toEqual([9_500, 85_000, 0]);
    expect(summary.totalCents).toBe(94_500);
    expect(packedMessage(ORDER, summary.changes, summary.totalCents)).toBe(
      'Your order #1a2b3c4d is packed. Changes: Tilapia — Large: weighed 650 g (about 700 g expected), KES 95.00 back; ' +
        'Farm Chicken: unavailable, KES 850.00 back. KES 945.00 will be refunded to you.',
    );
  });

  it('says where the refund goes: back through Pesapal, or sent by the shop by M-Pesa', () => {
    expect(packedMessage(ORDER, ['Farm Chicken: unavailable, KES 850.00 back'], 85_000, 'pesapal')).toBe(
      'Your order #1a2b3c4d is packed. Changes: Farm Chicken: unavailable, KES 850.00 back. KES 850.00 will go back to the card or M-Pesa you paid with.',
    );
    expect(refundSentence(85_000, 'manual')).toBe('The shop will send you KES 850.00 by M-Pesa.');
    expect(refundSentence(0, 'manual')).toBe('');
    const sms = packedSms({ shopName: 'Fresh Catch', publicUrl: 'https://shop.test', orderId: ORDER, ...summary, way: 'manual' });
    expect(sms).toContain('The shop will send you KES 945.00 by M-Pesa.');
    expect(sms.length).toBeLessThanOrEqual(160);
  });

  it('says packed alone when nothing changed', () => {
    expect(packedMessage(ORDER, [], 0)).toBe('Your order #1a2b3c4d is packed.');
  });

  it('fits one GSM-7 SMS: the changes that fit, the rest counted, always the refund', () => {
    // Short forms: the weighed fish and the missing chicken both fit beside the refund.
    expect(summary.smsChanges).toEqual(['Tilapia — Large: 650 g', 'Farm Chicken: unavailable']);
    const sms = packedSms({
      shopName: 'Fresh Catch',
      publicUrl: 'https://shop.test',
      orderId: ORDER,
      ...summary,
      changes: summary.smsChanges,
    });
    expect(sms).toBe(
      'Fresh Catch: Your order #1a2b3c4d is packed. Changes: Tilapia - Large: 650 g; Farm Chicken: unavailable. KES 945.00 will be refunded to you.',
    );
    const full = packedSms({ shopName: 'Fresh Catch', publicUrl: 'https://shop.test', orderId: ORDER, ...summary });
    expect(full).toBe(
      'Your order #1a2b3c4d is packed. Changes: Tilapia - Large: weighed 650 g (about 700 g expected), KES 95.00 back; +1 more. KES 945.00 will be refunded to you.',
    );
    expect(sms.length).toBeLessThanOrEqual(160);
    const one = packedSms({
      shopName: 'Fresh Catch',
      publicUrl: 'https://shop.test',
      orderId: ORDER,
      changes: ['Farm Chicken: unavailable, KES 850.00 back'],
      totalCents: 85_000,
    });
    expect(one).toBe(
      'Your order #1a2b3c4d is packed. Changes: Farm Chicken: unavailable, KES 850.00 back. KES 850.00 will be refunded to you. https://shop.test/orders/1a2b3c4d',
    );
    const long = packedSms({
      shopName: 'Fresh Catch',
      publicUrl: 'https://shop.test',
      orderId: ORDER,
      changes: [
        'A very long product name that goes on and on about the fish and how it was caught: unavailable, KES 1,330.00 back'.repeat(2),
      ],
      totalCents: 133_000,
    });
    expect(long).toBe(
      'Fresh Catch: Your order #1a2b3c4d is packed with 1 change. KES 1,330.00 will be refunded to you. https://shop.test/orders/1a2b3c4d',
    );
  });
});
