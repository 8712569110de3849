// The emailed sign-in link (better-auth's magic-link plugin, configured in auth/auth.ts): for an owner
// the per-email slowdown keeps out, because strangers keep guessing their password. Mailed only to an
// existing, verified account; the token is random, stored as its SHA-256, works once within 15
// minutes. Requests: 3 per email and 10 per client address in 15 minutes; invalid links: 20 per
// address in 15 minutes, then 15 minutes blocked. The request answers the same whether or not the
// account exists.
import { randomUUID } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { eq, like } from 'drizzle-orm';
import { SIGN_IN_LINK_MESSAGES } from '@/domain/sign-in-link';
import type { Db } from '../../db/client';
import { user, verification } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../errors';
import { blockedUntil, minutes, minutesLeft, recordAttempt, type ThrottlePolicy } from '../../infra/rate-limiter';
import { ACCOUNT_MESSAGES } from './account-messages';
import type { PasswordAuthDeps } from './password-auth.service';

const LINK_THROTTLE = {
  requestPerEmail: { limit: 3, windowMs: minutes(15), blockMs: minutes(15) },
  requestPerAddress: { limit: 10, windowMs: minutes(15), blockMs: minutes(15) },
  invalidPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

const keys = {
  requestEmail: (email: string) => `sign-in-link:email:${email}`,
  requestAddress: (address: string) => `sign-in-link:address:${address}`,
  invalidAddress: (address: string) => `sign-in-link-use:address:${address}`,
};

const tooMany = (message: string) => tooManyRequests('TOO_MANY_ATTEMPTS', message);

/** Mails a sign-in link when the account exists and is verified; the caller answers the same either way. */
export async function requestSignInLink(deps: PasswordAuthDeps, email: string, clientAddress: string): Promise<void> {
  const now = deps.now();
  const emailKey = keys.requestEmail(email);
  const addressKey = keys.requestAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailKey, addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignInLinks(minutesLeft(blocked, now)));
  await recordAttempt(deps.db, emailKey, LINK_THROTTLE.requestPerEmail, now);
  await recordAttempt(deps.db, addressKey, LINK_THROTTLE.requestPerAddress, now);
  const [known] = await deps.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email.toLowerCase()))
    .limit(1);
  // No request headers: a signed-in visitor's session has nothing to do with the account asked for.
  try {
    await deps.auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
  } catch (err) {
    if (!isAPIError(err)) throw err;
  }
  // A verified account stored its token and queued its mail; any other address makes a second write
  // like it, so the answer takes about as long either way.
  if (!known?.emailVerified) await writeLinkDecoy(deps.db, now);
}

const LINK_DECOY = 'sign-in-link-decoy:';

/** A verification row nobody can use (no reader knows this prefix, and it is expired), replacing the last. */
async function writeLinkDecoy(db: Db, now: Date): Promise<void> {
  await db.delete(verification).where(like(verification.identifier, `${LINK_DECOY}%`));
  await db
    .insert(verification)
    .values({ id: randomUUID(), identifier: `${LINK_DECOY}${randomUUID()}`, value: '', expiresAt: now, createdAt: now, updatedAt: now });
}

/**
 * Uses an emailed link's token: a new session (better-auth's Set-Cookie headers) and the account's id.
 * A used, expired or unknown token answers 400 with SIGN_IN_LINK_MESSAGES.invalid.
 */
export async function useSignInLink(
  deps: PasswordAuthDeps,
  token: string,
  clientAddress: string,
  requestHeaders: Headers,
): Promise<{ headers: Headers; userId: string }> {
  const now = deps.now();
  const addressKey = keys.invalidAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignInLinkTries(minutesLeft(blocked, now)));
  try {
    const { headers, response } = await deps.auth.api.magicLinkVerify({ query: { token }, headers: requestHeaders, returnHeaders: true });
    return { headers, userId: response.user.id };
  } catch (err) {
    // better-auth answers a bad token with a redirect carrying ?error=INVALID_TOKEN.
    if (!isAPIError(err)) throw err;
    const until = await recordAttempt(deps.db, addressKey, LINK_THROTTLE.invalidPerAddress, now);
    if (until) throw tooMany(ACCOUNT_MESSAGES.tooManySignInLinkTries(minutesLeft(until, now)));
    throw badRequest(SIGN_IN_LINK_MESSAGES.invalid, { token: SIGN_IN_LINK_MESSAGES.invalid });
  }
}
