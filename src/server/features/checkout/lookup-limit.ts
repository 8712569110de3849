// The address suggestions, place details and delivery fee are open to visitors who have not signed
// in (the cart shows the fee before checkout). Each call may cost a paid Places / Distance Matrix
// request, so a visitor without a session gets a budget per client address: 120 look-ups in
// 15 minutes (choosing an area takes about ten), counted in auth_throttle so it holds across
// instances. Signed-in customers are not counted.
import type { Context } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { tooManyRequests } from '../../errors';
import { limitAddress } from '../../infra/http/client-address';
import { blockedUntil, minutes, minutesLeft, recordAttempt, secondsLeft } from '../../infra/rate-limiter';

const ANONYMOUS_LOOKUPS = { allowed: 120, windowMs: minutes(15) };

const TOO_MANY_LOOKUPS = (wait: string) => `Too many address look-ups from your network. Please wait ${wait}, or sign in to go on.`;

/** Counts one look-up of a visitor without a session, or answers 429 with the wait. */
export async function takeLookupSlot(c: Context<AppEnv>, ctx: ServerContext): Promise<void> {
  if (c.get('user')) return;
  const now = ctx.now();
  const key = `address-lookup:address:${limitAddress(c)}`;
  // The throttle blocks on the attempt that reaches its limit: the one after the allowed look-ups.
  const policy = { limit: ANONYMOUS_LOOKUPS.allowed + 1, windowMs: ANONYMOUS_LOOKUPS.windowMs, blockMs: ANONYMOUS_LOOKUPS.windowMs };
  const until = (await blockedUntil(ctx.db, [key], now)) ?? (await recordAttempt(ctx.db, key, policy, now));
  if (until) throw tooManyRequests('TOO_MANY_REQUESTS', TOO_MANY_LOOKUPS(minutesLeft(until, now)), secondsLeft(until, now));
}
