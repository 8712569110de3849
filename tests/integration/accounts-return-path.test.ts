// The customer's place through sign-up: the page that sent them to /auth rides with the sign-up (and
// with a new verification mail) into a short emailed link; using that link verifies the address,
// signs the customer in once, and answers with the page to go back to. Only paths of this shop are
// accepted as that page. The mail is HTML with one button, and a plain-text part.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema';
import { SHOP_COLOUR } from '../../src/server/infra/mail/button-mail';
import { cookieFrom, createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, mailsTo, movableClock, signUpBody, verifyCodeInLatestMail } from './accounts-support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('returning after sign-up on %s', (kind) => {
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: clock.now } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', json: body, headers });
  const sessionCookies = (res: Response) => res.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c));

  it('brings the customer back to checkout, signed in, with a short link in an HTML mail', async () => {
    const body = signUpBody({ fullName: 'Wanjiru Kamau' });
    expect((await post('/api/account/sign-up', { ...body, returnTo: '/checkout?from=cart' })).status).toBe(201);

    const [mail] = await mailsTo(t, body.email);
    expect(mail?.subject).toBe('Verify your email for Lake Victoria Aquaculture');
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?verify=[\w-]{22}$/);
    expect(link.length).toBeLessThan(70);
    expect(mail?.text).toContain('Hello Wanjiru Kamau,');
    expect(mail?.html).toContain('Lake Victoria Aquaculture');
    expect(mail?.html).toContain(SHOP_COLOUR);
    // One button, and the same link written out for mail apps without buttons.
    expect(mail?.html?.match(/<a /g)).toHaveLength(2);
    expect(mail?.html).toContain(`<a href="${link}" style="display:inline-block`);
    expect(mail?.html).toContain('>Verify my email</a>');

    const code = await verifyCodeInLatestMail(t, body.email);
    const used = await post('/api/account/verify-email', { token: code });
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({
      signedIn: true,
      returnTo: '/checkout?from=cart',
      message: 'Your email address is verified. Welcome!',
    });
    expect(sessionCookies(used)).toHaveLength(1);
    const me = await t.request('/api/account/session', { cookie: cookieFrom(used) });
    expect(await me.json()).toMatchObject({ user: { email: body.email, name: 'Wanjiru Kamau' } });
    const [row] = await t.ctx.db.select().from(user).where(eq(user.email, body.email));
    expect(row?.emailVerified).toBe(true);

    // A second use (a forwarded mail, a second device) signs nobody in; it still knows the page.
    const again = await post('/api/account/verify-email', { token: code });
    expect(await again.json()).toEqual({
      signedIn: false,
      returnTo: '/checkout?from=cart',
      message: 'Your email address is verified. You can sign in now.',
    });
    expect(sessionCookies(again)).toEqual([]);
  });

  it.each(['https://evil.example/checkout', '//evil.example', '/\\evil.example', '/\t/evil.example', 'checkout', '/auth/callback'])(
    'refuses %j as the page to return to, and creates no account',
    async (returnTo) => {
      const body = signUpBody();
      const res = await post('/api/account/sign-up', { ...body, returnTo });
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The page to return to must be a page of this shop.',
        fields: { returnTo: 'The page to return to must be a page of this shop.' },
      });
      expect(await t.ctx.db.select().from(user).where(eq(user.email, body.email))).toEqual([]);
      expect(await mailsTo(t, body.email)).toEqual([]);
    },
  );

  it('a new verification mail carries the page too; without one the link returns to the shop', async () => {
    const body = signUpBody();
    await post('/api/account/sign-up', body);
    const first = await post('/api/account/verify-email', { token: await verifyCodeInLatestMail(t, body.email) });
    expect(await first.json()).toMatchObject({ returnTo: '/shop' });

    const other = signUpBody();
    await post('/api/account/sign-up', other, { 'X-Forwarded-For': '198.51.100.20' });
    const refused = await post('/api/account/resend-verification', { email: other.email, returnTo: '//evil.example' });
    expect(refused.status).toBe(400);
    expect(await mailsTo(t, other.email)).toHaveLength(1);
    expect((await post('/api/account/resend-verification', { email: other.email, returnTo: '/orders' })).status).toBe(200);
    const used = await post('/api/account/verify-email', { token: await verifyCodeInLatestMail(t, other.email) });
    expect(await used.json()).toMatchObject({ signedIn: true, returnTo: '/orders' });
  });

  it('an unknown or expired link is refused with the message, and signs nobody in', async () => {
    const unknown = await post('/api/account/verify-email', { token: 'not-a-real-code-at-all' });
    expect(unknown.status).toBe(400);
    expect((await json<ErrorBody>(unknown)).error).toMatchObject({
      message: 'This verification link is invalid or has expired. Sign in to get a new one.',
      fields: { token: 'This verification link is invalid or has expired. Sign in to get a new one.' },
    });

    const body = signUpBody();
    await post('/api/account/sign-up', body);
    const code = await verifyCodeInLatestMail(t, body.email);
    clock.advanceMinutes(24 * 60 + 1);
    const expired = await post('/api/account/verify-email', { token: code });
    expect(expired.status).toBe(400);
    expect(sessionCookies(expired)).toEqual([]);
    const [row] = await t.ctx.db.select().from(user).where(eq(user.email, body.email));
    expect(row?.emailVerified).toBe(false);
  });
});
