// The secret of the incoming-messages callback: POST /api/sms/replies/<token>. Africa's Talking does
// not sign its callbacks, so the address is the secret (as M-Pesa's callback is): AT_CALLBACK_TOKEN,
// or, with the development SMS box (never in production), a fixed stand-in so replies can be tried.
import { timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';

/** Development only: the SMS box is refused in production, and this goes with it. */
const DEV_SMS_REPLIES_TOKEN = 'dev-sms-box-replies-token-not-a-secret';

/** The callback's secret, or null when replies are not taken (Africa's Talking without AT_CALLBACK_TOKEN). */
function smsReplyToken(env: Env): string | null {
  if (env.AT_CALLBACK_TOKEN) return env.AT_CALLBACK_TOKEN;
  const devBox = !env.SMS_DISABLED && !(env.AT_USERNAME && env.AT_API_KEY) && !env.isProduction;
  return devBox ? DEV_SMS_REPLIES_TOKEN : null;
}

/** Whether the address's last part is the secret (compared in constant time). */
export function isSmsReplyToken(env: Env, given: string): boolean {
  const expected = smsReplyToken(env);
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
