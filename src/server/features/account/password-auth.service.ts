// Email + password through better-auth's API, behind our validation and throttling. Limits
// (docs/decisions/003-accounts.md): failed sign-ins 5 per email from one client address and 20 per
// address in 15 minutes, then 15 minutes blocked; per email from all addresses no block but a
// slowdown (after 10 failures in an hour a wait that doubles from 1 s to at most 60 s), which a
// browser holding a valid device token of the account skips; sign-ups 20 per address an hour;
// verification mails 3 per email and 10 per address in 15 minutes. No stranger can lock the owner
// out. (IPv6 addresses count by their /64, see client-address.ts.)
import { isAPIError } from 'better-auth/api';
import { MESSAGES, type SignInValues, type SignUpValues } from '@/domain/validation';
import { DEFAULT_RETURN_PATH } from '@/domain/return-path';
import { isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { badRequest, DomainError, tooManyRequests } from '../../errors';
import { ACCOUNT_MESSAGES } from './account-messages';
import { saveSignUpProfile } from './account.service';
import {
  blockedUntil,
  clearAttempts,
  minutes,
  minutesLeft,
  recordAttempt,
  recordSlowedFailure,
  secondsLeft,
  waitLeft,
  type SlowdownPolicy,
  type ThrottlePolicy,
} from '../../infra/rate-limiter';

export const THROTTLE = {
  signInPerEmailAndAddress: { limit: 5, windowMs: minutes(15), blockMs: minutes(15) },
  signInPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
  signUpPerAddress: { limit: 20, windowMs: minutes(60), blockMs: minutes(60) },
  resendPerEmail: { limit: 3, windowMs: minutes(15), blockMs: minutes(15) },
  resendPerAddress: { limit: 10, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

/**
 * Guessing one account's password from many addresses: slowed, never blocked (a block would let
 * anyone lock the owner out). About 16 guesses in the first minute, then one a minute.
 */
export const SIGN_IN_SLOWDOWN_PER_EMAIL = {
  free: 10,
  windowMs: minutes(60),
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
} satisfies SlowdownPolicy;

export interface PasswordAuthDeps {
  db: Db;
  auth: Auth;
  now: () => Date;
}

const keys = {
  signInEmailAndAddress: (email: string, address: string) => `sign-in:email-address:${email}|${address}`,
  signInEmail: (email: string) => `sign-in:email:${email}`,
  signInAddress: (address: string) => `sign-in:address:${address}`,
  signUpAddress: (address: string) => `sign-up:address:${address}`,
  resendEmail: (email: string) => `resend:email:${email}`,
  resendAddress: (address: string) => `resend:address:${address}`,
};

const tooMany = (message: string, until: Date, now: Date) => tooManyRequests('TOO_MANY_ATTEMPTS', message, secondsLeft(until, now));

/**
 * Creates the account (better-auth mails the verification link) and stores the profile metadata.
 * `returnTo` (a safe path, checked by the route) is where the link brings the customer back to.
 */
export async function signUp(
  deps: PasswordAuthDeps,
  values: SignUpValues,
  clientAddress: string,
  returnTo: string = DEFAULT_RETURN_PATH,
): Promise<void> {
  // The stand-in address of phone-only accounts can receive no mail, and would take that account's place.
  if (isPhoneOnlyEmail(values.email)) throw badRequest(MESSAGES.invalidEmail, { email: MESSAGES.invalidEmail });
  const now = deps.now();
  const key = keys.signUpAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [key], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignUps(minutesLeft(blocked, now)), blocked, now);
  await recordAttempt(deps.db, key, THROTTLE.signUpPerAddress, now);
  try {
    const result = await deps.auth.api.signUpEmail({
      body: { name: values.fullName, email: values.email, password: values.password, callbackURL: returnTo },
    });
    // For an address that already has an account better-auth returns a made-up user: no row matches.
    await saveSignUpProfile(deps.db, result.user.id, values, now);
  } catch (err) {
    throw fromAuthError(err);
  }
}

/**
 * Signs in; returns better-auth's Set-Cookie headers for the new session and the account's id.
 * `knownDevice`: the browser holds a valid device token of this account (known-device.ts), so
 * strangers' failures do not slow it.
 */
export async function signIn(
  deps: PasswordAuthDeps,
  values: SignInValues,
  clientAddress: string,
  requestHeaders: Headers,
  knownDevice = false,
): Promise<{ headers: Headers; userId: string }> {
  const now = deps.now();
  const emailAndAddressKey = keys.signInEmailAndAddress(values.email, clientAddress);
  const emailKey = keys.signInEmail(values.email);
  const addressKey = keys.signInAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailAndAddressKey, addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignIns(minutesLeft(blocked, now)), blocked, now);
  if (!knownDevice) {
    const slowed = await blockedUntil(deps.db, [emailKey], now);
    if (slowed) throw tooMany(ACCOUNT_MESSAGES.signInSlowedDown(waitLeft(slowed, now)), slowed, now);
  }
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email: values.email, password: values.password, callbackURL: DEFAULT_RETURN_PATH },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await clearAttempts(deps.db, emailAndAddressKey);
    return { headers, userId: response.user.id };
  } catch (err) {
    if (authErrorCode(err) !== 'INVALID_EMAIL_OR_PASSWORD') throw fromAuthError(err);
    const byEmailAndAddress = await recordAttempt(deps.db, emailAndAddressKey, THROTTLE.signInPerEmailAndAddress, now);
    const byAddress = await recordAttempt(deps.db, addressKey, THROTTLE.signInPerAddress, now);
    // The owner's own browser mistyping is counted by address only: it is not a stranger guessing.
    if (!knownDevice) await recordSlowedFailure(deps.db, emailKey, SIGN_IN_SLOWDOWN_PER_EMAIL, now);
    const until = byEmailAndAddress ?? byAddress;
    if (until) throw tooMany(ACCOUNT_MESSAGES.tooManySignIns(minutesLeft(until, now)), until, now);
    throw new DomainError('unauthenticated', 'INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
  }
}

/** Mails a new link when the account exists and is unverified; the answer is the same either way. */
export async function resendVerification(
  deps: PasswordAuthDeps,
  email: string,
  clientAddress: string,
  returnTo: string = DEFAULT_RETURN_PATH,
): Promise<void> {
  const now = deps.now();
  const emailKey = keys.resendEmail(email);
  const addressKey = keys.resendAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailKey, addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManyResends(minutesLeft(blocked, now)), blocked, now);
  await recordAttempt(deps.db, emailKey, THROTTLE.resendPerEmail, now);
  await recordAttempt(deps.db, addressKey, THROTTLE.resendPerAddress, now);
  // No request headers: better-auth must not mistake a signed-in visitor's session for the account.
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: returnTo } });
  } catch (err) {
    throw fromAuthError(err);
  }
}

function authErrorCode(err: unknown): string | undefined {
  if (!isAPIError(err)) return undefined;
  const body = err.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** better-auth's own checks, reworded; anything unexpected stays a 500. */
function fromAuthError(err: unknown): unknown {
  switch (authErrorCode(err)) {
    case 'INVALID_EMAIL':
      return badRequest(MESSAGES.invalidEmail, { email: MESSAGES.invalidEmail });
    case 'PASSWORD_TOO_SHORT':
      return badRequest(MESSAGES.passwordTooShort, { password: MESSAGES.passwordTooShort });
    case 'PASSWORD_TOO_LONG':
      return badRequest(ACCOUNT_MESSAGES.passwordTooLong, { password: ACCOUNT_MESSAGES.passwordTooLong });
    case 'EMAIL_NOT_VERIFIED':
      return new DomainError('forbidden', 'EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
    case undefined:
    default:
      return err;
  }
}
