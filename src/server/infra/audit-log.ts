// Audit rows are written by the server only: no route lets a browser add one.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

/**
 * A customer viewing their own payment (both rows are written on every view). Routine, and two
 * per status check: the back office hides them unless asked, so the merchant's changes stay in view.
 */
export const CUSTOMER_READ_ACTIONS = ['TRANSACTION_DATA_ACCESS', 'VIEW_TRANSACTION'] as const;

export interface AuditEntry {
  /** The signed-in user who acted; null for system actions. */
  userId: string | null;
  /** What happened, e.g. 'VIEW_TRANSACTION' (upper snake case by convention). */
  action: string;
  tableName: string;
  recordId?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    userId: entry.userId,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ip ?? null,
  });
}

/** What an erasure may change in an entry: what it says, never who acted, what, on which table or when. */
export interface AuditErasure {
  set: { details?: SQL | null; recordId?: string; ipAddress?: null };
  where: SQL | undefined;
}

/**
 * Erases personal data from entries (an account's deletion, the retention job): `erase` builds the
 * change from the table's columns. The only other write to audit rows; returns how many changed.
 */
export async function eraseInAudit(db: DbOrTx, erase: (table: typeof auditLogs) => AuditErasure): Promise<number> {
  const { set, where } = erase(auditLogs);
  return (await db.update(auditLogs).set(set).where(where).returning({ id: auditLogs.id })).length;
}
