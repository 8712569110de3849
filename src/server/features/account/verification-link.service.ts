// Using the emailed verification link (/auth?verify=<code>, made by auth/verification-link.ts): the
// button on that page posts the code here. The first use verifies the address and signs the
// customer in (better-auth's verifyEmail with autoSignInAfterVerification); a later use, or one after
// the address was verified some other way, signs nobody in and says the customer can sign in now.
// Either way the answer carries the page to go back to. Invalid codes: 20 per client address in
// 15 minutes, then 15 minutes blocked (a code has 128 random bits: this only stops a flood).
import { isAPIError } from 'better-auth/api';
import { EMAIL_VERIFICATION_MESSAGES } from '@/domain/email-verification';
import { findVerificationLink } from '../../auth/verification-link';
import { badRequest, tooManyRequests } from '../../errors';
import { blockedUntil, minutes, minutesLeft, recordAttempt, type ThrottlePolicy } from '../../infra/rate-limiter';
import { ACCOUNT_MESSAGES } from './account-messages';
import type { PasswordAuthDeps } from './password-auth.service';

const INVALID_LINKS_PER_ADDRESS = { limit: 20, windowMs: minutes(15), blockMs: minutes(15) } satisfies ThrottlePolicy;

const invalidKey = (address: string) => `verify-link-use:address:${address}`;

export interface VerificationOutcome {
  /** better-auth's Set-Cookie headers (a new session when signedIn). */
  headers: Headers;
  userId: string;
  signedIn: boolean;
  returnTo: string;
}

export async function useVerificationLink(
  deps: PasswordAuthDeps,
  code: string,
  clientAddress: string,
  requestHeaders: Headers,
): Promise<VerificationOutcome> {
  const now = deps.now();
  const key = invalidKey(clientAddress);
  const blocked = await blockedUntil(deps.db, [key], now);
  if (blocked) throw tooManyRequests('TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyVerificationTries(minutesLeft(blocked, now)));
  const invalid = async () => {
    const until = await recordAttempt(deps.db, key, INVALID_LINKS_PER_ADDRESS, now);
    if (until) return tooManyRequests('TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyVerificationTries(minutesLeft(until, now)));
    return badRequest(EMAIL_VERIFICATION_MESSAGES.invalid, { token: EMAIL_VERIFICATION_MESSAGES.invalid });
  };
  const link = await findVerificationLink(deps.db, code, now);
  if (!link) throw await invalid();
  try {
    const { headers } = await deps.auth.api.verifyEmail({ query: { token: link.token }, headers: requestHeaders, returnHeaders: true });
    const signedIn = headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));
    return { headers, userId: link.userId, signedIn, returnTo: link.returnTo };
  } catch (err) {
    // An expired token, or an account that no longer exists.
    if (!isAPIError(err)) throw err;
    throw await invalid();
  }
}
