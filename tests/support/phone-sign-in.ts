// Signing in with the 6-digit code the shop texts, as a phone would: ask for a code, read it from the
// SMS the shop queued for that number, send it back. Each call is a new session (a new device).
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboundSms } from '../../src/server/db/schema';
import { toE164Phone } from '../../src/domain/phone';
import { SIGN_IN_CODE_STEP } from '../../src/domain/phone-sign-in';
import { cookieFrom, type TestApp } from './test-app';

export interface PhoneSession {
  id: string;
  email: string;
  cookie: string;
  role: string;
}

/** `from`: the client's address (X-Forwarded-For), so per-network limits do not mix tests. */
export async function signInByPhone(t: TestApp, phone: string, from: string): Promise<PhoneSession> {
  const headers = { 'X-Forwarded-For': from };
  const e164 = toE164Phone(phone)!;
  const codesTo = () =>
    t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.to, e164), eq(outboundSms.step, SIGN_IN_CODE_STEP)));
  // The code is the one SMS new since the request (the test clock may stand still between two).
  const before = new Set((await codesTo()).map((m) => m.id));
  const sent = await t.request('/api/account/phone-code', { method: 'POST', json: { phone }, headers });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const sms = (await codesTo()).find((m) => !before.has(m.id));
  const code = /^(\d{6}) is your/.exec(sms?.message ?? '')?.[1];
  expect(code, `no sign-in code was texted to ${e164}`).toBeDefined();
  const res = await t.request('/api/account/phone-code/sign-in', { method: 'POST', json: { phone, code }, headers });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = cookieFrom(res);
  const session = (await (await t.request('/api/account/session', { cookie })).json()) as {
    user: { id: string; email: string };
    profile: { role: string };
  };
  return { id: session.user.id, email: session.user.email, cookie, role: session.profile.role };
}
