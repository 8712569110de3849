// The check that follows collapsed IPN repeats when their window ends, so a notice of a real change
// that came just after another is never delayed past the window. The instance that collapsed the
// repeat sets a timer; should it die first, the background job finds the due recheck in the database.
import type { ServerContext } from '../../context';
import { drainBatches } from '../../infra/drain';
import { claimStatusCheck, dueRechecks, IPN_REPEAT_WINDOW_MS } from './ipn-notices';
import { checkStatus } from './ipn-status-check';

/** Timers retried while a check is still in flight; after that the background job takes over. */
const MAX_TRIES = 3;
const MIN_DELAY_MS = 250;

const running = new WeakMap<ServerContext, Set<Promise<void>>>();

function track(ctx: ServerContext, work: Promise<void>): void {
  const set = running.get(ctx) ?? new Set<Promise<void>>();
  running.set(ctx, set);
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Runs the recheck of trackingId at `at` (by this instance's timer). */
export function scheduleRecheck(ctx: ServerContext, trackingId: string, at: Date, tries = 0): void {
  const delay = Math.max(MIN_DELAY_MS, at.getTime() - ctx.now().getTime());
  const timer = setTimeout(() => track(ctx, recheckByTimer(ctx, trackingId, at, tries)), delay);
  timer.unref();
}

async function recheckByTimer(ctx: ServerContext, trackingId: string, at: Date, tries: number): Promise<void> {
  try {
    const outcome = await recheck(ctx, trackingId);
    if (outcome === 'ran' || tries + 1 >= MAX_TRIES) return;
    // A timer may fire a little before the wall clock reaches `at` (timers run on a monotonic clock):
    // then it asks again just after `at`. A check in flight elsewhere gets a whole window.
    const next =
      outcome === 'not-due'
        ? new Date(Math.max(at.getTime(), ctx.now().getTime()) + MIN_DELAY_MS)
        : new Date(ctx.now().getTime() + IPN_REPEAT_WINDOW_MS);
    scheduleRecheck(ctx, trackingId, next, tries + 1);
  } catch (err) {
    ctx.logger.warn({ err, trackingId }, 'IPN recheck failed; the background job will try again');
  }
}

/** Claims and runs a due recheck: 'not-due' when not due yet, 'held' when another check holds it. */
async function recheck(ctx: ServerContext, trackingId: string): Promise<'ran' | 'not-due' | 'held'> {
  if (!(await dueRechecks(ctx, 1, trackingId)).length) return 'not-due';
  const claimed = await claimStatusCheck(ctx, trackingId);
  if (!claimed) return 'held';
  await checkStatus(ctx, claimed, trackingId);
  return 'ran';
}

/** Every recheck that is due (the background job's fallback, and tests); returns how many ran. */
export async function runDueIpnRechecks(ctx: ServerContext): Promise<number> {
  let ran = 0;
  let ranBefore = -1;
  // A recheck that runs clears its recheck_at. One that another check holds stays due, so a batch
  // that ran none ends the run (it would come back the same); the budget ends it before the next tick.
  await drainBatches({
    batchSize: 25,
    concurrency: 8,
    budgetMs: 10_000,
    take: async (limit) => {
      if (ran === ranBefore) return [];
      ranBefore = ran;
      return dueRechecks(ctx, limit);
    },
    ask: async (trackingId) => {
      if ((await recheck(ctx, trackingId)) === 'ran') ran += 1;
    },
  });
  return ran;
}

/** Resolves when the rechecks this instance's timers started have finished (tests). */
export async function ipnRechecksIdle(ctx: ServerContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}
