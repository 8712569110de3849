// Failed-attempt counters in auth_throttle: kept in the database so every instance sees the same
// counts, and tied to ctx.now() so tests can move time.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { authThrottle } from '../../db/schema';

export interface ThrottlePolicy {
  /** Attempts allowed in one window; the attempt that reaches the limit starts the block. */
  limit: number;
  windowMs: number;
  blockMs: number;
}

const MINUTE = 60_000;

/** Rows older than this (and not blocked) are dropped; every policy's window is shorter. */
const STALE_AFTER_MS = 24 * 60 * MINUTE;

/** The latest block still running on any of the keys, or null when none is blocked. */
export async function blockedUntil(db: DbOrTx, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
  let latest: Date | null = null;
  for (const { blockedUntil: until } of rows) {
    if (until && (!latest || until > latest)) latest = until;
  }
  return latest;
}

/**
 * Counts one attempt against key in a single upsert (safe under concurrency): a window that has run
 * out starts again at 1. Returns the end of the block when this attempt reached the limit.
 */
export async function recordAttempt(db: DbOrTx, key: string, policy: ThrottlePolicy, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const blockEnd = new Date(now.getTime() + policy.blockMs).toISOString();
  const expired = sql`t.window_started_at <= ${windowStart}::timestamptz`;
  const failures = sql`case when ${expired} then 1 else t.failures + 1 end`;
  const rows = await queryRows<{ blocked_until: Date | string | null }>(
    db,
    sql`insert into auth_throttle as t (key, failures, window_started_at, blocked_until)
        values (${key}, 1, ${at}::timestamptz, case when 1 >= ${policy.limit} then ${blockEnd}::timestamptz end)
        on conflict (key) do update set
          failures = ${failures},
          window_started_at = case when ${expired} then ${at}::timestamptz else t.window_started_at end,
          blocked_until = case when ${failures} >= ${policy.limit} then ${blockEnd}::timestamptz else t.blocked_until end
        returning blocked_until`,
  );
  await pruneStale(db, now);
  const until = rows[0]?.blocked_until;
  return until && new Date(until) > now ? new Date(until) : null;
}

/** Forgets the counter (after a successful sign-in for that email). */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

async function pruneStale(db: DbOrTx, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  await db.execute(
    sql`delete from auth_throttle where window_started_at < ${cutoff}::timestamptz
        and (blocked_until is null or blocked_until < ${now.toISOString()}::timestamptz)`,
  );
}

/** 'Please wait 15 minutes' style wording for the time left on a block. */
export function minutesLeft(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const minutes = (n: number) => n * MINUTE;
