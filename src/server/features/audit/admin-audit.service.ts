// The audit log, read-only: filter by user, action, table and Nairobi dates, newest first.
import { accountIdentity } from '@/domain/phone-sign-in';
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { auditLogs, user } from '../../db/schema';
import { CUSTOMER_READ_ACTIONS } from '../../infra/audit-log';
import { boundedCount, offsetOf, pageOf, withinNairobiDays, type Page, type Paging } from '../../back-office/admin-paging';

export interface AuditEntryView {
  id: string;
  userId: string | null;
  userEmail: string | null;
  action: string;
  tableName: string;
  recordId: string | null;
  details: unknown;
  ipAddress: string | null;
  createdAt: string;
}

export interface AuditQuery extends Paging {
  userId?: string;
  action?: string;
  table?: string;
  /** Customers' views of their own payments: hidden unless 'show' or asked for by action. */
  reads?: 'hide' | 'show';
  from?: string;
  to?: string;
}

export async function listAudit(db: DbOrTx, q: AuditQuery): Promise<Page<AuditEntryView>> {
  const filters: (SQL | undefined)[] = [];
  if (q.userId) filters.push(eq(auditLogs.userId, q.userId));
  if (q.action) filters.push(eq(auditLogs.action, q.action));
  else if (q.reads !== 'show') filters.push(notInArray(auditLogs.action, [...CUSTOMER_READ_ACTIONS]));
  if (q.table) filters.push(eq(auditLogs.tableName, q.table));
  filters.push(...withinNairobiDays(auditLogs.createdAt, q.from, q.to));
  const where = and(...filters);
  const [rows, total] = await Promise.all([
    db
      .select({ log: auditLogs, userEmail: user.email, userPhone: user.phoneNumber })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    boundedCount(db, auditLogs, where),
  ]);
  return pageOf(
    rows.map(({ log, userEmail, userPhone }) => ({
      id: log.id,
      userId: log.userId,
      userEmail: accountIdentity(userEmail, userPhone),
      action: log.action,
      tableName: log.tableName,
      recordId: log.recordId,
      details: log.details,
      ipAddress: log.ipAddress,
      createdAt: log.createdAt.toISOString(),
    })),
    total,
    q,
  );
}

export interface AuditFacets {
  actions: string[];
  tables: string[];
  users: { id: string; email: string | null }[];
}

/**
 * The distinct values of an indexed column, found by walking its index from one value to the next
 * (one short index probe per value) instead of reading the whole log: the log grows without end, the
 * number of actions, tables and admins does not.
 */
function distinctValues(column: 'action' | 'table_name' | 'user_id'): SQL {
  const c = sql.identifier(column);
  return sql`with recursive walk(v) as (
      (select ${c} from audit_logs where ${c} is not null order by ${c} limit 1)
      union all
      select (select ${c} from audit_logs where ${c} > walk.v order by ${c} limit 1) from walk where walk.v is not null
    )
    select v from walk where v is not null`;
}

/** The values the filters can take: what the log actually holds. */
export async function auditFacets(db: DbOrTx): Promise<AuditFacets> {
  const [actions, tables, userIds] = await Promise.all([
    queryRows<{ v: string }>(db, distinctValues('action')),
    queryRows<{ v: string }>(db, distinctValues('table_name')),
    queryRows<{ v: string }>(db, distinctValues('user_id')),
  ]);
  const ids = userIds.map((r) => r.v);
  const emails =
    ids.length === 0
      ? []
      : await db.select({ id: user.id, email: user.email, phone: user.phoneNumber }).from(user).where(inArray(user.id, ids));
  const emailOf = new Map(emails.map((u) => [u.id, accountIdentity(u.email, u.phone)]));
  const users = ids
    .map((id) => ({ id, email: emailOf.get(id) ?? null }))
    // As before: by email, users no longer in the shop (no email) last.
    .sort((a, b) => (a.email === null ? 1 : b.email === null ? -1 : a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return {
    actions: actions.map((r) => r.v),
    tables: tables.map((r) => r.v),
    users,
  };
}
