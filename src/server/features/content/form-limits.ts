// Per-address limits on the public forms, so a script cannot flood the merchant's inbox or the
// newsletter list. Counted by the sign-in throttle's upsert in auth_throttle: in the database, so
// the limit holds across instances.
import type { Context } from 'hono';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { blockedUntil, minutes, minutesLeft, recordAttempt } from '../../infra/rate-limiter';
import { limitAddress } from '../../infra/http/client-address';

interface FormLimit {
  /** Posts accepted per address in one window. */
  allowed: number;
  windowMs: number;
  message: (wait: string) => string;
}

const FORM_LIMITS = {
  contact: {
    allowed: 5,
    windowMs: minutes(60),
    message: (wait) => `You have sent several messages already. Please wait ${wait} before sending another.`,
  },
  newsletter: {
    allowed: 10,
    windowMs: minutes(60),
    message: (wait) => `Too many sign-ups from your network. Please wait ${wait} and try again.`,
  },
} satisfies Record<string, FormLimit>;

export type LimitedForm = keyof typeof FORM_LIMITS;

/**
 * Counts this post against the client's address, or answers 429 with the wait. Counting first and
 * rejecting the post that went over keeps concurrent posts from slipping past the limit.
 */
export async function takeFormSlot(c: Context, db: DbOrTx, form: LimitedForm, now: Date): Promise<void> {
  const limit: FormLimit = FORM_LIMITS[form];
  const key = `${form}:address:${limitAddress(c)}`;
  // The throttle blocks on the attempt that reaches its limit: the one after the allowed posts.
  const policy = { limit: limit.allowed + 1, windowMs: limit.windowMs, blockMs: limit.windowMs };
  const until = (await blockedUntil(db, [key], now)) ?? (await recordAttempt(db, key, policy, now));
  if (!until) return;
  c.header('Retry-After', String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))));
  throw tooManyRequests('TOO_MANY_REQUESTS', limit.message(minutesLeft(until, now)));
}
