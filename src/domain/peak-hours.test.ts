import { describe, expect, it } from 'vitest';
import { PEAK_HOUR_NOTICE, isPeakHour, nairobiParts } from './peak-hours';

describe('nairobiParts', () => {
  it.each([
    // UTC instant → Nairobi wall clock (UTC+3)
    ['2026-03-05T08:30:00Z', { year: 2026, month: 3, day: 5, hour: 11, minute: 30, weekday: 4 }],
    ['2026-03-05T21:15:00Z', { year: 2026, month: 3, day: 6, hour: 0, minute: 15, weekday: 5 }], // next day
    ['2025-12-31T21:00:00Z', { year: 2026, month: 1, day: 1, hour: 0, minute: 0, weekday: 4 }], // new year
    ['2026-03-08T20:59:59Z', { year: 2026, month: 3, day: 8, hour: 23, minute: 59, weekday: 0 }],
    ['2026-03-05T14:00:00+03:00', { year: 2026, month: 3, day: 5, hour: 14, minute: 0, weekday: 4 }],
  ])('%s → %j', (iso, parts) => {
    expect(nairobiParts(new Date(iso))).toEqual(parts);
  });

  it('rejects an invalid date', () => {
    expect(() => nairobiParts(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isPeakHour', () => {
  // 2026-03-02 is a Monday, 2026-03-06 a Friday, 2026-03-07 a Saturday, 2026-03-08 a Sunday.
  it.each([
    ['Mon 10:59', '2026-03-02T10:59:00+03:00', false],
    ['Mon 11:00', '2026-03-02T11:00:00+03:00', true],
    ['Mon 13:59', '2026-03-02T13:59:59+03:00', true],
    ['Mon 14:00', '2026-03-02T14:00:00+03:00', false],
    ['Mon 17:59', '2026-03-02T17:59:00+03:00', false],
    ['Mon 18:00', '2026-03-02T18:00:00+03:00', true],
    ['Fri 20:59', '2026-03-06T20:59:00+03:00', true],
    ['Fri 21:00', '2026-03-06T21:00:00+03:00', false],
    ['Fri 12:30', '2026-03-06T12:30:00+03:00', true],
    ['Sat 11:30', '2026-03-07T11:30:00+03:00', false],
    ['Sat 12:00', '2026-03-07T12:00:00+03:00', true],
    ['Sat 14:59', '2026-03-07T14:59:00+03:00', true],
    ['Sun 15:00', '2026-03-08T15:00:00+03:00', false],
    ['Sun 18:00', '2026-03-08T18:00:00+03:00', true],
    ['Sun 20:59', '2026-03-08T20:59:00+03:00', true],
    ['Sun 21:00', '2026-03-08T21:00:00+03:00', false],
    ['Sun 03:00', '2026-03-08T03:00:00+03:00', false],
    // 09:00 UTC Monday is 12:00 in Nairobi: peak, even though 09:00 is not.
    ['Mon 12:00 given in UTC', '2026-03-02T09:00:00Z', true],
    // Fri 23:30 UTC is Sat 02:30 in Nairobi.
    ['Sat 02:30 given in UTC', '2026-03-06T23:30:00Z', false],
    // Sat 09:30 UTC is Sat 12:30 in Nairobi: weekend lunch peak.
    ['Sat 12:30 given in UTC', '2026-03-07T09:30:00Z', true],
  ])('%s → %s', (_label, iso, expected) => {
    expect(isPeakHour(new Date(iso))).toBe(expected);
  });

  it('has the exact notice text', () => {
    expect(PEAK_HOUR_NOTICE).toBe('Peak hours: deliveries may take 10-15 min longer.');
  });
});
