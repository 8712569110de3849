// The session token lives only in the HttpOnly cookie: no JSON answer the browser gets (better-auth's
// endpoints or ours) carries it, and signing in and out still work through the cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../src/server/auth/public-auth-answer';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

/** The token part of better-auth's signed session cookie (`token.signature`). */
function sessionToken(cookie: string): string {
  const value = cookie.match(/session_token=([^;]+)/)?.[1];
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value).split('.')[0]!;
}

describe.each(dbKinds(import.meta.url))('the session token on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('is in no JSON answer of get-session, list-sessions or our account endpoints', async () => {
    const customer = await createUser(t);
    const token = sessionToken(customer.cookie);
    expect(token.length).toBeGreaterThan(10);

    const session = await t.request('/api/auth/get-session', { cookie: customer.cookie });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(customer.email);
    expect(body.session).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(token);

    for (const path of ['/api/auth/list-sessions', '/api/account/session', '/api/auth/list-accounts']) {
      const res = await t.request(path, { cookie: customer.cookie });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain(token);
    }
    const signIn = await t.request('/api/account/sign-in', {
      method: 'POST',
      json: { email: customer.email, password: customer.password },
    });
    expect(signIn.status).toBe(200);
    const fresh = signIn.headers.getSetCookie().join('; ');
    expect(await signIn.text()).not.toContain(sessionToken(fresh));
  });

  it('still signs in and out with the cookie alone', async () => {
    const customer = await createUser(t);
    const before = (await (await t.request('/api/account/session', { cookie: customer.cookie })).json()) as {
      user: { email: string } | null;
    };
    expect(before.user?.email).toBe(customer.email);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: customer.cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    const after = (await (await t.request('/api/account/session', { cookie: customer.cookie })).json()) as { user: unknown };
    expect(after.user).toBeNull();
  });

  it('strips secret-named keys at any depth and leaves the rest', () => {
    expect(withoutSecrets({ session: { token: 't', id: 1 }, list: [{ accessToken: 'a', idToken: 'i', scope: 'x' }], ok: true })).toEqual({
      session: { id: 1 },
      list: [{ scope: 'x' }],
      ok: true,
    });
  });
});
