// The 'stop these' link of a cart reminder: the customer's id signed with the server's secret
// (HMAC-SHA256, cut to 12 bytes), so the link turns her reminders off without signing in and
// nobody can turn off someone else's. It does not expire: a stop link must keep working.
import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 12;
const MAX_ID_LENGTH = 200;

function mac(secret: string, userId: string): Buffer {
  if (!secret) throw new Error('AUTH_SECRET is not set: cart reminder links cannot be signed');
  return createHmac('sha256', secret).update('cart-reminders-stop|').update(userId).digest().subarray(0, MAC_BYTES);
}

/** '<id, base64url><mac, base64url: its last 16 characters>': no dot, which the address of a page cannot end in. */
export function signCartRemindersStop(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}${mac(secret, userId).toString('base64url')}`;
}

/** The customer the token names when this server signed it; else null. */
export function readCartRemindersStop(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,300})([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match || !secret) return null;
  const userId = Buffer.from(match[1]!, 'base64url').toString();
  const given = Buffer.from(match[2]!, 'base64url');
  if (userId === '' || userId.length > MAX_ID_LENGTH || given.length !== MAC_BYTES) return null;
  return timingSafeEqual(given, mac(secret, userId)) ? userId : null;
}
