// The one outbox behind every outgoing message (mail, SMS, and whatever comes next): each kind keeps
// its own table and its own way of sending; claiming, leasing, retrying and giving up live here, the
// same for all (docs/decisions/014-one-outbox.md). A row is written by the kind (queued, in the
// caller's transaction); deliver(id) sends it after the commit, deliverDue() is the kind's job.
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { backoff } from '@/domain/backoff';
import type { Db } from '../../db/client';

/** After this many tries a message is given up ('abandoned') and stays visible to the merchant. */
export const MAX_OUTBOX_ATTEMPTS = 8;
/** While one instance sends a message, others leave it alone this long (a crash frees it after). */
export const SENDING_LEASE_MS = 5 * 60_000;

/** Pause before try n+1: 1, 2, 4, 8 … minutes, at most 2 hours. */
export function outboxRetryDelayMs(attempts: number): number {
  return backoff(attempts, { baseMs: 60_000, maxMs: 2 * 60 * 60_000 });
}

/** The columns every outbox table has, under these names. */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  createdAt: PgColumn;
  sentAt: PgColumn;
  error: PgColumn;
};

/** What a send came to: sent (with what the kind keeps of the answer), or why not. */
type SendOutcome<T extends OutboxTable> =
  | { ok: true; record?: Partial<T['$inferInsert']> }
  /**
   * permanent: trying again is useless (a number the gateway will never accept), so give up now,
   * as 'abandoned' or the kind's own word for it (`status`); `record` keeps what the server answered.
   * retryInMs: try again this soon instead of the usual backoff (a lost answer is looked up in seconds).
   */
  | { ok: false; error: string; permanent?: boolean; status?: string; retryInMs?: number; record?: Partial<T['$inferInsert']> };

export interface OutboxKind<T extends OutboxTable> {
  table: T;
  /** Sends one claimed row. A throw counts as a failed try, retried later. */
  send(row: T['$inferSelect']): Promise<SendOutcome<T>>;
  /** Tries before giving up; MAX_OUTBOX_ATTEMPTS unless the kind must never give up (Infinity). */
  maxAttempts?: number;
}

export interface Outbox {
  /** Sends one queued message, if it is due and no other instance is sending it; true when sent. */
  deliver(id: string): Promise<boolean>;
  /** Sends the queued messages that are due, oldest first. */
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
}

/** The statuses a sender may take: queued (never tried) and failed (to be tried again). */
const SENDABLE = ['queued', 'failed'];

export function createOutbox<T extends OutboxTable>(opts: { db: Db; kind: OutboxKind<T>; now?: () => Date }): Outbox {
  const { db, kind } = opts;
  const table: OutboxTable = kind.table;
  const now = opts.now ?? (() => new Date());
  const due = (at: Date) => and(inArray(table.status, SENDABLE), or(isNull(table.nextAttemptAt), lte(table.nextAttemptAt, at)));
  // Drizzle cannot type a `set` or a returned row for a table it only knows as generic: the casts
  // name what OutboxTable guarantees.
  const update = (values: OutboxUpdate, where: SQL | undefined) =>
    db
      .update(kind.table)
      .set(values as PgUpdateSetSource<T>)
      .where(where);

  /** Takes the row for this instance in one conditional UPDATE: whoever loses the race sends nothing. */
  const claim = async (id: string) => {
    const at = now();
    const claimed = (await update(
      { attempts: sql`${table.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + SENDING_LEASE_MS) },
      and(eq(table.id, id), due(at)),
    ).returning()) as Array<T['$inferSelect'] & { attempts: number }>;
    return claimed[0] ?? null;
  };

  const deliver = async (id: string): Promise<boolean> => {
    const row = await claim(id);
    if (!row) return false;
    const outcome = await kind
      .send(row)
      .catch((err: unknown): SendOutcome<T> => ({ ok: false, error: err instanceof Error ? err.message : String(err) }));
    if (outcome.ok) {
      await update({ ...outcome.record, status: 'sent', sentAt: now(), nextAttemptAt: null, error: null }, eq(table.id, id));
      return true;
    }
    const giveUp = outcome.permanent === true || row.attempts >= (kind.maxAttempts ?? MAX_OUTBOX_ATTEMPTS);
    await update(
      {
        ...outcome.record,
        status: giveUp ? (outcome.status ?? 'abandoned') : 'failed',
        error: outcome.error,
        nextAttemptAt: giveUp ? null : new Date(now().getTime() + (outcome.retryInMs ?? outboxRetryDelayMs(row.attempts))),
      },
      eq(table.id, id),
    );
    return false;
  };

  return {
    deliver,
    async deliverDue(limit = 20) {
      const rows = await db.select({ id: table.id }).from(table).where(due(now())).orderBy(asc(table.createdAt)).limit(limit);
      let sent = 0;
      for (const { id } of rows) if (await deliver(id as string)) sent++;
      return { sent, failed: rows.length - sent };
    },
  };
}

interface OutboxUpdate {
  status?: string;
  attempts?: SQL;
  nextAttemptAt?: Date | null;
  sentAt?: Date;
  error?: string | null;
}
