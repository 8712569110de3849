// "This browser has signed in to this account before": a long-lived HttpOnly cookie holding, for each
// of the last few accounts signed in from the browser, a random token of its own (32 bytes from
// crypto.randomBytes). The database keeps only each token's SHA-256 (table known_devices), so a
// database copy cannot be replayed, and a token can be revoked: a password reset and 'sign out
// everywhere' end every token of the account. A token unused for DEVICE_LIFETIME_DAYS expires; each
// sign-in with it starts that time again. The owner's own browser is not slowed down by strangers'
// failed guesses at their password, and no two browsers share a value.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { knownDevices, user } from '../db/schema';

export const DEVICE_COOKIE = 'shop_device';
const DEVICE_LIFETIME_DAYS = 180;
export const DEVICE_COOKIE_MAX_AGE_S = DEVICE_LIFETIME_DAYS * 24 * 60 * 60;
/** Accounts remembered per browser; the oldest goes first. */
const MAX_ACCOUNTS = 5;
/** 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The well-formed tokens in the cookie, at most five. */
function tokensOf(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split('.')
    .filter((e) => TOKEN.test(e))
    .slice(0, MAX_ACCOUNTS);
}

function oldestValidSeen(now: Date): Date {
  return new Date(now.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000);
}

/** The cookie's tokens that are still valid (not revoked, not expired), with their accounts. */
async function validTokens(db: DbOrTx, cookie: string | undefined, now: Date): Promise<{ token: string; userId: string; id: string }[]> {
  const tokens = tokensOf(cookie);
  if (tokens.length === 0) return [];
  const byHash = new Map(tokens.map((token) => [hashToken(token), token]));
  const rows = await db
    .select({ id: knownDevices.id, userId: knownDevices.userId, tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(
      and(
        inArray(knownDevices.tokenHash, [...byHash.keys()]),
        isNull(knownDevices.revokedAt),
        gt(knownDevices.lastSeenAt, oldestValidSeen(now)),
      ),
    );
  return tokens.flatMap((token) => {
    const row = rows.find((r) => r.tokenHash === hashToken(token));
    return row ? [{ token, userId: row.userId, id: row.id }] : [];
  });
}

async function userIdOf(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row?.id;
}

/** Whether the cookie holds a valid, unrevoked token of the account with this email. */
export async function isKnownDevice(db: DbOrTx, cookie: string | undefined, email: string, now: Date): Promise<boolean> {
  if (tokensOf(cookie).length === 0) return false;
  const userId = await userIdOf(db, email);
  if (!userId) return false;
  return (await validTokens(db, cookie, now)).some((t) => t.userId === userId);
}

/**
 * After a sign-in to the account: its valid token is kept (and its lifetime starts again), otherwise
 * a new one is made. Returns the cookie's new value: that token first, then the browser's other valid
 * tokens, at most five. Revoked and expired tokens are dropped.
 */
export async function rememberDevice(db: DbOrTx, cookie: string | undefined, userId: string, now: Date): Promise<string> {
  const valid = await validTokens(db, cookie, now);
  const mine = valid.find((t) => t.userId === userId);
  let token: string;
  if (mine) {
    token = mine.token;
    await db.update(knownDevices).set({ lastSeenAt: now }).where(eq(knownDevices.id, mine.id));
  } else {
    token = randomBytes(32).toString('base64url');
    await db.insert(knownDevices).values({ id: randomUUID(), userId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now });
  }
  const others = valid.filter((t) => t.userId !== userId).map((t) => t.token);
  return [token, ...others].slice(0, MAX_ACCOUNTS).join('.');
}

/** Ends every device token of the account (password reset, 'sign out everywhere'). */
export async function revokeDevices(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(knownDevices)
    .set({ revokedAt: now })
    .where(and(eq(knownDevices.userId, userId), isNull(knownDevices.revokedAt)));
}
