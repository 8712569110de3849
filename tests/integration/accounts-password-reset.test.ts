// Forgotten passwords: an emailed single-use link valid for an hour, the sign-up password rules, every
// session of the account ended on reset, the same answer whether the email has an account or not,
// and throttling like sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/validation';
import { PASSWORD_RESET_MESSAGES as M } from '../../src/domain/password-reset';
import { session, user, verification } from '../../src/server/db/schema';
import { createTestApp, createUser, signIn, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock } from './accounts-support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('forgotten passwords on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let address = 0;
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const post = (path: string, body: unknown, from = nextAddress()) =>
    t.request(`/api/account${path}`, { method: 'POST', json: body, headers: { 'X-Forwarded-For': from } });
  const tokenInLatestMail = async (to: string) => {
    const [mail] = await mailsTo(t, to);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(mail?.subject).toBe('Reset your password for Lake Victoria Aquaculture');
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?reset=/);
    return new URL(link!).searchParams.get('reset')!;
  };
  const sessionsOf = (id: string) => t.ctx.db.select().from(session).where(eq(session.userId, id));

  it('mails a link that sets a new password once, and ends every old session', async () => {
    const someone = await createUser(t);
    await signIn(t, someone.email, someone.password); // a second device
    expect(await sessionsOf(someone.id)).toHaveLength(2);

    const asked = await post('/forgot-password', { email: ` ${someone.email.toUpperCase()} ` });
    expect(asked.status).toBe(200);
    expect(await json(asked)).toEqual({ message: M.linkSent });
    const token = await tokenInLatestMail(someone.email);

    const reset = await post('/reset-password', { token, password: 'a-brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toEqual({ message: M.changed });
    expect(await sessionsOf(someone.id)).toEqual([]);
    const old = await t.request('/api/account/session', { cookie: someone.cookie });
    expect((await json<{ user: unknown }>(old)).user).toBeNull();

    expect((await post('/sign-in', { email: someone.email, password: someone.password })).status).toBe(401);
    expect((await post('/sign-in', { email: someone.email, password: 'a-brand-new-secret' })).status).toBe(200);

    // The link works once.
    const again = await post('/reset-password', { token, password: 'yet-another-secret' });
    expect(again.status).toBe(400);
    expect(await json<ErrorBody>(again)).toMatchObject({ error: { message: M.linkInvalid, fields: { token: M.linkInvalid } } });
    expect((await post('/sign-in', { email: someone.email, password: 'yet-another-secret' })).status).toBe(401);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const someone = await createUser(t);
    const known = await post('/forgot-password', { email: someone.email });
    const unknown = await post('/forgot-password', { email: 'nobody-here@example.test' });
    expect([unknown.status, await unknown.json()]).toEqual([known.status, await known.json()]);
    expect(await mailsTo(t, 'nobody-here@example.test')).toEqual([]);
  });

  it('refuses a link older than an hour', async () => {
    const someone = await createUser(t);
    await post('/forgot-password', { email: someone.email });
    const token = await tokenInLatestMail(someone.email);
    const [row] = await t.ctx.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1_000);
    await t.ctx.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verification.id, row!.id));
    const res = await post('/reset-password', { token, password: 'a-brand-new-secret' });
    expect(res.status).toBe(400);
    expect((await post('/sign-in', { email: someone.email, password: someone.password })).status).toBe(200);
  });

  it.each([
    [{ token: 'x', password: 'short12' }, 'password', MESSAGES.passwordTooShort],
    [{ token: 'x', password: 'p'.repeat(129) }, 'password', M.passwordTooLong],
    [{ password: 'long-enough-1' }, 'token', M.linkInvalid],
  ])('checks %j with the sign-up rules before anything else', async (body, field, message) => {
    const res = await post('/reset-password', body);
    expect(res.status).toBe(400);
    expect(await json<ErrorBody>(res)).toMatchObject({ error: { code: 'VALIDATION_FAILED', message, fields: { [field]: message } } });
  });

  it('refuses a bad email with the sign-up message', async () => {
    const res = await post('/forgot-password', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await json<ErrorBody>(res)).toMatchObject({ error: { message: MESSAGES.invalidEmail } });
  });

  it('marks an unverified account verified: the link proved the mailbox', async () => {
    const someone = await createUser(t);
    await t.ctx.db.update(user).set({ emailVerified: false }).where(eq(user.id, someone.id));
    await post('/forgot-password', { email: someone.email });
    await post('/reset-password', { token: await tokenInLatestMail(someone.email), password: 'a-brand-new-secret' });
    expect((await post('/sign-in', { email: someone.email, password: 'a-brand-new-secret' })).status).toBe(200);
  });

  it('throttles reset mails per email and failed resets per address, like sign-in', async () => {
    const someone = await createUser(t);
    const before = (await mailsTo(t, someone.email)).length;
    for (let i = 0; i < 3; i += 1) expect((await post('/forgot-password', { email: someone.email })).status).toBe(200);
    const fourth = await post('/forgot-password', { email: someone.email });
    expect(fourth.status).toBe(429);
    expect(await json<ErrorBody>(fourth)).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many password reset requests. Please wait 15 minutes and try again.' },
    });
    expect(await mailsTo(t, someone.email)).toHaveLength(before + 3);

    const from = nextAddress();
    for (let i = 1; i < 20; i += 1)
      expect((await post('/reset-password', { token: `guess-${i}`, password: 'long-enough-1' }, from)).status).toBe(400);
    const last = await post('/reset-password', { token: 'guess-20', password: 'long-enough-1' }, from);
    expect(last.status).toBe(429);
    expect((await json<ErrorBody>(last)).error.message).toBe('Too many failed password resets. Please wait 15 minutes and try again.');

    clock.advanceMinutes(16);
    expect((await post('/forgot-password', { email: someone.email })).status).toBe(200);
  });

  it('keeps the raw better-auth endpoints closed over HTTP', async () => {
    for (const path of ['/api/auth/request-password-reset', '/api/auth/reset-password']) {
      const res = await t.request(path, { method: 'POST', json: { email: 'x@example.test', newPassword: 'long-enough-1', token: 'x' } });
      expect(res.status, path).toBe(404);
    }
  });
});
