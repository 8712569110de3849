// Sign-in (and sign-up) with a 6-digit code sent by SMS (docs/decisions/030-phone-sign-in.md). The code
// lives in better-auth's verification table as an HMAC under AUTH_SECRET with its count of wrong
// entries, one per number (a new code replaces the last), for 10 minutes of the shop's clock; the
// fifth wrong entry ends it. Codes: 3 per number and 10 per client address in 15 minutes; wrong codes:
// 20 per address in 15 minutes; then 15 minutes blocked. Whether the number has an account changes
// neither the answers nor the work done before the right code: the right code signs in, or makes
// the account and signs in.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@/domain/locale';
import { isAPIError } from 'better-auth/api';
import { and, eq, isNull } from 'drizzle-orm';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_SIGN_IN_MESSAGES,
  SIGN_IN_CODE_STEP,
  signInCodeSms,
} from '@/domain/phone-sign-in';
import type { Auth } from '../../auth/auth';
import { dropPhonePass, issuePhonePass } from '../../auth/phone-sign-in';
import type { Db } from '../../db/client';
import { profiles, verification } from '../../db/schema';
import type { Env } from '../../env';
import { DomainError, tooManyRequests } from '../../errors';
import type { Logger } from '../../infra/logger';
import {
  blockedUntil,
  hoursOrMinutesLeft,
  minutes,
  minutesLeft,
  recordAttempt,
  secondsLeft,
  type ThrottlePolicy,
} from '../../infra/rate-limiter';
import type { SmsOutbox } from '../../infra/sms/sms-outbox';
import { checkCodeBudget, checkNumberCaps, countWrongEntry, spendCodeBudget, type CodeBudgetEnv } from './sign-in-code-budget';

const PHONE_CODE_THROTTLE = {
  codesPerNumber: { limit: 3, windowMs: minutes(15), blockMs: minutes(15) },
  codesPerAddress: { limit: 10, windowMs: minutes(15), blockMs: minutes(15) },
  wrongCodesPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

const keys = {
  codesNumber: (phone: string) => `phone-code:number:${phone}`,
  codesAddress: (address: string) => `phone-code:address:${address}`,
  wrongAddress: (address: string) => `phone-code-wrong:address:${address}`,
};

/** The verification row of a number's current code. */
const codeIdentifier = (phone: string) => `phone-sign-in-code:${phone}`;

export interface PhoneCodeDeps {
  db: Db;
  auth: Auth;
  env: Pick<Env, 'AUTH_SECRET' | 'SHOP_NAME' | 'PUBLIC_URL'> & CodeBudgetEnv;
  sms: SmsOutbox;
  logger: Logger;
  now: () => Date;
}

const tooMany = (message: string, until: Date, now: Date) => tooManyRequests('TOO_MANY_ATTEMPTS', message, secondsLeft(until, now));

const codeError = (code: string, message: string) => new DomainError('invalid', code, message, { fields: { code: message } });

/** Production always has AUTH_SECRET (env.ts); without one (development) the HMAC is a plain hash. */
function codeHash(secret: string | undefined, phone: string, code: string): string {
  return createHmac('sha256', secret ?? '')
    .update(`${phone}:${code}`)
    .digest('hex');
}

/** value column: '<wrong entries>:<hmac>'. */
function parseStored(value: string): { wrong: number; hash: string } {
  const [wrong, hash] = value.split(':');
  return { wrong: Number(wrong) || 0, hash: hash ?? '' };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Texts a new code to `phone` (E.164), replacing any earlier one; the caller answers the same for every number. */
/** `locale`: the language of the page that asked, so the code comes in it. */
export async function sendPhoneCode(deps: PhoneCodeDeps, phone: string, clientAddress: string, locale: Locale = 'en'): Promise<void> {
  if (!deps.sms.enabled) throw new DomainError('unprocessable', 'PHONE_SIGN_IN_UNAVAILABLE', PHONE_SIGN_IN_MESSAGES.unavailable);
  const now = deps.now();
  const numberKey = keys.codesNumber(phone);
  const addressKey = keys.codesAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [numberKey, addressKey], now);
  if (blocked) throw tooMany(PHONE_SIGN_IN_MESSAGES.tooManyCodes(minutesLeft(blocked, now)), blocked, now);
  await checkCodeBudget(deps.db, deps.env, phone, clientAddress, now);
  await recordAttempt(deps.db, numberKey, PHONE_CODE_THROTTLE.codesPerNumber, now);
  await recordAttempt(deps.db, addressKey, PHONE_CODE_THROTTLE.codesPerAddress, now);
  await spendCodeBudget(deps.db, deps.env, phone, clientAddress, now);

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const identifier = codeIdentifier(phone);
  const message = signInCodeSms({ code, shopName: deps.env.SHOP_NAME, host: new URL(deps.env.PUBLIC_URL).host, locale });
  const smsId = await deps.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: `0:${codeHash(deps.env.AUTH_SECRET, phone, code)}`,
      expiresAt: new Date(now.getTime() + minutes(PHONE_CODE_MINUTES)),
      createdAt: now,
      updatedAt: now,
    });
    return deps.sms.enqueue(tx, {
      orderId: null,
      step: SIGN_IN_CODE_STEP,
      to: phone,
      message,
      dedupeKey: `${SIGN_IN_CODE_STEP}:${randomUUID()}`,
    });
  });
  // Sent after the answer, so the gateway's speed does not show in it; the SMS job retries a failure.
  if (smsId) {
    setImmediate(() => {
      deps.sms.deliver(smsId).catch((err: unknown) => deps.logger.warn({ err }, 'sign-in code SMS not sent yet; the SMS job tries again'));
    });
  }
}

/** wrong: counts against the client address; guessed: a wrong entry of a live code (counts against the number). */
type CodeCheck = { ok: true } | { ok: false; error: DomainError; wrong: boolean; guessed?: boolean };

/** Checks `code` against the number's current code in one locked step, counting a wrong entry. */
async function checkCode(deps: PhoneCodeDeps, phone: string, code: string, now: Date): Promise<CodeCheck> {
  const identifier = codeIdentifier(phone);
  return deps.db.transaction(async (tx): Promise<CodeCheck> => {
    const [row] = await tx.select().from(verification).where(eq(verification.identifier, identifier)).for('update');
    if (!row) return { ok: false, wrong: true, error: codeError('CODE_NOT_FOUND', PHONE_SIGN_IN_MESSAGES.noCode) };
    const stored = parseStored(row.value);
    if (row.expiresAt <= now) {
      await tx.delete(verification).where(eq(verification.id, row.id));
      return { ok: false, wrong: false, error: codeError('CODE_EXPIRED', PHONE_SIGN_IN_MESSAGES.expired) };
    }
    if (sameHash(stored.hash, codeHash(deps.env.AUTH_SECRET, phone, code))) {
      await tx.delete(verification).where(eq(verification.id, row.id));
      return { ok: true };
    }
    const wrong = stored.wrong + 1;
    if (wrong >= PHONE_CODE_TRIES) {
      await tx.delete(verification).where(eq(verification.id, row.id));
      return { ok: false, wrong: true, guessed: true, error: codeError('CODE_TRIES_USED_UP', PHONE_SIGN_IN_MESSAGES.noTriesLeft) };
    }
    await tx
      .update(verification)
      .set({ value: `${wrong}:${stored.hash}`, updatedAt: now })
      .where(eq(verification.id, row.id));
    return {
      ok: false,
      wrong: true,
      guessed: true,
      error: codeError('WRONG_CODE', PHONE_SIGN_IN_MESSAGES.wrongCode(PHONE_CODE_TRIES - wrong)),
    };
  });
}

/**
 * The right code signs in to the number's account, made now if there is none (its profile gets the
 * number as its phone). Returns better-auth's Set-Cookie headers and the account's id.
 */
export async function signInWithPhoneCode(
  deps: PhoneCodeDeps,
  values: { phone: string; code: string },
  clientAddress: string,
  requestHeaders: Headers,
): Promise<{ headers: Headers; userId: string }> {
  const now = deps.now();
  const addressKey = keys.wrongAddress(clientAddress);
  const blocked = await blockedUntil(deps.db, [addressKey], now);
  if (blocked) throw tooMany(PHONE_SIGN_IN_MESSAGES.tooManyWrongCodes(minutesLeft(blocked, now)), blocked, now);
  await checkNumberCaps(deps.db, values.phone, now);
  const check = await checkCode(deps, values.phone, values.code, now);
  if (!check.ok) {
    if (check.wrong) {
      const until = await recordAttempt(deps.db, addressKey, PHONE_CODE_THROTTLE.wrongCodesPerAddress, now);
      if (until) throw tooMany(PHONE_SIGN_IN_MESSAGES.tooManyWrongCodes(minutesLeft(until, now)), until, now);
    }
    if (check.guessed) {
      // A wrong entry of a live code: the number's daily cap ends its code and refuses new ones for a day at most.
      const capped = await countWrongEntry(deps.db, deps.env, values.phone, now);
      if (capped) {
        await deps.db.delete(verification).where(eq(verification.identifier, codeIdentifier(values.phone)));
        throw tooMany(PHONE_SIGN_IN_MESSAGES.numberCapped(hoursOrMinutesLeft(capped, now)), capped, now);
      }
    }
    throw check.error;
  }
  const pass = issuePhonePass(values.phone);
  try {
    const { headers, response } = await deps.auth.api.verifyPhoneNumber({
      body: { phoneNumber: values.phone, code: pass },
      headers: requestHeaders,
      returnHeaders: true,
    });
    const userId = response.user?.id;
    if (!userId) throw new Error('phone sign-in made no session');
    // A new account's profile (made by the user-create hook) takes the number, so checkout fills it in.
    await deps.db
      .update(profiles)
      .set({ phone: values.phone, updatedAt: now })
      .where(and(eq(profiles.id, userId), isNull(profiles.phone)));
    return { headers, userId };
  } catch (err) {
    dropPhonePass(values.phone, pass);
    if (isAPIError(err)) deps.logger.error({ err }, 'phone sign-in refused after a right code');
    throw err;
  }
}
