import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { authThrottle } from '../../src/server/db/schema';
import { SIGN_IN_SLOWDOWN_PER_EMAIL, THROTTLE } from '../../src/server/features/account/password-auth.service';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock, signUpBody } from './accounts-support';

type ErrorBody = { error: { code: string; message: string } };

describe.each(dbKinds(import.meta.url))('sign-in throttling on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let address = 0;
  /** Each test uses its own client address so the per-address counters do not mix. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const attempt = (body: unknown, from: string) =>
    t.request('/api/account/sign-in', { method: 'POST', json: body, headers: { 'X-Forwarded-For': from } });

  it('blocks an email from one address for 15 minutes after 5 failures, even with the right password', async () => {
    const someone = await createUser(t);
    const wrong = { email: someone.email, password: 'not-the-password' };
    const from = nextAddress();
    for (let i = 1; i <= 4; i += 1) {
      expect((await attempt(wrong, from)).status).toBe(401);
    }
    const fifth = await attempt(wrong, from);
    expect(fifth.status).toBe(429);
    expect(await json<ErrorBody>(fifth)).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' },
    });
    const right = { email: someone.email.toUpperCase(), password: someone.password };
    const blocked = await attempt(right, from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.getSetCookie()).toEqual([]);

    clock.advanceMinutes(10);
    expect((await json<ErrorBody>(await attempt(right, from))).error.message).toBe(
      'Too many failed sign-in attempts. Please wait 5 minutes and try again.',
    );
    clock.advanceMinutes(5);
    expect((await attempt(right, from)).status).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `sign-in:email-address:${someone.email}|${from}`));
    expect(rows).toEqual([]);
  });

  it("a stranger's failures from one address do not lock the owner out", async () => {
    const owner = await createUser(t);
    const wrong = { email: owner.email, password: 'not-the-password' };
    const right = { email: owner.email, password: owner.password };
    for (let i = 1; i <= 5; i += 1) await attempt(wrong, '203.0.113.66');
    expect((await attempt(wrong, '203.0.113.66')).status).toBe(429);
    expect((await attempt(right, nextAddress())).status).toBe(200);
  });

  it('50 wrong passwords from 10 addresses lock nobody out: a browser that signed in before goes straight in, a new one waits at most a minute', async () => {
    const owner = await createUser(t, { signIn: 'password' }); // signs in once: this browser is now known
    expect(owner.cookie).toContain('shop_device=');
    const wrong = { email: owner.email, password: 'not-the-password' };
    for (let a = 1; a <= 10; a += 1) {
      for (let i = 1; i <= 5; i += 1) {
        clock.advanceMinutes(1); // slow enough that the slowdown never refuses: all 50 are counted
        expect((await attempt(wrong, `192.0.2.${a}`)).status).toBeGreaterThanOrEqual(401);
      }
    }
    const [row] = await t.ctx.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `sign-in:email:${owner.email}`));
    expect(row?.failures).toBe(50);

    const fromKnownBrowser = await t.request('/api/account/sign-in', {
      method: 'POST',
      json: { email: owner.email, password: owner.password },
      cookie: owner.cookie,
      headers: { 'X-Forwarded-For': nextAddress() },
    });
    expect(fromKnownBrowser.status).toBe(200);

    const right = { email: owner.email, password: owner.password };
    const fromNewBrowser = await attempt(right, nextAddress());
    expect(fromNewBrowser.status).toBe(429);
    const wait = Number(fromNewBrowser.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN_PER_EMAIL.maxDelayMs / 1000);
    expect((await json<ErrorBody>(fromNewBrowser)).error.message).toBe(
      `Too many failed sign-in attempts for this account. Please wait ${wait} seconds and try again. Or get a sign-in link by email: it lets you in at once.`,
    );
    clock.advanceMinutes(wait / 60);
    expect((await attempt(right, nextAddress())).status).toBe(200);
    clock.advanceMinutes(60);
    // 52 password checks with the real scrypt: CPU-bound work, seconds on an idle machine and a minute
    // or more on a busy one. Cut off at the usual 30 s, it would go on in the background, moving the
    // shared clock under the next test.
  }, 180_000);

  it('slows guessing at one account from many addresses: the wait doubles with each failure up to a minute', async () => {
    const someone = await createUser(t);
    const wrong = { email: someone.email, password: 'not-the-password' };
    const { free } = SIGN_IN_SLOWDOWN_PER_EMAIL;
    for (let i = 1; i <= free; i += 1) expect((await attempt(wrong, `192.0.2.${100 + i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const refused = await attempt(wrong, nextAddress());
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      clock.advanceMinutes(wait / 60);
      expect((await attempt(wrong, nextAddress())).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    clock.advanceMinutes(60);
  });

  it('counts IPv6 clients by their /64, so changing address within it changes nothing', async () => {
    const someone = await createUser(t);
    const wrong = { email: someone.email, password: 'not-the-password' };
    for (let i = 1; i <= 4; i += 1) {
      expect((await attempt(wrong, `2001:db8:4:7::${i}`)).status).toBe(401);
    }
    expect((await attempt(wrong, '2001:db8:4:7:aaaa:bbbb:cccc:dddd')).status).toBe(429);
    expect((await attempt({ email: someone.email, password: someone.password }, '2001:db8:4:8::1')).status).toBe(200);
    clock.advanceMinutes(15);
  });

  it('failures spread out over more than the window never block', async () => {
    const someone = await createUser(t);
    const from = nextAddress();
    for (let i = 1; i <= 8; i += 1) {
      expect((await attempt({ email: someone.email, password: 'nope-nope' }, from)).status).toBe(401);
      clock.advanceMinutes(4);
    }
  });

  it('blocks a client address after 20 failures over any emails; other addresses go on', async () => {
    const from = nextAddress();
    const limit = THROTTLE.signInPerAddress.limit;
    for (let i = 1; i < limit; i += 1) {
      expect((await attempt({ email: `nobody${i}@example.test`, password: 'guess-guess' }, from)).status).toBe(401);
    }
    expect((await attempt({ email: 'nobody-last@example.test', password: 'guess-guess' }, from)).status).toBe(429);
    const someone = await createUser(t);
    const right = { email: someone.email, password: someone.password };
    expect((await attempt(right, from)).status).toBe(429);
    expect((await attempt(right, nextAddress())).status).toBe(200);
    clock.advanceMinutes(15);
  });

  it('an unverified account is never signed in, and that does not count as a failure', async () => {
    const body = signUpBody();
    expect((await t.request('/api/account/sign-up', { method: 'POST', json: body })).status).toBe(201);
    for (let i = 0; i < 6; i += 1) {
      const res = await attempt({ email: body.email, password: body.password }, nextAddress());
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('verification mails: 3 per email in 15 minutes, the same answer for unknown emails', async () => {
    const body = signUpBody();
    await t.request('/api/account/sign-up', { method: 'POST', json: body });
    const resend = (email: string) =>
      t.request('/api/account/resend-verification', { method: 'POST', json: { email }, headers: { 'X-Forwarded-For': nextAddress() } });
    const unknown = await resend('no-such-person@example.test');
    const known = await resend(body.email);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    await resend(body.email);
    await resend(body.email);
    const fourth = await resend(body.email);
    expect(fourth.status).toBe(429);
    expect((await json<ErrorBody>(fourth)).error.message).toBe(
      'Too many verification emails requested. Please wait 15 minutes and try again.',
    );
    expect(await mailsTo(t, body.email)).toHaveLength(4); // the sign-up mail and three resent
    const badEmail = await resend('nope');
    expect(badEmail.status).toBe(400);
    expect((await json<ErrorBody>(badEmail)).error.message).toBe('Please enter a valid email address');
  });

  it('sign-ups: 20 per client address an hour', async () => {
    const from = nextAddress();
    const signUp = () => t.request('/api/account/sign-up', { method: 'POST', json: signUpBody(), headers: { 'X-Forwarded-For': from } });
    for (let i = 0; i < THROTTLE.signUpPerAddress.limit; i += 1) {
      expect((await signUp()).status).toBe(201);
    }
    const refused = await signUp();
    expect(refused.status).toBe(429);
    expect((await json<ErrorBody>(refused)).error.message).toBe(
      'Too many sign-up attempts from your network. Please wait 60 minutes and try again.',
    );
    const keys = await t.ctx.db.select().from(authThrottle).where(like(authThrottle.key, 'sign-up:%'));
    expect(keys.map((k) => k.key)).toContain(`sign-up:address:${from}`);
  });
});
