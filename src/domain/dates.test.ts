import { describe, expect, it } from 'vitest';
import { formatDate, parseDate, relativeTime } from './dates';

describe('formatDate', () => {
  it.each<[Date | string, string]>([
    ['2026-03-05T10:00:00Z', '5 Mar 2026'],
    [new Date('2026-03-05T10:00:00Z'), '5 Mar 2026'],
    // 22:30 UTC is already the next day in Nairobi.
    ['2026-03-05T22:30:00Z', '6 Mar 2026'],
    ['2026-03-05T20:59:59Z', '5 Mar 2026'],
    ['2025-12-31T21:00:00Z', '1 Jan 2026'],
    ['2024-02-29T12:00:00+03:00', '29 Feb 2024'],
    ['2026-09-15', '15 Sep 2026'], // date-only is UTC midnight
    ['2026-05-01 10:00:00+00', '1 May 2026'], // Postgres text form
    ['2026-06-30 23:00:00', '1 Jul 2026'], // no zone → read as UTC
    ['2026-07-04T00:30:00.123456-05', '4 Jul 2026'],
    ['2026-08-20T23:59:00+03:00', '20 Aug 2026'],
    ['2026-10-10T10:00:00Z', '10 Oct 2026'],
    ['2026-11-24T10:00:00Z', '24 Nov 2026'],
    ['2026-12-25T10:00:00Z', '25 Dec 2026'],
    ['2026-04-01T10:00:00Z', '1 Apr 2026'],
  ])('%s → %s', (input, text) => {
    expect(formatDate(input)).toBe(text);
  });

  it.each(['', 'not a date', '2026-13-45'])('rejects %j', (input) => {
    expect(() => formatDate(input)).toThrow(RangeError);
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-03-05T10:00:00Z', '2026-03-05T10:00:00.000Z'],
    ['2026-03-05 10:00:00', '2026-03-05T10:00:00.000Z'],
    ['2026-03-05T10:00:00.5', '2026-03-05T10:00:00.500Z'],
    ['2026-03-05 13:00:00+03', '2026-03-05T10:00:00.000Z'],
    [' 2026-03-05T13:00:00+03:00 ', '2026-03-05T10:00:00.000Z'],
    ['2026-03-05', '2026-03-05T00:00:00.000Z'],
  ])('%j → %s', (input, iso) => {
    expect(parseDate(input).toISOString()).toBe(iso);
  });

  it('passes Date objects through and rejects invalid ones', () => {
    const d = new Date(0);
    expect(parseDate(d)).toBe(d);
    expect(() => parseDate(new Date(NaN))).toThrow(RangeError);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-03-05T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);
  const SEC = 1000;
  const MIN = 60 * SEC;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'just now'],
    [59 * SEC, 'just now'],
    [-5 * MIN, 'just now'], // in the future
    [MIN, '1 minute ago'],
    [2 * MIN - 1, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN + 59 * SEC, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR, '3 hours ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [DAY, '1 day ago'],
    [4 * DAY, '4 days ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [359 * DAY, '11 months ago'],
    [360 * DAY, '1 year ago'],
    [365 * DAY, '1 year ago'],
    [730 * DAY, '2 years ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(relativeTime(before(ms), now)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(relativeTime('2026-03-05T09:00:00Z', now)).toBe('3 hours ago');
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(new Date())).toBe('just now');
  });
});
