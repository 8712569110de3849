import { describe, expect, it } from 'vitest';
import { formatWeighedKg, packedLineText } from './packed-line';

describe('a packed line as the order pages show it', () => {
  it('writes a weight as kilos to the gram', () => {
    expect([formatWeighedKg(650), formatWeighedKg(1_400), formatWeighedKg(1_234), formatWeighedKg(50_000)]).toEqual([
      '0.650 kg',
      '1.400 kg',
      '1.234 kg',
      '50.000 kg',
    ]);
  });

  it('says what happened and what comes back, and nothing for a line packed as ordered', () => {
    const base = { weighedGrams: null, expectedGrams: null, substituteName: null, orderedName: 'Tilapia — Large', refundCents: 0 };
    expect(packedLineText({ ...base, outcome: 'packed', weighedGrams: 650, expectedGrams: 700, refundCents: 9_500 })).toBe(
      'Weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back',
    );
    expect(packedLineText({ ...base, outcome: 'packed', weighedGrams: 760, expectedGrams: 700 })).toBe(
      'Weighed 0.760 kg (about 0.700 kg ordered)',
    );
    expect(packedLineText({ ...base, outcome: 'packed' })).toBeNull();
    expect(packedLineText({ ...base, outcome: 'unavailable', refundCents: 85_000 })).toBe('Unavailable · KES 850.00 back');
    expect(packedLineText({ ...base, outcome: 'substituted', substituteName: 'Tilapia — Medium', refundCents: 38_000 })).toBe(
      'Substituted: Tilapia — Medium for Tilapia — Large · KES 380.00 back',
    );
  });
});
