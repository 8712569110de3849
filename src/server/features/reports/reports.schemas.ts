// The reports' query strings: a range of Nairobi dates (at most a year), a grouping, a report's name, a month.
import { z } from 'zod';
import { parseReportRange, REPORT_GROUPINGS, REPORT_RANGE_MESSAGES } from '@/domain/report-range';
import { REPORT_KINDS } from '@/domain/report-table';

export const reportQuery = z
  .object({
    from: z.string({ error: REPORT_RANGE_MESSAGES.notADate }).max(10, REPORT_RANGE_MESSAGES.notADate),
    to: z.string({ error: REPORT_RANGE_MESSAGES.notADate }).max(10, REPORT_RANGE_MESSAGES.notADate),
    by: z.enum(REPORT_GROUPINGS, { error: 'Group by day, week or month.' }).default('day'),
  })
  .transform((q, ctx) => {
    const range = parseReportRange(q.from, q.to);
    if ('error' in range) {
      ctx.addIssue({ code: 'custom', message: range.error, path: ['from'] });
      return z.NEVER;
    }
    return { range, by: q.by };
  });

export const reportParam = z.object({ kind: z.enum(REPORT_KINDS, { error: 'There is no such report.' }) });

export const monthQuery = z.object({
  month: z.string({ error: REPORT_RANGE_MESSAGES.notAMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, REPORT_RANGE_MESSAGES.notAMonth),
});
