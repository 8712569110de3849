// Forgotten passwords through better-auth (single-use token, 1 hour, every session ended on reset),
// behind our validation and throttling: reset mails 3 per email and 10 per client address in
// 15 minutes; failed resets (a wrong or used link) 20 per address in 15 minutes, then 15 minutes
// blocked, like failed sign-ins. The request answers the same whether or not the account exists.
import { randomUUID } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { eq, like } from 'drizzle-orm';
import { PASSWORD_RESET_MESSAGES, type ResetPasswordValues } from '@/domain/password-reset';
import { badRequest, tooManyRequests } from '../../errors';
import { ACCOUNT_MESSAGES } from './account-messages';
import { blockedUntil, minutes, minutesLeft, recordAttempt, type ThrottlePolicy } from '../../infra/rate-limiter';
import type { PasswordAuthDeps } from './password-auth.service';
import type { Db } from '../../db/client';
import { user, verification } from '../../db/schema';

const RESET_THROTTLE = {
  requestPerEmail: { limit: 3, windowMs: minutes(15), blockMs: minutes(15) },
  requestPerAddress: { limit: 10, windowMs: minutes(15), blockMs: minutes(15) },
  failedResetPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

const keys = {
  requestEmail: (email: string) => `reset-request:email:${email}`,
  requestAddress: (address: string) => `reset-request:address:${address}`,
  failedResetAddress: (address: string) => `reset:address:${address}`,
};

const tooMany = (message: string) => tooManyRequests('TOO_MANY_ATTEMPTS', message);

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: PasswordAuthDeps, email: string, clientAddress: string): Promise<void> {
  const now = deps.now();
  const emailKey = keys.requestEmail(email);
  const addressKey = keys.requestAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailKey, addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManyResets(minutesLeft(blocked, now)));
  await recordAttempt(deps.db, emailKey, RESET_THROTTLE.requestPerEmail, now);
  await recordAttempt(deps.db, addressKey, RESET_THROTTLE.requestPerAddress, now);
  const [known] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  // No request headers: a signed-in visitor's session has nothing to do with the account asked for.
  try {
    await deps.auth.api.requestPasswordReset({ body: { email } });
  } catch (err) {
    // better-auth's own email check is stricter than ours in rare cases: still the same answer.
    if (!isAPIError(err)) throw err;
  }
  // A known address wrote its token and queued its mail; an unknown one makes two writes like them,
  // so the answer takes about as long either way and its timing does not tell.
  if (!known) await writeResetDecoy(deps.db, now);
}

const RESET_DECOY = 'reset-password-decoy:';

/** A verification row nobody can use (better-auth never reads this prefix, and it is expired), replacing the last. */
async function writeResetDecoy(db: Db, now: Date): Promise<void> {
  await db.delete(verification).where(like(verification.identifier, `${RESET_DECOY}%`));
  await db
    .insert(verification)
    .values({ id: randomUUID(), identifier: `${RESET_DECOY}${randomUUID()}`, value: '', expiresAt: now, createdAt: now, updatedAt: now });
}

/** Sets the new password from an emailed token; better-auth ends every session of the account. */
export async function resetPassword(deps: PasswordAuthDeps, values: ResetPasswordValues, clientAddress: string): Promise<void> {
  const now = deps.now();
  const addressKey = keys.failedResetAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManyResetTries(minutesLeft(blocked, now)));
  try {
    await deps.auth.api.resetPassword({ body: { token: values.token, newPassword: values.password } });
  } catch (err) {
    if (!isAPIError(err)) throw err;
    const code = (err.body as { code?: unknown } | undefined)?.code;
    if (code !== 'INVALID_TOKEN' && code !== 'USER_NOT_FOUND') throw err;
    const until = await recordAttempt(deps.db, addressKey, RESET_THROTTLE.failedResetPerAddress, now);
    if (until) throw tooMany(ACCOUNT_MESSAGES.tooManyResetTries(minutesLeft(until, now)));
    throw badRequest(PASSWORD_RESET_MESSAGES.linkInvalid, { token: PASSWORD_RESET_MESSAGES.linkInvalid });
  }
}
