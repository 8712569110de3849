// Paged lists: ?page=1&pageSize=20 in, { items, page, pageSize, total, pageCount } out.
import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { nairobiDayRange, nairobiDayStart } from '@/domain/nairobi-days';

const PAGE_SIZE_DEFAULT = 20;
const PAGE_SIZE_MAX = 100;

export const pagingQuery = {
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, { error: 'Page must be 1 or more' }).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, { error: 'Page size must be 1 or more' })
    .max(PAGE_SIZE_MAX, { error: `Page size must be ${PAGE_SIZE_MAX} or less` })
    .default(PAGE_SIZE_DEFAULT),
};

export interface Paging {
  page: number;
  pageSize: number;
}

export interface Page<T> extends Paging {
  items: T[];
  total: number;
  pageCount: number;
}

export const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;

export function pageOf<T>(items: T[], total: number, paging: Paging): Page<T> {
  return { items, total, ...paging, pageCount: Math.max(1, Math.ceil(total / paging.pageSize)) };
}

/** '%text%' for ILIKE with the user's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Optional trimmed search text from a query string ('' means no filter). */
export const searchText = z
  .string()
  .max(200, { error: 'Search text must be 200 characters or fewer' })
  .optional()
  .transform((v) => v?.trim() ?? '');

function isCalendarDate(s: string): boolean {
  try {
    nairobiDayStart(s);
    return true;
  } catch {
    return false;
  }
}

/** YYYY-MM-DD (a Nairobi calendar day) from a date filter. */
export const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates must look like 2025-01-31' })
  .refine(isCalendarDate, { error: 'That date does not exist' })
  .optional();

/** Filters for "from" and "to" Nairobi days (both inclusive) on a timestamp column. */
export function withinNairobiDays(column: PgColumn, from: string | undefined, to: string | undefined): SQL[] {
  return [...(from ? [gte(column, nairobiDayStart(from))] : []), ...(to ? [lt(column, nairobiDayRange(to, to).end)] : [])];
}
