// A phone-only account (made with a code by SMS) adds its email (docs/decisions/031-pending-emails-and-sms-budget.md).
// The address waits in pending_emails, never in user.email, so sign-up, sign-in and resets treat it
// as nobody's; a link is mailed to it. The link makes it the account's (verified) email only when it
// is used by someone already signed in to that account: it proves the mailbox and signs nobody in.
// Adding answers the same whether or not the address has an account (its owner is mailed instead),
// and is limited per account, per client address and per address added.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { ADD_EMAIL_MESSAGES, CONFIRM_EMAIL_PARAM, isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import { confirmEmailMail, emailInUseMail } from '../../auth/auth-mails';
import type { Db } from '../../db/client';
import { pendingEmails, user } from '../../db/schema';
import type { Env } from '../../env';
import { badRequest, conflict, DomainError, tooManyRequests } from '../../errors';
import type { Logger } from '../../infra/logger';
import type { MailMessage, Mailer } from '../../infra/mail/mailer';
import { blockedUntil, minutes, minutesLeft, recordAttempt, secondsLeft, type ThrottlePolicy } from '../../infra/rate-limiter';

const ADD_EMAIL_THROTTLE = {
  perAccount: { limit: 5, windowMs: minutes(60), blockMs: minutes(60) },
  perAddress: { limit: 10, windowMs: minutes(60), blockMs: minutes(60) },
  // Nobody's mailbox is filled with confirmation links or notices.
  perEmail: { limit: 3, windowMs: minutes(60), blockMs: minutes(60) },
  invalidLinksPerAddress: { limit: 20, windowMs: minutes(15), blockMs: minutes(15) },
} satisfies Record<string, ThrottlePolicy>;

const keys = {
  account: (userId: string) => `add-email:account:${userId}`,
  address: (address: string) => `add-email:address:${address}`,
  email: (email: string) => `add-email:email:${email}`,
  invalidLinks: (address: string) => `confirm-email:address:${address}`,
};

/** How long the mailed link works. */
const PENDING_EMAIL_MS = 24 * 60 * 60_000;

export interface AddEmailDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  env: Pick<Env, 'PUBLIC_URL' | 'SHOP_NAME'>;
  now: () => Date;
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

const tooMany = (message: string, until: Date, now: Date) => tooManyRequests('TOO_MANY_ATTEMPTS', message, secondsLeft(until, now));

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** Queued before the answer and sent right after, whichever mail it is: the answer's timing does not tell. */
async function mailAfterAnswer(deps: AddEmailDeps, message: MailMessage): Promise<void> {
  const id = await deps.mailer.enqueue(deps.db, message);
  if (!id) return;
  setImmediate(() => {
    deps.mailer.deliver(id).catch((err: unknown) => deps.logger.warn({ err }, 'add-email mail not sent yet; the mail job tries again'));
  });
}

/** Records `email` as pending on the caller's phone-only account and mails it the link (or its owner a notice). */
export async function addEmailToPhoneAccount(deps: AddEmailDeps, userId: string, email: string, clientAddress: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const now = deps.now();
  const throttled = [keys.account(userId), keys.address(clientAddress), keys.email(address)] as const;
  const blocked = await blockedUntil(deps.db, [...throttled], now);
  if (blocked) throw tooMany(ADD_EMAIL_MESSAGES.tooMany(minutesLeft(blocked, now)), blocked, now);

  const [account] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  // Depends on the caller's own account only, never on the address asked for.
  if (!account || !isPhoneOnlyEmail(account.email)) throw conflict(ADD_EMAIL_MESSAGES.hasEmail);
  await recordAttempt(deps.db, throttled[0], ADD_EMAIL_THROTTLE.perAccount, now);
  await recordAttempt(deps.db, throttled[1], ADD_EMAIL_THROTTLE.perAddress, now);
  await recordAttempt(deps.db, throttled[2], ADD_EMAIL_THROTTLE.perEmail, now);

  const [owner] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address))
    .limit(1);
  if (owner) {
    await mailAfterAnswer(deps, emailInUseMail({ to: address, signInUrl: `${deps.env.PUBLIC_URL}/auth`, shopName: deps.env.SHOP_NAME }));
    return ADD_EMAIL_MESSAGES.sent(address);
  }
  const code = randomBytes(16).toString('base64url');
  const pending = { email: address, codeHash: codeHash(code), expiresAt: new Date(now.getTime() + PENDING_EMAIL_MS), createdAt: now };
  // One per account: a new address (or the same one again) replaces the last link.
  await deps.db
    .insert(pendingEmails)
    .values({ userId, ...pending })
    .onConflictDoUpdate({ target: pendingEmails.userId, set: pending });
  const url = `${deps.env.PUBLIC_URL}/profile?${CONFIRM_EMAIL_PARAM}=${code}`;
  await mailAfterAnswer(deps, confirmEmailMail({ to: address, url, shopName: deps.env.SHOP_NAME }));
  return ADD_EMAIL_MESSAGES.sent(address);
}

/** The address waiting for its link on the caller's account, while the link works. */
export async function pendingEmailOf(db: Db, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: pendingEmails.email })
    .from(pendingEmails)
    .where(and(eq(pendingEmails.userId, userId), gt(pendingEmails.expiresAt, now)));
  return row?.email ?? null;
}

/**
 * The link's code, used by the signed-in caller: the pending address becomes the account's verified
 * email when the pending row is the caller's own. Nobody is signed in by it.
 */
export async function confirmPendingEmail(deps: AddEmailDeps, userId: string, code: string, clientAddress: string): Promise<string> {
  const now = deps.now();
  const key = keys.invalidLinks(clientAddress);
  const blocked = await blockedUntil(deps.db, [key], now);
  if (blocked) throw tooMany(ADD_EMAIL_MESSAGES.tooManyLinks(minutesLeft(blocked, now)), blocked, now);
  const refuse = async (error: DomainError) => {
    const until = await recordAttempt(deps.db, key, ADD_EMAIL_THROTTLE.invalidLinksPerAddress, now);
    return until ? tooMany(ADD_EMAIL_MESSAGES.tooManyLinks(minutesLeft(until, now)), until, now) : error;
  };

  const [pending] = await deps.db
    .select()
    .from(pendingEmails)
    .where(and(eq(pendingEmails.codeHash, codeHash(code)), gt(pendingEmails.expiresAt, now)));
  if (!pending) throw await refuse(badRequest(ADD_EMAIL_MESSAGES.linkInvalid, { token: ADD_EMAIL_MESSAGES.linkInvalid }));
  if (pending.userId !== userId)
    throw await refuse(badRequest(ADD_EMAIL_MESSAGES.otherAccount, { token: ADD_EMAIL_MESSAGES.otherAccount }));

  try {
    await deps.db.transaction(async (tx) => {
      const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for('update');
      if (!account || !isPhoneOnlyEmail(account.email)) throw conflict(ADD_EMAIL_MESSAGES.hasEmail);
      const [owner] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(sql`lower(${user.email})`, pending.email), ne(user.id, userId)))
        .limit(1);
      if (owner) throw conflict(ADD_EMAIL_MESSAGES.taken, { email: ADD_EMAIL_MESSAGES.taken });
      await tx.update(user).set({ email: pending.email, emailVerified: true, updatedAt: now }).where(eq(user.id, userId));
      // The address is this account's now: other accounts' links for it are void.
      await tx.delete(pendingEmails).where(eq(pendingEmails.email, pending.email));
    });
  } catch (err) {
    // Someone signed up with the address a moment ago (the unique index decides).
    if (isUniqueViolation(err)) throw conflict(ADD_EMAIL_MESSAGES.taken, { email: ADD_EMAIL_MESSAGES.taken });
    if (err instanceof DomainError) await deps.db.delete(pendingEmails).where(eq(pendingEmails.userId, userId));
    throw err;
  }
  return ADD_EMAIL_MESSAGES.confirmed(pending.email);
}
