// Per-address limit on the public IPN address, in auth_throttle like the other per-address limits,
// so it holds across instances. Pesapal sends one notice per change of a payment (and retries), far
// below this; a flood from one address is refused before it costs a database write per call.
import type { Context } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { errorBody } from '../../infra/http/errors';
import { blockedUntil, minutes, recordAttempt, secondsLeft, type ThrottlePolicy } from '../../infra/rate-limiter';
import { limitAddress } from '../../infra/http/client-address';

export const IPN_PER_ADDRESS: ThrottlePolicy = { limit: 120, windowMs: minutes(1), blockMs: minutes(1) };

/** A 429 answer when the caller's address is over the limit, else null (and the call is counted). */
export async function ipnSlowDown(c: Context<AppEnv>, ctx: ServerContext): Promise<Response | null> {
  const address = limitAddress(c);
  // In-process calls (the built-in simulator's notices) have no socket and no address to limit.
  if (address === 'unknown') return null;
  const now = ctx.now();
  const key = `ipn:address:${address}`;
  const until = (await blockedUntil(ctx.db, [key], now)) ?? (await recordAttempt(ctx.db, key, IPN_PER_ADDRESS, now));
  if (!until) return null;
  c.header('Retry-After', String(secondsLeft(until, now)));
  return c.json(errorBody('TOO_MANY_REQUESTS', 'Too many notifications from this address. Please try again later.'), 429);
}
