// Failed-attempt counters in auth_throttle: kept in the database so every instance sees the same
// counts, and tied to ctx.now() so tests can move time.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { authThrottle } from '../db/schema';

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

/**
 * A slowdown instead of a block: after `free` failures in the window, each further failure makes
 * the key wait before the next attempt, twice as long each time (from `firstDelayMs` up to
 * `maxDelayMs`). Nobody is ever locked out for longer than `maxDelayMs` by other people's failures.
 */
export interface SlowdownPolicy {
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The wait after `failures` failures in the window under this policy (0 while still free). */
export function slowdownDelayMs(policy: SlowdownPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(failures - policy.free, 30));
}

/**
 * Counts one failure against key (one upsert, safe under concurrency; a window that has run out starts
 * again at 1) and sets blocked_until to when the next attempt may come. Returns that time, or null.
 */
export async function recordSlowedFailure(db: DbOrTx, key: string, policy: SlowdownPolicy, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const expired = sql`t.window_started_at <= ${windowStart}::timestamptz`;
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`insert into auth_throttle as t (key, failures, window_started_at, blocked_until)
        values (${key}, 1, ${at}::timestamptz, null)
        on conflict (key) do update set
          failures = case when ${expired} then 1 else t.failures + 1 end,
          window_started_at = case when ${expired} then ${at}::timestamptz else t.window_started_at end
        returning failures`,
  );
  const failures = Number(rows[0]?.failures ?? 1);
  const delay = slowdownDelayMs(policy, failures);
  const until = delay > 0 ? new Date(now.getTime() + delay) : null;
  // Concurrent failures each set their own wait; the longest stands.
  if (until) {
    await db.execute(
      sql`update auth_throttle set blocked_until = greatest(coalesce(blocked_until, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)
          where key = ${key}`,
    );
  }
  await pruneStale(db, now);
  return until;
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

/** Like minutesLeft, in hours past a minute and a half of an hour: a day's cap waits long. */
export function hoursOrMinutesLeft(until: Date, now: Date): string {
  const ms = until.getTime() - now.getTime();
  if (ms <= 90 * MINUTE) return minutesLeft(until, now);
  const hours = Math.ceil(ms / (60 * MINUTE));
  return `${hours} hours`;
}

/** Like minutesLeft, but in seconds up to a minute and a half: a slowdown's wait is short. */
export function waitLeft(until: Date, now: Date): string {
  const seconds = secondsLeft(until, now);
  if (seconds > 90) return minutesLeft(until, now);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Whole seconds until `until`, for a Retry-After header. */
export function secondsLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

export const minutes = (n: number) => n * MINUTE;
