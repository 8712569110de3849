// Paged lists: ?page=1&pageSize=20 in, { items, page, pageSize, total, pageCount } out. A long list
// is counted exactly only up to a bound: past it, the total is the planner's estimate (estimated: true).
import { count, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../db/client';
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
  /** true: the list is longer than EXACT_COUNT_LIMIT and total is the database's estimate. */
  estimated?: boolean;
}

/** Lists are counted row by row up to this many; a count of the whole of a large table is not worth its time. */
const EXACT_COUNT_LIMIT = 10_000;

export interface ListCount {
  total: number;
  estimated: boolean;
}

/**
 * The rows of `table` matching `where`: exact up to EXACT_COUNT_LIMIT (the count stops there), and
 * beyond it the planner's estimate of the same query (never less than what was counted).
 */
export async function boundedCount(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<ListCount> {
  // Two builders: a drizzle builder changes in place when limited.
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  const [row] = await db.select({ n: count() }).from(
    matching()
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('matching'),
  );
  const counted = row?.n ?? 0;
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${matching()}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return { total: Math.max(counted, Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0)), estimated: true };
}

export const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;

export function pageOf<T>(items: T[], total: number | ListCount, paging: Paging): Page<T> {
  const { total: n, estimated } = typeof total === 'number' ? { total, estimated: false } : total;
  return { items, total: n, ...paging, pageCount: Math.max(1, Math.ceil(n / paging.pageSize)), ...(estimated ? { estimated } : {}) };
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
