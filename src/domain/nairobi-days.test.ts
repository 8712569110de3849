import { describe, expect, it } from 'vitest';
import { formatNairobiDateTime, lastNairobiDays, nairobiDateKey, nairobiDayRange, nairobiDayStart } from './nairobi-days';

describe('nairobiDateKey', () => {
  it.each([
    ['2025-03-04T20:59:59Z', '2025-03-04'],
    ['2025-03-04T21:00:00Z', '2025-03-05'],
    ['2024-12-31T21:30:00Z', '2025-01-01'],
    ['2024-02-29T12:00:00Z', '2024-02-29'],
  ])('%s is %s in Nairobi', (iso, key) => {
    expect(nairobiDateKey(new Date(iso))).toBe(key);
  });
});

describe('nairobiDayStart', () => {
  it.each([
    ['2025-03-05', '2025-03-04T21:00:00.000Z'],
    ['2025-01-01', '2024-12-31T21:00:00.000Z'],
  ])('%s starts at %s', (key, iso) => {
    expect(nairobiDayStart(key).toISOString()).toBe(iso);
  });

  it.each(['2025-02-30', '2025-13-01', '05-03-2025', '', 'yesterday'])('refuses %j', (key) => {
    expect(() => nairobiDayStart(key)).toThrow(RangeError);
  });
});

describe('nairobiDayRange', () => {
  it('covers both days whole, end exclusive', () => {
    const { start, end } = nairobiDayRange('2025-03-01', '2025-03-02');
    expect(start.toISOString()).toBe('2025-02-28T21:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-02T21:00:00.000Z');
  });
});

describe('lastNairobiDays', () => {
  it.each([
    ['2025-03-05T08:00:00Z', 3, ['2025-03-03', '2025-03-04', '2025-03-05']],
    ['2025-03-01T22:00:00Z', 2, ['2025-03-01', '2025-03-02']],
    ['2025-03-05T08:00:00Z', 1, ['2025-03-05']],
  ] as const)('%s, %i days', (now, count, keys) => {
    expect(lastNairobiDays(new Date(now), count)).toEqual(keys);
  });
});

describe('formatNairobiDateTime', () => {
  it.each([
    ['2025-03-05T11:05:00Z', '5 Mar 2025, 14:05'],
    ['2025-12-31T21:00:00Z', '1 Jan 2026, 00:00'],
  ])('%s → %s', (iso, text) => {
    expect(formatNairobiDateTime(iso)).toBe(text);
    expect(formatNairobiDateTime(new Date(iso))).toBe(text);
  });
});
