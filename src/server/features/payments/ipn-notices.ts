// The one writer of payment_notifications. The IPN's rows: one per tracking id (a count and the last
// time one came), and the state of the status check the notices ask for, so that repeats are collapsed
// across every instance on the database (why: docs/decisions/010-ipn-flood-control.md). Callbacks
// (the customer's return from Pesapal) get a row each.
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { queryRows } from '../../db/client';

/** Repeats of a tracking id within this long after a status call are acknowledged without another. */
export const IPN_REPEAT_WINDOW_MS = 5_000;
/** A status call not finished after this died with its instance; another may start. */
const IPN_CHECK_STUCK_MS = 60_000;
/** Longest payload kept (as JSON text); more is cut to an excerpt. */
export const MAX_STORED_RAW_CHARS = 2_048;
/** How long notices that were not about our payments (unknown or missing tracking id) are kept. */
export const STRANGER_NOTICE_DAYS = 7;

export interface IpnRecord {
  method: string;
  trackingId: string;
  merchantReference: string;
  notificationType: string;
  raw: unknown;
}

/** The payload as stored: whole when short, else an excerpt of its JSON. */
function cappedRaw(raw: unknown): unknown {
  const text = JSON.stringify(raw ?? {}) ?? '{}';
  return text.length <= MAX_STORED_RAW_CHARS ? (raw ?? {}) : { truncated: true, excerpt: text.slice(0, MAX_STORED_RAW_CHARS) };
}

const iso = (d: Date) => d.toISOString();

/** Counts the notice on its tracking id's row (made on the first), keeping the latest fields; returns the row id. */
export async function recordIpn(ctx: ServerContext, ipn: IpnRecord): Promise<string> {
  const now = iso(ctx.now());
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into payment_notifications as n
          (source, method, tracking_id, merchant_reference, notification_type, raw, created_at, last_seen_at, count)
        values ('ipn', ${ipn.method}, ${ipn.trackingId || null}, ${ipn.merchantReference || null},
          ${ipn.notificationType || null}, ${JSON.stringify(cappedRaw(ipn.raw))}::jsonb, ${now}::timestamptz, ${now}::timestamptz, 1)
        on conflict (coalesce(tracking_id, '')) where source = 'ipn' do update set
          count = n.count + 1,
          last_seen_at = excluded.last_seen_at,
          method = excluded.method,
          merchant_reference = coalesce(excluded.merchant_reference, n.merchant_reference),
          notification_type = coalesce(excluded.notification_type, n.notification_type),
          raw = excluded.raw
        returning id`,
  );
  if (!row) throw new Error('payment notification was not stored');
  return row.id;
}

/** Stores a Pesapal callback as received, before anything in it is believed; returns its id. */
export async function recordCallback(ctx: ServerContext, callback: IpnRecord): Promise<string> {
  const now = iso(ctx.now());
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into payment_notifications
          (source, method, tracking_id, merchant_reference, notification_type, raw, created_at, last_seen_at)
        values ('callback', ${callback.method}, ${callback.trackingId || null}, ${callback.merchantReference || null},
          ${callback.notificationType || null}, ${JSON.stringify(callback.raw ?? {})}::jsonb, ${now}::timestamptz, ${now}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('payment notification was not stored');
  return row.id;
}

/**
 * Claims the status call for this tracking id: only when none was made in the last window and none
 * is in flight (one older than IPN_CHECK_STUCK_MS is taken as dead). One conditional UPDATE, so of
 * any number of concurrent notices on any instances exactly one wins. Clears a pending recheck.
 */
export async function claimStatusCheck(ctx: ServerContext, trackingId: string): Promise<string | null> {
  const now = ctx.now();
  const windowStart = iso(new Date(now.getTime() - IPN_REPEAT_WINDOW_MS));
  const stuckBefore = iso(new Date(now.getTime() - IPN_CHECK_STUCK_MS));
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`update payment_notifications
        set check_started_at = ${iso(now)}::timestamptz, check_finished_at = null, recheck_at = null
        where source = 'ipn' and coalesce(tracking_id, '') = ${trackingId}
          and (check_started_at is null
            or (check_started_at <= ${windowStart}::timestamptz
              and (check_finished_at is not null or check_started_at <= ${stuckBefore}::timestamptz)))
        returning id`,
  );
  return row?.id ?? null;
}

/** Ends a claimed status call with its outcome. `release`: it failed, so the next notice asks at once. */
export async function finishStatusCheck(ctx: ServerContext, id: string, outcome: string, release = false): Promise<void> {
  const now = iso(ctx.now());
  await ctx.db.execute(
    sql`update payment_notifications
        set outcome = ${outcome.slice(0, 500)}, processed_at = ${now}::timestamptz, check_finished_at = ${now}::timestamptz,
          check_started_at = case when ${release}::boolean then null else check_started_at end
        where id = ${id}`,
  );
}

/** Sets the outcome of a notice that asks nothing (no tracking id, not ours) or of a callback. */
export async function setNoticeOutcome(ctx: ServerContext, id: string, outcome: string): Promise<void> {
  await ctx.db.execute(
    sql`update payment_notifications set outcome = ${outcome.slice(0, 500)}, processed_at = ${iso(ctx.now())}::timestamptz where id = ${id}`,
  );
}

/**
 * A collapsed repeat might report a real change: a check follows when the window ends. Returns when,
 * if this call is the one that asked for it (null when one is already due: a flood asks once).
 */
export async function requestRecheck(ctx: ServerContext, id: string): Promise<Date | null> {
  const now = iso(ctx.now());
  const [row] = await queryRows<{ recheck_at: Date | string }>(
    ctx.db,
    sql`update payment_notifications
        set recheck_at = greatest(coalesce(check_started_at, ${now}::timestamptz) + ${`${IPN_REPEAT_WINDOW_MS} milliseconds`}::interval, ${now}::timestamptz)
        where id = ${id} and recheck_at is null
        returning recheck_at`,
  );
  return row ? new Date(row.recheck_at) : null;
}

/** Tracking ids whose recheck is due (only `trackingId`'s when given). */
export async function dueRechecks(ctx: ServerContext, limit = 25, trackingId?: string): Promise<string[]> {
  const only = trackingId === undefined ? sql`` : sql` and coalesce(tracking_id, '') = ${trackingId}`;
  const rows = await queryRows<{ tracking_id: string }>(
    ctx.db,
    sql`select tracking_id from payment_notifications
        where recheck_at is not null and recheck_at <= ${iso(ctx.now())}::timestamptz and source = 'ipn' and tracking_id is not null${only}
        order by recheck_at limit ${limit}`,
  );
  return rows.map((r) => r.tracking_id);
}

/** Notices pruned per statement, and statements per run: one run never holds the table for long. */
const PRUNE_BATCH = 500;
const PRUNE_BATCHES_PER_RUN = 20;

/**
 * Drops notices that were not about our payments a week after the last one came; ours are the
 * payment's history and stay (one row per tracking id, so they cannot grow by repetition). Found
 * through a partial index of exactly those notices, a batch at a time; what is left over waits for
 * the next run.
 */
export async function pruneStrangerNotices(ctx: ServerContext): Promise<number> {
  const before = iso(new Date(ctx.now().getTime() - STRANGER_NOTICE_DAYS * 24 * 60 * 60_000));
  let pruned = 0;
  for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN; batch++) {
    const gone = await queryRows<{ id: string }>(
      ctx.db,
      sql`delete from payment_notifications where id in (
            select id from payment_notifications
            where last_seen_at < ${before}::timestamptz and (outcome = 'unknown' or outcome like 'invalid:%')
            limit ${PRUNE_BATCH})
          returning id`,
    );
    pruned += gone.length;
    if (gone.length < PRUNE_BATCH) break;
  }
  return pruned;
}
