// The one exponential backoff: the pause before retry n doubles from baseMs, is capped at maxMs and
// may get up to `jitter` (a fraction) of itself added, so clients that failed together do not all
// retry together. Pure (no timers): the mail and SMS outboxes, payment checks, the Pesapal client
// and simulator, the database's LISTEN connection and the browser's live stream each pass their own
// numbers.

export interface BackoffOptions {
  /** The pause before the first retry. */
  baseMs: number;
  /** No pause is longer than this (before jitter); none when left out. */
  maxMs?: number;
  /** Up to this fraction of the pause is added at random (0.3: up to 30 % longer). */
  jitter?: number;
  /** A number in [0, 1); Math.random when left out. */
  random?: () => number;
}

/** The pause before retry `attempt` (1 is the first retry; less counts as 1): baseMs · 2^(attempt − 1). */
export function backoff(attempt: number, opts: BackoffOptions): number {
  const capped = Math.min(opts.baseMs * 2 ** Math.max(0, attempt - 1), opts.maxMs ?? Number.POSITIVE_INFINITY);
  if (!opts.jitter) return capped;
  return capped + (opts.random ?? Math.random)() * opts.jitter * capped;
}
