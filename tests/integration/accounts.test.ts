import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/validation';
import { createApp, createContext } from '../../src/server/app';
import { profiles, session, user } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/infra/logger';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { cookieFrom, createTestApp, createUser, testEnv, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, signUpBody, verifyCodeInLatestMail } from './accounts-support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: 'Boss@Example.test, other@example.test' } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    t.request(path, { method: 'POST', json: body, ...(cookie ? { cookie } : {}) });

  it('sign-up → verification mail → unverified sign-in refused → link → sign-in → session with the profile', async () => {
    const body = signUpBody({
      fullName: '  <script>alert(1)</script>Achieng Otieno ',
      email: '  Achieng.New@Example.TEST ',
      phone: '0712 345 678', // a local number is stored in E.164
      address: 'Kilimani <img src=x onerror=alert(1)>',
    });
    const res = await post('/api/account/sign-up', body);
    expect(res.status).toBe(201);

    const [created] = await t.ctx.db.select().from(user).where(eq(user.email, 'achieng.new@example.test'));
    expect(created?.emailVerified).toBe(false);
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, created!.id));
    expect(profile).toMatchObject({ fullName: 'Achieng Otieno', phone: '+254712345678', address: 'Kilimani <img src=x alert(1)>' });
    expect(profile?.role).toBe('customer');

    const credentials = { email: 'achieng.new@example.test', password: body.password };
    const early = await post('/api/account/sign-in', credentials);
    expect(early.status).toBe(403);
    expect((await json<ErrorBody>(early)).error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining('Please verify your email address'),
    });
    expect(early.headers.getSetCookie()).toEqual([]);

    const resend = await post('/api/account/resend-verification', { email: ' ACHIENG.new@example.test' });
    expect(resend.status).toBe(200);
    const mails = await mailsTo(t, 'achieng.new@example.test');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('Verify your email for Lake Victoria Aquaculture');

    // The link's page posts its code: the address is verified and the customer signed in, once.
    const verify = await post('/api/account/verify-email', { token: await verifyCodeInLatestMail(t, 'achieng.new@example.test') });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ signedIn: true, returnTo: '/shop', message: 'Your email address is verified. Welcome!' });
    expect(verify.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toHaveLength(1);
    const [verified] = await t.ctx.db.select().from(user).where(eq(user.id, created!.id));
    expect(verified?.emailVerified).toBe(true);

    const signedIn = await post('/api/account/sign-in', { ...credentials, email: '  ACHIENG.New@example.test ' });
    expect(signedIn.status).toBe(200);
    const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);

    const me = await t.request('/api/account/session', { cookie: cookieFrom(signedIn) });
    expect(await me.json()).toEqual({
      user: { id: created!.id, email: 'achieng.new@example.test', name: 'Achieng Otieno', emailVerified: true },
      profile: {
        fullName: 'Achieng Otieno',
        phone: '+254712345678',
        address: 'Kilimani <img src=x alert(1)>',
        role: 'customer',
        smsUpdates: true,
        smsUpdatesAt: null,
        cartReminders: false,
        kraPin: null,
        businessName: null,
        usualDeliveryTime: null,
      },
      googleEnabled: false,
      phoneSignIn: true,
    });
  });

  it('better-auth’s own verification URL is not followed over HTTP: it goes to /auth, which says the link is not valid', async () => {
    const res = await t.request('/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcallback%3Fverified%3D1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?verified=1&error=INVALID_TOKEN');
    expect(res.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([]);
  });

  it.each([
    ['fullName', '', MESSAGES.fillAllFields],
    ['email', '   ', MESSAGES.fillAllFields],
    ['phone', '', MESSAGES.fillAllFields],
    ['address', '', MESSAGES.fillAllFields],
    ['password', '', MESSAGES.fillAllFields],
    ['email', 'not-an-email', MESSAGES.invalidEmail],
    ['email', `${'a'.repeat(250)}@x.co`, MESSAGES.invalidEmail],
    ['phone', '0712 345 67', MESSAGES.invalidPhone],
    ['phone', '15551234567', MESSAGES.invalidPhone],
    ['phone', '+254 7', MESSAGES.invalidPhone],
    ['phone', '+254 712 345 678 901 23', MESSAGES.invalidPhone],
    ['password', 'short12', MESSAGES.passwordTooShort],
    ['password', 'x'.repeat(129), 'Password must be at most 128 characters long'],
    ['fullName', 'n'.repeat(101), MESSAGES.nameTooLong],
    ['address', 'a'.repeat(301), MESSAGES.addressTooLong],
  ])('sign-up with %s = %j answers %j and creates nothing', async (field, value, message) => {
    const body = signUpBody({ [field]: value });
    const res = await post('/api/account/sign-up', body);
    expect(res.status).toBe(400);
    const { error } = await json<ErrorBody>(res);
    expect(error.message).toBe(message);
    expect(error.fields?.[field]).toBe(message);
    expect(
      await t.ctx.db
        .select()
        .from(user)
        .where(eq(user.email, String(body.email).trim().toLowerCase())),
    ).toEqual([]);
  });

  it('a missing field or a non-JSON value gets the fill-in message too', async () => {
    const { password: _omit, ...rest } = signUpBody();
    const res = await post('/api/account/sign-up', { ...rest, phone: 712345678 });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.fields).toMatchObject({ password: MESSAGES.fillAllFields, phone: MESSAGES.fillAllFields });
  });

  it('signing up again with a taken email looks the same but changes nothing and mails the owner', async () => {
    const owner = await createUser(t, { name: 'Owner', phone: '+254700000001', address: 'Karen' });
    const res = await post('/api/account/sign-up', signUpBody({ email: owner.email, fullName: 'Intruder', phone: '+254799999999' }));
    expect(res.status).toBe(201);
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile).toMatchObject({ fullName: 'Owner', phone: '+254700000001', address: 'Karen' });
    const [mail] = await mailsTo(t, owner.email);
    expect(mail?.subject).toBe('You already have an account at Lake Victoria Aquaculture');
  });

  it.each([
    [{ email: '', password: 'whatever-1' }, 'email', MESSAGES.fillAllFields],
    [{ email: 'a@b.co', password: '' }, 'password', MESSAGES.fillAllFields],
    [{ email: 'nope', password: 'whatever-1' }, 'email', MESSAGES.invalidEmail],
  ])('sign-in with %j answers %s: %j', async (body, field, message) => {
    const res = await post('/api/account/sign-in', body);
    expect(res.status).toBe(400);
    const { error } = await json<ErrorBody>(res);
    expect(error.message).toBe(message);
    expect(error.fields?.[field]).toBe(message);
  });

  it('a wrong password gets the server message and no cookie', async () => {
    const someone = await createUser(t);
    const res = await post('/api/account/sign-in', { email: someone.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("PATCH /profile changes only the caller's own profile, whatever user id the body names", async () => {
    const a = await createUser(t, { name: 'Amina', phone: '+254711111111', address: 'Westlands' });
    const b = await createUser(t, { name: 'Baraka', phone: '+254722222222', address: 'Karen' });
    const res = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie: a.cookie,
      json: {
        id: b.id,
        userId: b.id,
        fullName: ' Amina W. <script>x</script>',
        phone: '0733 333 333',
        address: 'Lavington javascript:alert(1)',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      profile: {
        fullName: 'Amina W.',
        phone: '+254733333333',
        address: 'Lavington alert(1)',
        role: 'customer',
        smsUpdates: true,
        smsUpdatesAt: null,
        cartReminders: false,
        kraPin: null,
        businessName: null,
        usualDeliveryTime: null,
      },
    });
    const rows = await t.ctx.db.select().from(profiles).where(eq(profiles.id, b.id));
    expect(rows[0]).toMatchObject({ fullName: 'Baraka', phone: '+254722222222', address: 'Karen' });

    const seenByB = await json<{ user: { id: string }; profile: { fullName: string } }>(
      await t.request('/api/account/session', { cookie: b.cookie }),
    );
    expect(seenByB.user.id).toBe(b.id);
    expect(seenByB.profile.fullName).toBe('Baraka');
    for (const path of [`/api/account/profile/${a.id}`, `/api/account/profile?id=${a.id}`]) {
      const other = await t.request(path, { cookie: b.cookie });
      expect(other.status).toBe(404);
    }
  });

  it.each([
    [{ fullName: '  ', phone: '+254711111111', address: 'Karen' }, 'fullName', MESSAGES.fullNameRequired],
    [{ fullName: 'A', phone: '', address: 'Karen' }, 'phone', MESSAGES.phoneRequired],
    [{ fullName: 'A', phone: 'call me', address: 'Karen' }, 'phone', MESSAGES.invalidPhone],
    [{ fullName: 'A', phone: '+254711111111', address: '<script></script>' }, 'address', MESSAGES.addressRequired],
    [{ fullName: 'A', phone: '+254711111111' }, 'address', MESSAGES.addressRequired],
  ])('PATCH /profile with %j answers %s: %j and saves nothing', async (body, field, message) => {
    const someone = await createUser(t, { name: 'Unchanged', phone: '+254744444444', address: 'Runda' });
    const res = await t.request('/api/account/profile', { method: 'PATCH', cookie: someone.cookie, json: body });
    expect(res.status).toBe(400);
    const { error } = await json<ErrorBody>(res);
    expect(error.message).toBe(message);
    expect(error.fields?.[field]).toBe(message);
    const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, someone.id));
    expect(row).toMatchObject({ fullName: 'Unchanged', phone: '+254744444444', address: 'Runda' });
  });

  it('PATCH /profile needs a session and refuses cross-site requests', async () => {
    const body = { fullName: 'X', phone: '+254711111111', address: 'Karen' };
    const anonymous = await t.request('/api/account/profile', { method: 'PATCH', json: body });
    expect(anonymous.status).toBe(401);
    const someone = await createUser(t);
    const crossSite = await t.app.request('http://localhost:3000/api/account/profile', {
      method: 'PATCH',
      headers: { Origin: 'https://evil.example', Cookie: someone.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
  });

  it("better-auth's raw sign-up, sign-in and update endpoints are closed (they would skip our checks)", async () => {
    const body = { email: 'raw@example.test', password: 'long-enough-1', name: 'Raw' };
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/send-verification-email',
      '/api/auth/update-user',
    ]) {
      expect((await post(path, body)).status).toBe(404);
    }
  });

  it('ADMIN_EMAILS makes a verified account admin when it signs in (case-insensitive)', async () => {
    const boss = await createUser(t, { email: 'boss@example.test' });
    const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, boss.id));
    expect(row?.role).toBe('owner');
    const customer = await createUser(t);
    const [plain] = await t.ctx.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(plain?.role).toBe('customer');
  });

  it('sign-out ends the session in the database', async () => {
    const someone = await createUser(t);
    const res = await t.request('/api/auth/sign-out', { method: 'POST', cookie: someone.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, someone.id))).toEqual([]);
    const me = await json<{ user: unknown }>(await t.request('/api/account/session', { cookie: someone.cookie }));
    expect(me.user).toBeNull();
  });

  it('Google sign-in without GOOGLE_CLIENT_ID/SECRET says it is not configured', async () => {
    const res = await post('/api/account/google', {});
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.message).toBe('Google sign-in is not configured');
  });

  it('a session survives a restart: a new app on the same database knows the cookie', async () => {
    const someone = await createUser(t);
    const env = testEnv({ ADMIN_EMAILS: '' });
    const ctx = createContext({
      env,
      database: t.testDb.database,
      logger: createLogger('silent'),
      mailer: createMailer({ db: t.testDb.database.db, from: 'Shop <shop@example.test>' }),
    });
    const restarted = createApp(ctx);
    const res = await restarted.request('http://localhost:3000/api/account/session', { headers: { Cookie: someone.cookie } });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(someone.id);
  });
});

describe('session cookies behind https', () => {
  it('are Secure (with the __Secure- prefix) when PUBLIC_URL is https', async () => {
    const t = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://shop.example.test' } });
    try {
      const someone = await createUser(t);
      expect(someone.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      const res = await t.request('/api/account/sign-in', { method: 'POST', json: { email: someone.email, password: someone.password } });
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await t.dispose();
    }
  });
});

describe('Google sign-in when configured', () => {
  it("starts at Google's real authorisation endpoint with state, PKCE and our callback", async () => {
    const t = await createTestApp('pglite', { env: { GOOGLE_CLIENT_ID: 'client-1', GOOGLE_CLIENT_SECRET: 'secret-1' } });
    try {
      const session = await json<{ googleEnabled: boolean }>(await t.request('/api/account/session'));
      expect(session.googleEnabled).toBe(true);
      const res = await t.request('/api/account/google', { method: 'POST' });
      expect(res.status).toBe(200);
      const url = new URL((await json<{ url: string }>(res)).url);
      expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(url.searchParams.get('client_id')).toBe('client-1');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(res.headers.getSetCookie().some((c) => /HttpOnly/i.test(c))).toBe(true);
    } finally {
      await t.dispose();
    }
  });
});
