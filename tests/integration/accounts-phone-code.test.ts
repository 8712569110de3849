// Sign-in and sign-up with a 6-digit code by SMS: the code in the development SMS box, the account made
// on first use, five tries per code, ten minutes of the shop's clock, throttling per number and per
// client address, and the same answers whether or not the number has an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { outboundSms, profiles, user, verification } from '../../src/server/db/schema';
import { createTestApp, cookieFrom, LOOPBACK_BINDINGS, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock } from './accounts-support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('sign-in with a code by SMS on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let counter = 0;
  /** Each test its own number and client address, so throttle counters do not mix. */
  const nextNumber = () => {
    counter += 1;
    return { local: `0712 ${String(100 + counter)} ${String(400 + counter)}`, e164: `+254712${100 + counter}${400 + counter}` };
  };
  const nextAddress = () => `198.51.100.${++counter}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const sendCode = (phone: string, from: string) =>
    t.request('/api/account/phone-code', { method: 'POST', json: { phone }, headers: { 'X-Forwarded-For': from } });
  const useCode = (phone: string, code: string, from: string) =>
    t.request('/api/account/phone-code/sign-in', { method: 'POST', json: { phone, code }, headers: { 'X-Forwarded-For': from } });

  /** The code in the newest SMS to `e164`. */
  async function codeSentTo(e164: string): Promise<string> {
    const [sms] = await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164)).orderBy(desc(outboundSms.createdAt)).limit(1);
    const code = sms?.message.match(/^(\d{6}) (is your|ni msimbo)/)?.[1];
    if (!code) throw new Error(`no code sent to ${e164}`);
    return code;
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

  it('texts the code in Kiswahili to a visitor reading the shop in Kiswahili, still one SMS with the line browsers read', async () => {
    const { local, e164 } = nextNumber();
    const res = await t.request('/api/account/phone-code', {
      method: 'POST',
      json: { phone: local },
      headers: { 'X-Forwarded-For': nextAddress(), Cookie: 'lang=sw' },
    });
    expect(res.status).toBe(200);
    const code = await codeSentTo(e164);
    const [sms] = await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164));
    expect(sms!.message).toBe(
      `${code} ni msimbo wako wa kuingia Lake Victoria Aquaculture. Unafanya kazi kwa dakika 10. Usimpe mtu yeyote.\n\n@localhost:3000 #${code}`,
    );
    expect(sms!.message.length).toBeLessThanOrEqual(160);
  });

  it('texts a 6-digit code to the development SMS box, however the number is written', async () => {
    const { local, e164 } = nextNumber();
    const res = await sendCode(local, nextAddress());
    expect(res.status).toBe(200);
    const shown = `+254 712 ${e164.slice(7, 10)} ${e164.slice(10)}`;
    expect(await json(res)).toEqual({ message: `We sent a 6-digit code by SMS to ${shown}. It works for 10 minutes.` });
    const code = await codeSentTo(e164);
    const [sms] = await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164));
    expect(sms).toMatchObject({ orderId: null, step: 'sign_in_code', status: 'stored' });
    expect(sms!.message).toBe(
      `${code} is your Lake Victoria Aquaculture sign-in code. It works for 10 minutes. Do not share it.\n\n@localhost:3000 #${code}`,
    );
    const box = await (await t.app.request(`${TEST_ORIGIN}/dev/sms?to=${encodeURIComponent(e164)}`, {}, LOOPBACK_BINDINGS)).text();
    expect(box).toContain(`${code} is your Lake Victoria Aquaculture sign-in code.`);
    expect(box).toContain('Sign-in code');
    // The code is kept only as an HMAC.
    const [stored] = await t.ctx.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${e164}`));
    expect(stored!.value).not.toContain(code);

    for (const phone of ['+254712345678', '254 712 345 678', '712345678']) {
      expect((await sendCode(phone, nextAddress())).status, phone).toBe(200);
    }
    for (const phone of ['', '12345', '+44 20 7946 0958', 'not a number']) {
      const bad = await sendCode(phone, nextAddress());
      expect(bad.status, phone).toBe(400);
      expect((await json<ErrorBody>(bad)).error.message).toBe('Please enter a Kenyan mobile number, like 0712 345 678.');
    }
  });

  it('the right code makes the account on first use and signs in; later codes sign in to the same account', async () => {
    const { local, e164 } = nextNumber();
    const from = nextAddress();
    await sendCode(local, from);
    const res = await useCode(e164, await codeSentTo(e164), from);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: 'Signed in successfully!' });
    expect(hasSession(res)).toBe(true);

    const accounts = await t.ctx.db.select().from(user).where(eq(user.phoneNumber, e164));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ phoneNumberVerified: true, emailVerified: false, name: '' });
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, accounts[0]!.id));
    expect(profile).toMatchObject({ phone: e164, role: 'customer' });

    const me = await json<{ user: { id: string; email: string }; profile: { phone: string } }>(
      await t.request('/api/account/session', { cookie: cookieFrom(res) }),
    );
    expect(me.user).toEqual({ id: accounts[0]!.id, email: '', name: '', emailVerified: false });
    expect(me.profile.phone).toBe(e164);

    // A used code does not work again; a new one signs in to the same account.
    const again = await useCode(e164, await codeSentTo(e164), from);
    expect(again.status).toBe(400);
    expect((await json<ErrorBody>(again)).error.code).toBe('CODE_NOT_FOUND');
    clock.advanceMinutes(1); // so the newest SMS is told apart by its time
    await sendCode(e164, from);
    const second = await useCode(e164, await codeSentTo(e164), from);
    expect(second.status).toBe(200);
    expect(await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, e164))).toEqual([{ id: accounts[0]!.id }]);
  });

  it('a phone-only account adds its email, pending until the mailed link is used signed in; a second email after that is refused', async () => {
    const { e164 } = nextNumber();
    const from = nextAddress();
    await sendCode(e164, from);
    const cookie = cookieFrom(await useCode(e164, await codeSentTo(e164), from));
    const addEmail = (email: unknown, who = cookie) =>
      t.request('/api/account/email', { method: 'POST', json: { email }, cookie: who, headers: { 'X-Forwarded-For': from } });
    const pendingOf = async (who: string) => json<{ pendingEmail: string | null }>(await t.request('/api/account/email', { cookie: who }));

    const bad = await addEmail('not-an-email');
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.fields?.email).toBeTruthy();
    const first = await addEmail('Someone-Else@Example.test');
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({
      message: 'We sent a link to someone-else@example.test. Open it to confirm your email; receipts are mailed there from then on.',
    });

    // A second phone account asking for the same address only gets its own pending link.
    const other = nextNumber();
    await sendCode(other.e164, from);
    const otherCookie = cookieFrom(await useCode(other.e164, await codeSentTo(other.e164), from));
    expect((await addEmail('SOMEONE-ELSE@example.test', otherCookie)).status).toBe(200);
    const [untouched] = await t.ctx.db.select().from(user).where(eq(user.phoneNumber, other.e164));
    expect(untouched!.email).toMatch(/@phone\.invalid$/);

    // Until its link is used the address is pending, not the account's email.
    const [added] = await t.ctx.db.select().from(user).where(eq(user.phoneNumber, e164));
    expect(added!.email).toMatch(/@phone\.invalid$/);
    const before = await json<{ user: { email: string; emailVerified: boolean } }>(await t.request('/api/account/session', { cookie }));
    expect(before.user).toMatchObject({ email: '', emailVerified: false });
    expect(await pendingOf(cookie)).toEqual({ pendingEmail: 'someone-else@example.test' });

    // The same address again sends the link again.
    expect((await addEmail('someone-else@example.test')).status).toBe(200);
    const [mail] = await mailsTo(t, 'someone-else@example.test');
    const code = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('confirm-email')!;
    const confirmed = await t.request('/api/account/email/confirm', { method: 'POST', json: { token: code }, cookie });
    expect(confirmed.status).toBe(200);
    const [done] = await t.ctx.db.select().from(user).where(eq(user.phoneNumber, e164));
    expect(done).toMatchObject({ email: 'someone-else@example.test', emailVerified: true });
    expect(await pendingOf(cookie)).toEqual({ pendingEmail: null });
    expect(await pendingOf(otherCookie)).toEqual({ pendingEmail: null });
    const second = await addEmail('another@example.test');
    expect(second.status).toBe(409);
    expect((await json<ErrorBody>(second)).error.message).toBe('This account already has an email.');
  });

  it('five wrong codes end the code: the right one no longer works', async () => {
    const { e164 } = nextNumber();
    const from = nextAddress();
    await sendCode(e164, from);
    const code = await codeSentTo(e164);
    const messages: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const res = await useCode(e164, otherCode(code), from);
      expect(res.status).toBe(400);
      expect(hasSession(res)).toBe(false);
      messages.push((await json<ErrorBody>(res)).error.message);
    }
    expect(messages).toEqual([
      'That code is not right. You can try 4 more times.',
      'That code is not right. You can try 3 more times.',
      'That code is not right. You can try 2 more times.',
      'That code is not right. You can try once more.',
      'That code was entered wrongly too many times and no longer works. Please ask for a new code.',
    ]);
    const right = await useCode(e164, code, from);
    expect(right.status).toBe(400);
    expect(await json<ErrorBody>(right)).toEqual({
      error: {
        code: 'CODE_NOT_FOUND',
        message: 'That code has already been used or has expired. Please ask for a new code.',
        fields: { code: 'That code has already been used or has expired. Please ask for a new code.' },
      },
    });
    expect(await t.ctx.db.select().from(user).where(eq(user.phoneNumber, e164))).toEqual([]);
  });

  it('a code works for 10 minutes of the shop’s clock', async () => {
    const { e164 } = nextNumber();
    const from = nextAddress();
    await sendCode(e164, from);
    clock.advanceMinutes(9);
    expect((await useCode(e164, otherCode(await codeSentTo(e164)), from)).status).toBe(400); // still counted as wrong, not expired
    clock.advanceMinutes(1);
    const late = await useCode(e164, await codeSentTo(e164), from);
    expect(late.status).toBe(400);
    expect(hasSession(late)).toBe(false);
    expect((await json<ErrorBody>(late)).error).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'That code has expired (codes work for 10 minutes). Please ask for a new code.',
    });
    expect(await t.ctx.db.select().from(user).where(eq(user.phoneNumber, e164))).toEqual([]);
  });

  it('a new code replaces the last one', async () => {
    const { e164 } = nextNumber();
    const from = nextAddress();
    await sendCode(e164, from);
    const first = await codeSentTo(e164);
    clock.advanceMinutes(1);
    await sendCode(e164, from);
    const second = await codeSentTo(e164);
    if (first !== second) expect((await useCode(e164, first, from)).status).toBe(400);
    expect((await useCode(e164, second, from)).status).toBe(200);
  });

  it('throttles codes per number (from any address) and per client address', async () => {
    const { e164 } = nextNumber();
    for (let i = 1; i <= 3; i += 1) expect((await sendCode(e164, nextAddress())).status).toBe(200);
    const fourth = await sendCode(e164, nextAddress());
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('900');
    expect((await json<ErrorBody>(fourth)).error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many codes requested. Please wait 15 minutes and try again.',
    });
    expect(await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164))).toHaveLength(3);
    clock.advanceMinutes(15);
    expect((await sendCode(e164, nextAddress())).status).toBe(200);

    const from = nextAddress();
    for (let i = 1; i <= 10; i += 1) expect((await sendCode(nextNumber().e164, from)).status).toBe(200);
    const eleventh = await sendCode(nextNumber().e164, from);
    expect(eleventh.status).toBe(429);
    expect((await json<ErrorBody>(eleventh)).error.message).toBe('Too many codes requested. Please wait 15 minutes and try again.');
  });

  it('throttles wrong codes per client address: blocked even with the right code', async () => {
    const from = nextAddress();
    for (let i = 1; i <= 19; i += 1) expect((await useCode(nextNumber().e164, '123456', from)).status).toBe(400);
    const twentieth = await useCode(nextNumber().e164, '123456', from);
    expect(twentieth.status).toBe(429);
    expect((await json<ErrorBody>(twentieth)).error.message).toBe('Too many wrong codes. Please wait 15 minutes and try again.');

    const { e164 } = nextNumber();
    await sendCode(e164, nextAddress());
    const code = await codeSentTo(e164);
    const blocked = await useCode(e164, code, from);
    expect(blocked.status).toBe(429);
    expect(hasSession(blocked)).toBe(false);
    // Refused before the check: the code was not spent.
    expect((await useCode(e164, code, nextAddress())).status).toBe(200);
  });

  it('answers the same, and does the same work, whether or not the number has an account', async () => {
    const known = nextNumber().e164;
    await sendCode(known, nextAddress());
    expect((await useCode(known, await codeSentTo(known), nextAddress())).status).toBe(200);
    const unknown = nextNumber().e164;

    const answers = [];
    for (const phone of [known, unknown]) {
      const from = nextAddress();
      const sent = await sendCode(phone, from);
      const wrong = await useCode(phone, otherCode(await codeSentTo(phone)), from);
      answers.push({
        sent: [sent.status, (await json<{ message: string }>(sent)).message.replace(/\+254 [\d ]+\./, 'NUMBER.')],
        wrong: [wrong.status, await wrong.text()],
        codes: (
          await t.ctx.db
            .select()
            .from(verification)
            .where(like(verification.identifier, `%${phone}`))
        ).length,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.codes).toBe(1);
  });

  it('the plugin’s own endpoints are closed over HTTP, and the stand-in address cannot be signed up with', async () => {
    for (const path of ['/api/auth/phone-number/send-otp', '/api/auth/phone-number/verify', '/api/auth/sign-in/phone-number']) {
      const res = await t.request(path, { method: 'POST', json: { phoneNumber: '+254712345678', code: '123456', password: 'x' } });
      expect(res.status, path).toBe(404);
    }
    const res = await t.request('/api/account/sign-up', {
      method: 'POST',
      json: {
        fullName: 'A B',
        email: '254712345678@phone.invalid',
        phone: '0712345678',
        address: 'Kilimani',
        password: 'sunrise-over-lake-1',
      },
    });
    expect(res.status).toBe(400);
    expect(
      await t.ctx.db
        .select()
        .from(user)
        .where(and(eq(user.email, '254712345678@phone.invalid'), eq(user.emailVerified, true))),
    ).toEqual([]);
  });
});

describe('sign-in with a code by SMS when SMS are switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { SMS_DISABLED: '1' } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('is not offered, and asking for a code says so', async () => {
    expect((await json<{ phoneSignIn: boolean }>(await t.request('/api/account/session'))).phoneSignIn).toBe(false);
    const res = await t.request('/api/account/phone-code', { method: 'POST', json: { phone: '0712345678' } });
    expect(res.status).toBe(422);
    expect((await json<ErrorBody>(res)).error.message).toBe(
      'Sign-in with a code by SMS is not available at the moment. Please sign in with your email.',
    );
  });
});
