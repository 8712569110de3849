// Known browsers: each browser gets its own random device token per account (only its hash is stored),
// which lets the owner past the per-email slowdown strangers keep armed, and which a password reset
// and 'sign out everywhere' end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { SIGN_IN_LINK_MESSAGES } from '../../src/domain/sign-in-link';
import { authThrottle, knownDevices, verification } from '../../src/server/db/schema';
import { cookieFrom, createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock } from './accounts-support';

type ErrorBody = { error: { code: string; message: string } };

/** The shop_device value a response sets, if any. */
function deviceTokenFrom(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('shop_device='));
  return cookie?.split(';')[0]?.slice('shop_device='.length);
}

describe.each(dbKinds(import.meta.url))('known browsers on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let address = 0;
  const nextAddress = () => `198.18.0.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const signInFrom = (body: { email: string; password: string }, device?: string) =>
    t.request('/api/account/sign-in', {
      method: 'POST',
      json: body,
      cookie: device ? `shop_device=${device}` : undefined,
      headers: { 'X-Forwarded-For': nextAddress() },
    });

  /** A stranger re-arming the per-email slowdown: 32 wrong passwords in about 3 minutes from 4 addresses. */
  let round = 0;
  async function strangerGuesses(email: string) {
    round += 1;
    for (let i = 0; i < 32; i += 1) {
      clock.advanceMinutes(0.1);
      const res = await t.request('/api/account/sign-in', {
        method: 'POST',
        json: { email, password: 'not-the-password' },
        headers: { 'X-Forwarded-For': `198.19.${round}.${i % 4}` },
      });
      expect([401, 429]).toContain(res.status);
    }
  }

  /** The per-email slowdown as strangers leave it, without their guesses (a minute to wait). */
  async function armSlowdown(email: string) {
    const now = clock.now();
    await t.ctx.db
      .insert(authThrottle)
      .values({ key: `sign-in:email:${email}`, failures: 20, windowStartedAt: now, blockedUntil: new Date(now.getTime() + 60_000) });
  }

  async function freshOwner(): Promise<TestUser & { device: string }> {
    const owner = await createUser(t);
    const res = await signInFrom({ email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
    return { ...owner, device: deviceTokenFrom(res)! };
  }

  it('gives every browser its own random token, stored only as a hash', async () => {
    const owner = await createUser(t);
    const right = { email: owner.email, password: owner.password };
    const first = deviceTokenFrom(await signInFrom(right));
    const second = deviceTokenFrom(await signInFrom(right));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);

    const rows = await t.ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect([first, second]).not.toContain(row.tokenHash);
    }
    // Signing in again from the same browser keeps its token.
    expect(deviceTokenFrom(await signInFrom(right, first))).toBe(first);
  });

  it("a stranger re-arming the slowdown does not stop the owner's known browser; a new or forged one waits", async () => {
    const owner = await freshOwner();
    await strangerGuesses(owner.email);
    const right = { email: owner.email, password: owner.password };

    expect((await signInFrom(right, owner.device)).status).toBe(200);
    expect((await signInFrom({ ...right, email: owner.email.toUpperCase() }, owner.device)).status).toBe(200);
    expect((await signInFrom(right)).status).toBe(429);
    expect((await signInFrom(right, 'A'.repeat(43))).status).toBe(429);
    // Another account's token is no pass for this one.
    const other = await freshOwner();
    expect((await signInFrom(right, other.device)).status).toBe(429);
    clock.advanceMinutes(61);
  });

  it('a password reset ends every device token of the account', async () => {
    const owner = await freshOwner();
    const forgot = await t.request('/api/account/forgot-password', {
      method: 'POST',
      json: { email: owner.email },
      headers: { 'X-Forwarded-For': nextAddress() },
    });
    expect(forgot.status).toBe(200);
    const [mail] = await mailsTo(t, owner.email);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    const reset = await t.request('/api/account/reset-password', {
      method: 'POST',
      json: { token, password: 'a-brand-new-secret' },
      headers: { 'X-Forwarded-For': nextAddress() },
    });
    expect(reset.status).toBe(200);

    await strangerGuesses(owner.email);
    const right = { email: owner.email, password: 'a-brand-new-secret' };
    expect((await signInFrom(right, owner.device)).status).toBe(429);
    const rows = await t.ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);

    // Once in again, the browser gets a new token, and that one is known.
    clock.advanceMinutes(61);
    const again = await signInFrom(right, owner.device);
    expect(again.status).toBe(200);
    const renewed = deviceTokenFrom(again)!;
    expect(renewed).not.toBe(owner.device);
    await strangerGuesses(owner.email);
    expect((await signInFrom(right, renewed)).status).toBe(200);
    clock.advanceMinutes(61);
  });

  it("'sign out everywhere' ends every device token of the account", async () => {
    const owner = await freshOwner();
    const signedIn = await signInFrom({ email: owner.email, password: owner.password }, owner.device);
    const sessionCookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const everywhere = await t.request('/api/auth/revoke-sessions', { method: 'POST', json: {}, cookie: sessionCookie });
    expect(everywhere.status).toBe(200);

    await strangerGuesses(owner.email);
    expect((await signInFrom({ email: owner.email, password: owner.password }, owner.device)).status).toBe(429);
    clock.advanceMinutes(61);
  });

  it('a token unused for 180 days expires; each sign-in with it starts the 180 days again', async () => {
    const owner = await freshOwner();
    const right = { email: owner.email, password: owner.password };
    clock.advanceMinutes(170 * 24 * 60);
    expect(deviceTokenFrom(await signInFrom(right, owner.device))).toBe(owner.device);
    clock.advanceMinutes(170 * 24 * 60);
    await strangerGuesses(owner.email);
    expect((await signInFrom(right, owner.device)).status).toBe(200);
    clock.advanceMinutes(61 + 181 * 24 * 60);
    await strangerGuesses(owner.email);
    expect((await signInFrom(right, owner.device)).status).toBe(429);
    clock.advanceMinutes(61);
  });

  it('remembers the last five accounts of a browser, the newest first', async () => {
    let device: string | undefined;
    const owners: TestUser[] = [];
    for (let i = 0; i < 6; i += 1) {
      const owner = await createUser(t);
      owners.push(owner);
      device = deviceTokenFrom(await signInFrom({ email: owner.email, password: owner.password }, device));
    }
    expect(device!.split('.')).toHaveLength(5);
    for (const owner of owners) await armSlowdown(owner.email);
    const statuses = [];
    for (const owner of owners) {
      statuses.push((await signInFrom({ email: owner.email, password: owner.password }, device)).status);
    }
    expect(statuses).toEqual([429, 200, 200, 200, 200, 200]);
    clock.advanceMinutes(61);
  });

  describe('the emailed sign-in link', () => {
    const post = (path: string, body: unknown, cookie?: string) =>
      t.request(`/api/account${path}`, { method: 'POST', json: body, cookie, headers: { 'X-Forwarded-For': nextAddress() } });
    const tokenInLatestMail = async (to: string) => {
      const [mail] = await mailsTo(t, to);
      expect(mail?.subject).toBe('Your sign-in link for Lake Victoria Aquaculture');
      const link = mail!.text.match(/https?:\/\/\S+/)![0];
      expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?signin=/);
      return new URL(link).searchParams.get('signin')!;
    };

    it('lets a throttled owner in from a new browser once, and not twice', async () => {
      const owner = await createUser(t);
      await strangerGuesses(owner.email);
      const refused = await signInFrom({ email: owner.email, password: owner.password });
      expect(refused.status).toBe(429);
      expect((await json<ErrorBody>(refused)).error.message).toContain('Or get a sign-in link by email');

      const asked = await post('/sign-in-link', { email: owner.email });
      const unknown = await post('/sign-in-link', { email: 'no-such-person@example.test' });
      expect(asked.status).toBe(200);
      expect(await json(asked)).toEqual({ message: SIGN_IN_LINK_MESSAGES.sent });
      expect(await json(unknown)).toEqual({ message: SIGN_IN_LINK_MESSAGES.sent });
      expect(await mailsTo(t, 'no-such-person@example.test')).toEqual([]);
      const token = await tokenInLatestMail(owner.email);
      const stored = await t.ctx.db.select().from(verification).where(like(verification.identifier, 'magic-link:%'));
      expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);

      const used = await post('/sign-in-link/use', { token });
      expect(used.status).toBe(200);
      expect(await json(used)).toEqual({ message: SIGN_IN_LINK_MESSAGES.signedIn });
      const cookie = cookieFrom(used);
      expect(cookie).toContain('shop_device=');
      const session = await t.request('/api/account/session', { cookie });
      expect((await json<{ user: { email: string } | null }>(session)).user?.email).toBe(owner.email);
      // The browser is now known: the slowdown no longer stands in its way.
      expect((await signInFrom({ email: owner.email, password: owner.password }, deviceTokenFrom(used))).status).toBe(200);

      const again = await post('/sign-in-link/use', { token });
      expect(again.status).toBe(400);
      expect((await json<ErrorBody>(again)).error.message).toBe(SIGN_IN_LINK_MESSAGES.invalid);
      expect(again.headers.getSetCookie()).toEqual([]);
      clock.advanceMinutes(61);
    });

    it('refuses an expired link', async () => {
      const owner = await createUser(t);
      expect((await post('/sign-in-link', { email: owner.email })).status).toBe(200);
      const token = await tokenInLatestMail(owner.email);
      await t.ctx.db
        .update(verification)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(like(verification.identifier, 'magic-link:%'));
      const used = await post('/sign-in-link/use', { token });
      expect(used.status).toBe(400);
      expect((await json<ErrorBody>(used)).error.message).toBe(SIGN_IN_LINK_MESSAGES.invalid);
    });
  });
});
