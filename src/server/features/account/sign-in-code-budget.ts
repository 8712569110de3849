// The overall budget of SMS sign-in codes (docs/decisions/031-pending-emails-and-sms-budget.md): every
// code is an SMS billed to the merchant, so besides the 15-minute limits per number and per address
// there are ceilings per hour and per day for the whole shop and for each client network (an IPv6
// /48, an IPv4 address), and per number a daily cap on codes and on wrong entries. Counts live in
// auth_throttle (shared by every instance, on the shop's clock). A shop or network ceiling reached is
// written to the audit log and shown in the back office while it holds; a number's cap ends within a day.
import { and, gt, like } from 'drizzle-orm';
import { PHONE_SIGN_IN_MESSAGES } from '@/domain/phone-sign-in';
import type { DbOrTx } from '../../db/client';
import { authThrottle } from '../../db/schema';
import type { Env } from '../../env';
import { tooManyRequests } from '../../errors';
import { writeAudit } from '../../infra/audit-log';
import { wideNetwork } from '../../infra/http/client-address';
import { blockedUntil, hoursOrMinutesLeft, minutes, recordAttempt, secondsLeft, type ThrottlePolicy } from '../../infra/rate-limiter';

export type CodeBudgetEnv = Pick<
  Env,
  | 'SMS_CODES_PER_HOUR'
  | 'SMS_CODES_PER_DAY'
  | 'SMS_CODES_PER_NETWORK_HOUR'
  | 'SMS_CODES_PER_NETWORK_DAY'
  | 'SMS_CODES_PER_NUMBER_DAY'
  | 'SMS_WRONG_CODES_PER_NUMBER_DAY'
>;

const HOUR = minutes(60);
const DAY = 24 * HOUR;
const per = (limit: number, windowMs: number): ThrottlePolicy => ({ limit, windowMs, blockMs: windowMs });

/** The audit action written when a shop-wide or network ceiling is reached. */
const CEILING_REACHED_ACTION = 'SMS_CODE_CEILING_REACHED';

const BUDGET_PREFIX = 'sms-code-budget:';

interface Ceiling {
  key: string;
  policy: ThrottlePolicy;
  scope: 'shop' | 'network';
  window: 'hour' | 'day';
}

function ceilings(env: CodeBudgetEnv, clientAddress: string): Ceiling[] {
  const network = wideNetwork(clientAddress);
  return [
    { key: `${BUDGET_PREFIX}shop:hour`, policy: per(env.SMS_CODES_PER_HOUR, HOUR), scope: 'shop', window: 'hour' },
    { key: `${BUDGET_PREFIX}shop:day`, policy: per(env.SMS_CODES_PER_DAY, DAY), scope: 'shop', window: 'day' },
    { key: `${BUDGET_PREFIX}network:hour:${network}`, policy: per(env.SMS_CODES_PER_NETWORK_HOUR, HOUR), scope: 'network', window: 'hour' },
    { key: `${BUDGET_PREFIX}network:day:${network}`, policy: per(env.SMS_CODES_PER_NETWORK_DAY, DAY), scope: 'network', window: 'day' },
  ];
}

const numberKeys = {
  codes: (phone: string) => `phone-code-day:number:${phone}`,
  wrong: (phone: string) => `phone-code-wrong-day:number:${phone}`,
};

const tooMany = (message: string, until: Date, now: Date) => tooManyRequests('TOO_MANY_ATTEMPTS', message, secondsLeft(until, now));

/** Refuses a new code while the shop, the client's network or the number is over its budget. */
export async function checkCodeBudget(db: DbOrTx, env: CodeBudgetEnv, phone: string, clientAddress: string, now: Date): Promise<void> {
  const all = ceilings(env, clientAddress);
  const shop = await blockedUntil(
    db,
    all.filter((c) => c.scope === 'shop').map((c) => c.key),
    now,
  );
  if (shop) throw tooMany(PHONE_SIGN_IN_MESSAGES.codesPaused(hoursOrMinutesLeft(shop, now)), shop, now);
  const network = await blockedUntil(
    db,
    all.filter((c) => c.scope === 'network').map((c) => c.key),
    now,
  );
  if (network) throw tooMany(PHONE_SIGN_IN_MESSAGES.tooManyFromNetwork(hoursOrMinutesLeft(network, now)), network, now);
  await checkNumberCaps(db, phone, now);
}

/** Refuses a number whose daily cap on codes or on wrong entries is reached (for at most a day). */
export async function checkNumberCaps(db: DbOrTx, phone: string, now: Date): Promise<void> {
  const number = await blockedUntil(db, [numberKeys.codes(phone), numberKeys.wrong(phone)], now);
  if (number) throw tooMany(PHONE_SIGN_IN_MESSAGES.numberCapped(hoursOrMinutesLeft(number, now)), number, now);
}

/** Counts one code sent; a shop or network ceiling reached by it is audited (the back office shows it). */
export async function spendCodeBudget(db: DbOrTx, env: CodeBudgetEnv, phone: string, clientAddress: string, now: Date): Promise<void> {
  for (const ceiling of ceilings(env, clientAddress)) {
    const until = await recordAttempt(db, ceiling.key, ceiling.policy, now);
    if (!until) continue;
    await writeAudit(db, {
      userId: null,
      action: CEILING_REACHED_ACTION,
      tableName: 'auth_throttle',
      recordId: ceiling.key,
      details: { scope: ceiling.scope, window: ceiling.window, limit: ceiling.policy.limit, until: until.toISOString() },
    });
  }
  await recordAttempt(db, numberKeys.codes(phone), per(env.SMS_CODES_PER_NUMBER_DAY, DAY), now);
}

/** Counts a wrong entry of a live code; returns the end of the number's block when the cap is reached. */
export async function countWrongEntry(db: DbOrTx, env: CodeBudgetEnv, phone: string, now: Date): Promise<Date | null> {
  return recordAttempt(db, numberKeys.wrong(phone), per(env.SMS_WRONG_CODES_PER_NUMBER_DAY, DAY), now);
}

export interface CeilingAlert {
  scope: 'shop' | 'network';
  window: 'hour' | 'day';
  /** The IPv6 /48 or IPv4 address, for a network's ceiling. */
  network: string | null;
  until: string;
  message: string;
}

/** The shop-wide and network ceilings holding now, for the back office. */
export async function ceilingAlerts(db: DbOrTx, env: CodeBudgetEnv, now: Date): Promise<CeilingAlert[]> {
  const rows = await db
    .select({ key: authThrottle.key, until: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(like(authThrottle.key, `${BUDGET_PREFIX}%`), gt(authThrottle.blockedUntil, now)));
  const alerts: CeilingAlert[] = [];
  for (const row of rows) {
    const [scope, window, ...rest] = row.key.slice(BUDGET_PREFIX.length).split(':');
    if ((scope !== 'shop' && scope !== 'network') || (window !== 'hour' && window !== 'day') || !row.until) continue;
    const network = scope === 'network' ? rest.join(':') : null;
    const limit =
      scope === 'shop'
        ? window === 'hour'
          ? env.SMS_CODES_PER_HOUR
          : env.SMS_CODES_PER_DAY
        : window === 'hour'
          ? env.SMS_CODES_PER_NETWORK_HOUR
          : env.SMS_CODES_PER_NETWORK_DAY;
    const who = network ? `from the network ${network}` : 'for the whole shop';
    alerts.push({
      scope,
      window,
      network,
      until: row.until.toISOString(),
      message: `Sign-in codes by SMS ${who} reached the ceiling of ${limit} a${window === 'hour' ? 'n hour' : ' day'}: no more are sent for ${hoursOrMinutesLeft(row.until, now)}. Customers can still sign in by email.`,
    });
  }
  return alerts.sort((a, b) => (a.scope === b.scope ? a.until.localeCompare(b.until) : a.scope === 'shop' ? -1 : 1));
}
