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
  const timer = setTimeout(() => track(ctx, recheckByTimer(ctx, trackingId, tries)), delay);
  timer.unref();
}

async function recheckByTimer(ctx: ServerContext, trackingId: string, tries: number): Promise<void> {
  try {
    if (await recheck(ctx, trackingId)) return;
    if (tries + 1 < MAX_TRIES) scheduleRecheck(ctx, trackingId, new Date(ctx.now().getTime() + IPN_REPEAT_WINDOW_MS), tries + 1);
  } catch (err) {
    ctx.logger.warn({ err, trackingId }, 'IPN recheck failed; the background job will try again');
  }
}

/** Claims and runs a due recheck; false when it is not due yet or another check is in flight. */
async function recheck(ctx: ServerContext, trackingId: string): Promise<boolean> {
  if (!(await dueRechecks(ctx, 1, trackingId)).length) return false;
  const claimed = await claimStatusCheck(ctx, trackingId);
  if (!claimed) return false;
  await checkStatus(ctx, claimed, trackingId);
  return true;
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
      if (await recheck(ctx, trackingId)) ran += 1;
    },
  });
  return ran;
}

/** Resolves when the rechecks this instance's timers started have finished (tests). */
export async function ipnRechecksIdle(ctx: ServerContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}
