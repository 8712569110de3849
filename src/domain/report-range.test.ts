import { describe, expect, it } from 'vitest';
import {
  monthDays,
  parseReportRange,
  periodKey,
  periodLabel,
  periodsIn,
  previousNairobiMonth,
  REPORT_RANGE_MESSAGES,
} from './report-range';

describe('a report’s range and periods, in Nairobi days', () => {
  it('covers whole Nairobi days: midnight in Nairobi is 21:00 UTC the day before', () => {
    const range = parseReportRange('2025-03-03', '2025-03-09');
    expect(range).toMatchObject({ from: '2025-03-03', to: '2025-03-09' });
    if ('error' in range) throw new Error(range.error);
    expect(range.start.toISOString()).toBe('2025-03-02T21:00:00.000Z');
    expect(range.end.toISOString()).toBe('2025-03-09T21:00:00.000Z');
  });

  it.each([
    ['2025-02-30', '2025-03-01', REPORT_RANGE_MESSAGES.notADate],
    ['03/01/2025', '2025-03-01', REPORT_RANGE_MESSAGES.notADate],
    ['2025-03-02', '2025-03-01', REPORT_RANGE_MESSAGES.backwards],
    ['2024-01-01', '2025-01-01', REPORT_RANGE_MESSAGES.tooLong],
  ])('refuses %s to %s', (from, to, error) => {
    expect(parseReportRange(from, to)).toEqual({ error });
  });

  it('takes a whole leap year', () => {
    expect(parseReportRange('2024-01-01', '2024-12-31')).not.toHaveProperty('error');
  });

  it('puts a day in its day, its week (from Monday) and its month', () => {
    expect(['day', 'week', 'month'].map((by) => periodKey('2025-03-09', by as 'day'))).toEqual(['2025-03-09', '2025-03-03', '2025-03']);
    expect(periodKey('2025-03-10', 'week')).toBe('2025-03-10');
    expect(periodKey('2025-01-01', 'week')).toBe('2024-12-30');
  });

  it('lists every period the range touches, oldest first', () => {
    expect(periodsIn({ from: '2025-02-27', to: '2025-03-02' }, 'day')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
    expect(periodsIn({ from: '2025-02-27', to: '2025-03-11' }, 'week')).toEqual(['2025-02-24', '2025-03-03', '2025-03-10']);
    expect(periodsIn({ from: '2024-12-15', to: '2025-02-01' }, 'month')).toEqual(['2024-12', '2025-01', '2025-02']);
  });

  it('names periods as people read them', () => {
    expect(periodLabel('2025-03-05', 'day')).toBe('5 Mar 2025');
    expect(periodLabel('2025-03-03', 'week')).toBe('Week of 3 Mar 2025');
    expect(periodLabel('2025-03', 'month')).toBe('March 2025');
  });

  it('reads a month and the month before, in Nairobi time', () => {
    expect(monthDays('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthDays('2025-13')).toBeNull();
    expect(previousNairobiMonth(new Date('2025-01-31T21:30:00Z'))).toBe('2025-01'); // 00:30 on 1 February in Nairobi
    expect(previousNairobiMonth(new Date('2025-01-15T09:00:00Z'))).toBe('2024-12');
  });
});
