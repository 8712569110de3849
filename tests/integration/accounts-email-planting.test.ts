// An email added to a phone-only account stays pending until the link mailed to it is used by someone
// signed in to that account: nobody can plant an account on another person's address, sign-up and
// resets treat a pending address as new, confirming signs nobody in, and a reset (which proves only
// the mailbox) ends sign-in by the account's number. Adding answers alike whether the address is
// taken, and is limited per account and per client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outboundSms, pendingEmails, session, user } from '../../src/server/db/schema';
import { createTestApp, cookieFrom, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock, signUpBody, verifyCodeInLatestMail } from './accounts-support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('adding an email to a phone-only account on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let counter = 0;
  const nextNumber = () => {
    counter += 1;
    return `+254722${100 + counter}${400 + counter}`;
  };
  const nextAddress = () => `198.51.100.${++counter}`;
  const nextEmail = (who = 'victim') => `${who}${++counter}@example.test`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

  async function codeSentTo(e164: string): Promise<string> {
    const [sms] = await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164)).orderBy(desc(outboundSms.createdAt)).limit(1);
    const code = sms?.message.match(/^(\d{6}) is your/)?.[1];
    if (!code) throw new Error(`no code sent to ${e164}`);
    return code;
  }

  /** Signs in with a code by SMS (making the account the first time); the session cookie. */
  async function phoneSignIn(phone: string, from = nextAddress()): Promise<string> {
    await t.request('/api/account/phone-code', { method: 'POST', json: { phone }, headers: { 'X-Forwarded-For': from } });
    const res = await t.request('/api/account/phone-code/sign-in', {
      method: 'POST',
      json: { phone, code: await codeSentTo(phone) },
      headers: { 'X-Forwarded-For': from },
    });
    expect(res.status).toBe(200);
    return cookieFrom(res);
  }
  const accountOf = async (phone: string) => (await t.ctx.db.select().from(user).where(eq(user.phoneNumber, phone)))[0]!;
  const addEmail = (cookie: string, email: string, from = nextAddress()) =>
    t.request('/api/account/email', { method: 'POST', json: { email }, cookie, headers: { 'X-Forwarded-For': from } });
  const confirm = (token: string, cookie?: string) =>
    t.request('/api/account/email/confirm', {
      method: 'POST',
      json: { token },
      ...(cookie ? { cookie } : {}),
      headers: { 'X-Forwarded-For': nextAddress() },
    });

  /** The code of the confirmation link (/profile?confirm-email=<code>) in the newest mail to `to`. */
  async function confirmCodeInLatestMail(to: string): Promise<string> {
    const [mail] = await mailsTo(t, to);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/profile\?confirm-email=/);
    return new URL(link!).searchParams.get('confirm-email')!;
  }

  it('an address added to a phone account stays pending: its owner signs up, verifies and resets as for a new address', async () => {
    const attackerPhone = nextNumber();
    const attacker = await phoneSignIn(attackerPhone);
    const victim = nextEmail();
    const added = await addEmail(attacker, victim);
    expect(added.status).toBe(200);

    // The phone account's email is still its stand-in: the address is only pending there.
    const planted = await accountOf(attackerPhone);
    expect(planted.email).toMatch(/@phone\.invalid$/);
    expect(await t.ctx.db.select({ email: pendingEmails.email }).from(pendingEmails).where(eq(pendingEmails.userId, planted.id))).toEqual([
      { email: victim },
    ]);
    const [mail] = await mailsTo(t, victim);
    expect(mail!.subject).toBe('Confirm your email for Lake Victoria Aquaculture');
    expect(mail!.text).toContain('signed in with the phone number');
    const attackerCode = await confirmCodeInLatestMail(victim);

    // A reset for the pending address mails nothing, as for an address with no account.
    expect((await t.request('/api/account/forgot-password', { method: 'POST', json: { email: victim } })).status).toBe(200);
    expect((await mailsTo(t, victim)).map((m) => m.subject)).toEqual(['Confirm your email for Lake Victoria Aquaculture']);

    // The address's owner signs up: a new account and its verification mail, never 'You already have an account'.
    const signedUp = await t.request('/api/account/sign-up', {
      method: 'POST',
      json: signUpBody({ email: victim }),
      headers: { 'X-Forwarded-For': nextAddress() },
    });
    expect(signedUp.status).toBe(201);
    const subjects = (await mailsTo(t, victim)).map((m) => m.subject);
    expect(subjects[0]).toBe('Verify your email for Lake Victoria Aquaculture');
    expect(subjects).not.toContain('You already have an account at Lake Victoria Aquaculture');
    const verified = await t.request('/api/account/verify-email', {
      method: 'POST',
      json: { token: await verifyCodeInLatestMail(t, victim) },
    });
    expect(verified.status).toBe(200);
    const me = await json<{ user: { id: string; email: string } }>(
      await t.request('/api/account/session', { cookie: cookieFrom(verified) }),
    );
    expect(me.user.email).toBe(victim);
    expect(me.user.id).not.toBe(planted.id);
    const [own] = await t.ctx.db.select().from(user).where(eq(user.id, me.user.id));
    expect(own).toMatchObject({ email: victim, emailVerified: true, phoneNumber: null });

    // Even the pending link itself (had the attacker got hold of it) can no longer take the address.
    const late = await confirm(attackerCode, attacker);
    expect(late.status).toBe(409);
    expect((await json<ErrorBody>(late)).error.message).toBe(
      'An account with this email already exists. Sign in with that email, or give another one.',
    );
    expect((await accountOf(attackerPhone)).email).toMatch(/@phone\.invalid$/);
  });

  it('the link confirms the email only for someone signed in to that phone account, and signs nobody in', async () => {
    const phone = nextNumber();
    const owner = await phoneSignIn(phone);
    const email = nextEmail('owner');
    expect((await addEmail(owner, email)).status).toBe(200);
    const code = await confirmCodeInLatestMail(email);

    // Opened without a session, or in another account: nothing changes, and no session is handed out.
    const anonymous = await confirm(code);
    expect(anonymous.status).toBe(401);
    expect(hasSession(anonymous)).toBe(false);
    const stranger = await phoneSignIn(nextNumber());
    const wrongAccount = await confirm(code, stranger);
    expect(wrongAccount.status).toBe(400);
    expect((await json<ErrorBody>(wrongAccount)).error.message).toBe(
      'This link confirms an email for another account. Sign in with the phone number that asked for it, then open the link again.',
    );
    expect(hasSession(wrongAccount)).toBe(false);
    // The link is not a sign-in (or verification) link either.
    const asVerification = await t.request('/api/account/verify-email', { method: 'POST', json: { token: code } });
    expect(asVerification.status).toBe(400);
    expect(hasSession(asVerification)).toBe(false);
    expect((await accountOf(phone)).email).toMatch(/@phone\.invalid$/);

    const pending = await json<{ pendingEmail: string | null }>(await t.request('/api/account/email', { cookie: owner }));
    expect(pending).toEqual({ pendingEmail: email });

    const confirmed = await confirm(code, owner);
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ message: `Your email ${email} is confirmed. Receipts are mailed there from now on.` });
    expect(hasSession(confirmed)).toBe(false);
    expect(await accountOf(phone)).toMatchObject({ email, emailVerified: true, phoneNumber: phone });
    expect(await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.email, email))).toEqual([]);
    expect((await json<{ user: { email: string } }>(await t.request('/api/account/session', { cookie: owner }))).user.email).toBe(email);
    // Used once.
    expect((await confirm(code, owner)).status).toBe(400);
  });

  it('a password reset proves only the mailbox: it ends sign-in by the account’s phone number', async () => {
    const phone = nextNumber();
    const owner = await phoneSignIn(phone);
    const email = nextEmail('both');
    await addEmail(owner, email);
    expect((await confirm(await confirmCodeInLatestMail(email), owner)).status).toBe(200);
    const account = await accountOf(phone);

    await t.request('/api/account/forgot-password', { method: 'POST', json: { email } });
    const [resetMail] = await mailsTo(t, email);
    const token = new URL(resetMail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    expect(
      (await t.request('/api/account/reset-password', { method: 'POST', json: { token, password: 'a-brand-new-secret' } })).status,
    ).toBe(200);

    const [after] = await t.ctx.db.select().from(user).where(eq(user.id, account.id));
    expect(after).toMatchObject({ email, emailVerified: true, phoneNumber: null });
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, account.id))).toEqual([]);
    // A code to the number no longer reaches that account.
    clock.advanceMinutes(1);
    const again = await phoneSignIn(phone);
    const me = await json<{ user: { id: string } }>(await t.request('/api/account/session', { cookie: again }));
    expect(me.user.id).not.toBe(account.id);
  });

  it('answers alike whether the address is taken (mailing its owner instead), and limits adding per account and per client address', async () => {
    const taken = await createUser(t);
    const cookie = await phoneSignIn(nextNumber());
    const from = nextAddress();
    const answers = [];
    for (const email of [taken.email, nextEmail('free')]) {
      const res = await addEmail(cookie, email, from);
      answers.push({ status: res.status, body: (await res.text()).replace(email, 'EMAIL') });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
    const [notice] = await mailsTo(t, taken.email);
    expect(notice!.subject).toBe('Someone tried to add your email at Lake Victoria Aquaculture');
    expect(await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.email, taken.email))).toEqual([]);

    // Per account: 5 in an hour, from any address.
    for (let i = 3; i <= 5; i += 1) expect((await addEmail(cookie, nextEmail('n'))).status).toBe(200);
    const sixth = await addEmail(cookie, nextEmail('n'));
    expect(sixth.status).toBe(429);
    expect((await json<ErrorBody>(sixth)).error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many emails added. Please wait 60 minutes and try again.',
    });
    clock.advanceMinutes(60);
    expect((await addEmail(cookie, nextEmail('n'))).status).toBe(200);

    // Per client address: 10 in an hour, over any accounts.
    const shared = nextAddress();
    for (let i = 1; i <= 10; i += 1) {
      const someone = await phoneSignIn(nextNumber());
      expect((await addEmail(someone, nextEmail('m'), shared)).status).toBe(200);
    }
    const someone = await phoneSignIn(nextNumber());
    expect((await addEmail(someone, nextEmail('m'), shared)).status).toBe(429);
  });
});
