// A phone-only account (made with a code by SMS) adds its email: the address replaces the stand-in,
// unconfirmed, and the usual verification mail goes to it (throttled as every verification mail is).
// Receipts and account mails go there once the link is used; until then the SMS carries the links.
import { and, eq, ne, sql } from 'drizzle-orm';
import { ADD_EMAIL_MESSAGES, isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import { user } from '../../db/schema';
import { conflict } from '../../errors';
import { resendVerification, type PasswordAuthDeps } from './password-auth.service';

export async function addEmailToPhoneAccount(
  deps: PasswordAuthDeps,
  userId: string,
  email: string,
  clientAddress: string,
): Promise<string> {
  const address = email.trim().toLowerCase();
  const [account] = await deps.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!account) throw conflict(ADD_EMAIL_MESSAGES.hasEmail);
  // The same unconfirmed address again (say, the mail was throttled or lost): the link is sent again.
  if (account.email === address && !account.verified) {
    await resendVerification(deps, address, clientAddress, '/profile');
    return ADD_EMAIL_MESSAGES.sent(address);
  }
  if (!isPhoneOnlyEmail(account.email)) throw conflict(ADD_EMAIL_MESSAGES.hasEmail);
  const [other] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, address), ne(user.id, userId)));
  if (other) throw conflict(ADD_EMAIL_MESSAGES.taken, { email: ADD_EMAIL_MESSAGES.taken });
  try {
    await deps.db.update(user).set({ email: address, emailVerified: false, updatedAt: deps.now() }).where(eq(user.id, userId));
  } catch (err) {
    // Another account took the address a moment ago (the unique index decides).
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw conflict(ADD_EMAIL_MESSAGES.taken, { email: ADD_EMAIL_MESSAGES.taken });
    }
    throw err;
  }
  await resendVerification(deps, address, clientAddress, '/profile');
  return ADD_EMAIL_MESSAGES.sent(address);
}
