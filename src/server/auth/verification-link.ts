// The short verification link. better-auth's own link carries a signed token of some 300 characters;
// the mail carries /auth?verify=<code> instead: 22 random characters (128 bits), stored only as their
// SHA-256 in better-auth's `verification` table beside the real token, the account and the page the
// customer came from. The link lasts as long as the token (24 hours). Using it (the button on that
// page, never the mere opening: mail scanners open links) verifies the address and, the first time,
// signs the customer in (features/account/verification-link.service.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@/domain/return-path';
import type { DbOrTx } from '../db/client';
import { verification } from '../db/schema';

const IDENTIFIER_PREFIX = 'email-verification-link:';

/** How long a verification link (and better-auth's token behind it) works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

const storedLink = z.object({ token: z.string(), userId: z.string(), returnTo: z.string() });

export interface VerificationLink {
  /** better-auth's email verification token. */
  token: string;
  userId: string;
  /** A safe same-site path (src/domain/return-path.ts). */
  returnTo: string;
}

const identifierOf = (code: string) => IDENTIFIER_PREFIX + createHash('sha256').update(code).digest('hex');

/** The page the customer opens from the mail. */
export const verificationLinkUrl = (publicUrl: string, code: string) => `${publicUrl}/auth?verify=${code}`;

/**
 * The page to come back to, carried by better-auth's verification URL as its callbackURL (set by
 * sign-up and by a new verification mail); anything else than a safe path becomes /shop.
 */
export function returnPathOfVerificationUrl(url: string): string {
  try {
    return safeReturnPath(new URL(url).searchParams.get('callbackURL'));
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}

/** Stores a new link for better-auth's token; returns the code that goes into the mail. */
export async function createVerificationLink(db: DbOrTx, link: VerificationLink, now: Date): Promise<string> {
  const code = randomBytes(16).toString('base64url');
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(code),
    value: JSON.stringify({ token: link.token, userId: link.userId, returnTo: safeReturnPath(link.returnTo) }),
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return code;
}

/** The link behind a code from a mail, while it lasts; null for an unknown or expired code. */
export async function findVerificationLink(db: DbOrTx, code: string, now: Date): Promise<VerificationLink | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifierOf(code)), gt(verification.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  try {
    const parsed = storedLink.safeParse(JSON.parse(row.value));
    return parsed.success ? { ...parsed.data, returnTo: safeReturnPath(parsed.data.returnTo) } : null;
  } catch {
    return null;
  }
}
