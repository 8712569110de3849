// Email + password through better-auth's API, behind our validation and throttling. Limits
// (docs/decisions/003-accounts.md): failed sign-ins 5 per email from one client address, 20 per
// address and 50 per email from all addresses in 15 minutes, then 15 minutes blocked; sign-ups 20
// per address an hour; verification mails 3 per email and 10 per address in 15 minutes. Keying the
// tight limit on email and address together means a stranger's failures cannot lock the owner out.
// (IPv6 addresses count by their /64, see client-address.ts.)
import { isAPIError } from 'better-auth/api';
import { MESSAGES, type SignInValues, type SignUpValues } from '../../../domain/validation';
import { VERIFIED_CALLBACK_PATH, type Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';
import { ACCOUNT_MESSAGES } from './account-messages';
import { saveSignUpProfile } from './account.service';
import { blockedUntil, clearAttempts, minutes, minutesLeft, recordAttempt, type ThrottlePolicy } from './auth-throttle';

export const THROTTLE = {
  signInPerEmailAndAddress: { limit: 5, windowMs: minutes(15), blockMs: minutes(15) },
  signInPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
  /** Guessing one account's password from many addresses at once. */
  signInPerEmail: { limit: 50, windowMs: minutes(15), blockMs: minutes(15) },
  signUpPerAddress: { limit: 20, windowMs: minutes(60), blockMs: minutes(60) },
  resendPerEmail: { limit: 3, windowMs: minutes(15), blockMs: minutes(15) },
  resendPerAddress: { limit: 10, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

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

const tooMany = (message: string) => new AppError(429, 'TOO_MANY_ATTEMPTS', message);

/** Creates the account (better-auth mails the verification link) and stores the profile metadata. */
export async function signUp(deps: PasswordAuthDeps, values: SignUpValues, clientAddress: string): Promise<void> {
  const now = deps.now();
  const key = keys.signUpAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [key], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignUps(minutesLeft(blocked, now)));
  await recordAttempt(deps.db, key, THROTTLE.signUpPerAddress, now);
  try {
    const result = await deps.auth.api.signUpEmail({
      body: { name: values.fullName, email: values.email, password: values.password, callbackURL: VERIFIED_CALLBACK_PATH },
    });
    // For an address that already has an account better-auth returns a made-up user: no row matches.
    await saveSignUpProfile(deps.db, result.user.id, values);
  } catch (err) {
    throw fromAuthError(err);
  }
}

/** Signs in; returns better-auth's Set-Cookie headers for the new session. */
export async function signIn(
  deps: PasswordAuthDeps,
  values: SignInValues,
  clientAddress: string,
  requestHeaders: Headers,
): Promise<Headers> {
  const now = deps.now();
  const emailAndAddressKey = keys.signInEmailAndAddress(values.email, clientAddress);
  const emailKey = keys.signInEmail(values.email);
  const addressKey = keys.signInAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailAndAddressKey, addressKey, emailKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManySignIns(minutesLeft(blocked, now)));
  try {
    const { headers } = await deps.auth.api.signInEmail({
      body: { email: values.email, password: values.password, callbackURL: VERIFIED_CALLBACK_PATH },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await clearAttempts(deps.db, emailAndAddressKey);
    return headers;
  } catch (err) {
    if (authErrorCode(err) !== 'INVALID_EMAIL_OR_PASSWORD') throw fromAuthError(err);
    const byEmailAndAddress = await recordAttempt(deps.db, emailAndAddressKey, THROTTLE.signInPerEmailAndAddress, now);
    const byAddress = await recordAttempt(deps.db, addressKey, THROTTLE.signInPerAddress, now);
    const byEmail = await recordAttempt(deps.db, emailKey, THROTTLE.signInPerEmail, now);
    const until = byEmailAndAddress ?? byAddress ?? byEmail;
    if (until) throw tooMany(ACCOUNT_MESSAGES.tooManySignIns(minutesLeft(until, now)));
    throw new AppError(401, 'INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
  }
}

/** Mails a new link when the account exists and is unverified; the answer is the same either way. */
export async function resendVerification(deps: PasswordAuthDeps, email: string, clientAddress: string): Promise<void> {
  const now = deps.now();
  const emailKey = keys.resendEmail(email);
  const addressKey = keys.resendAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [emailKey, addressKey], now);
  if (blocked) throw tooMany(ACCOUNT_MESSAGES.tooManyResends(minutesLeft(blocked, now)));
  await recordAttempt(deps.db, emailKey, THROTTLE.resendPerEmail, now);
  await recordAttempt(deps.db, addressKey, THROTTLE.resendPerAddress, now);
  // No request headers: better-auth must not mistake a signed-in visitor's session for the account.
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_PATH } });
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
      return new AppError(403, 'EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
    default:
      return err;
  }
}
