// The audit log, read-only: filter by user, action, table and Nairobi dates, newest first.
import { and, asc, count, desc, eq, isNotNull, notInArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, user } from '../../db/schema';
import { CUSTOMER_READ_ACTIONS } from '../../infra/audit-log';
import { offsetOf, pageOf, withinNairobiDays, type Page, type Paging } from '../../back-office/admin-paging';

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
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ log: auditLogs, userEmail: user.email })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return pageOf(
    rows.map(({ log, userEmail }) => ({
      id: log.id,
      userId: log.userId,
      userEmail,
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

/** The values the filters can take: what the log actually holds. */
export async function auditFacets(db: DbOrTx): Promise<AuditFacets> {
  const [actions, tables, users] = await Promise.all([
    db.selectDistinct({ v: auditLogs.action }).from(auditLogs).orderBy(asc(auditLogs.action)),
    db.selectDistinct({ v: auditLogs.tableName }).from(auditLogs).orderBy(asc(auditLogs.tableName)),
    db
      .selectDistinct({ id: auditLogs.userId, email: user.email })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.userId))
      .where(isNotNull(auditLogs.userId))
      .orderBy(asc(user.email)),
  ]);
  return {
    actions: actions.map((r) => r.v),
    tables: tables.map((r) => r.v),
    users: users.flatMap((u) => (u.id ? [{ id: u.id, email: u.email }] : [])),
  };
}
