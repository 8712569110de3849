// The shop's people sign in with a code by SMS: the owner adds a rider by phone number alone, and the
// rider's code signs in to that account (no second account for the number) and opens the rider's
// stops. One added by email with a phone signs in by SMS too, still after choosing a password. A
// phone number belongs to one account: a number a customer already signs in with is given the role by
// adding that number, and is refused beside another account's email.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, profiles, user } from '../../src/server/db/schema';
import { signInByPhone } from '../support/phone-sign-in';
import { dbKinds } from '../support/test-database';
import { mailsTo } from './accounts-support';
import { body, withAdminApp } from './admin-helpers';

type Member = { id: string; email: string; name: string; phone: string; role: string };
type ErrorBody = { error: { message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('staff and riders sign in with a code by SMS on %s', (kind) => {
  const s = withAdminApp(kind);
  let address = 0;

  /** Signs in with the newest code texted to the number; returns the session's cookie and user. */
  const signIn = (phone: string) => signInByPhone(s.t, phone, `203.0.113.${++address}`);
  const accountsWithNumber = async (e164: string) =>
    (await s.t.ctx.db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, e164))).length;

  it('adds a rider by phone alone, whose code opens their stops in that same account', async () => {
    const noName = await s.asAdmin('/staff', { method: 'POST', json: { role: 'rider', phone: '0700 111 002' } });
    expect(noName.status).toBe(400);
    expect((await body<ErrorBody>(noName)).error.message).toBe('No account uses this phone number yet: type their name to create one');
    const neither = await s.asAdmin('/staff', { method: 'POST', json: { role: 'rider', fullName: 'Kiprop Rider' } });
    expect(neither.status).toBe(400);
    expect((await body<ErrorBody>(neither)).error.fields?.email).toBe('Type their email or their phone number');

    const added = await s.asAdmin('/staff', { method: 'POST', json: { role: 'rider', fullName: 'Kiprop Rider', phone: '0700 111 002' } });
    expect(added.status).toBe(201);
    const { member } = await body<{ member: Member }>(added);
    expect(member).toMatchObject({ email: '', name: 'Kiprop Rider', phone: '+254700111002', role: 'rider' });
    const [audit] = await s.t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'STAFF_ACCOUNT_CREATE'));
    expect(audit?.details).toEqual({ phone: '+254700111002' });

    const kiprop = await signIn('0700111002');
    expect(kiprop).toMatchObject({ id: member.id, role: 'rider' });
    expect(await accountsWithNumber('+254700111002')).toBe(1);
    expect((await s.t.request('/api/admin/rider/stops', { cookie: kiprop.cookie })).status).toBe(200);
    // The staff list names him and shows no stand-in address.
    const list = await body<{ items: Member[] }>(await s.asAdmin('/staff'));
    expect(list.items.find((m) => m.id === member.id)).toMatchObject({ email: '', name: 'Kiprop Rider' });
  });

  it('lets one added by email with a phone sign in by SMS, also after choosing a password', async () => {
    const added = await s.asAdmin('/staff', {
      method: 'POST',
      json: { email: 'wafula.staff@example.test', role: 'staff', fullName: 'Wafula Staff', phone: '0700 111 003' },
    });
    expect(added.status).toBe(201);
    const { member } = await body<{ member: Member }>(added);
    // Choosing the password from the mailed link proves the mailbox; the owner gave the phone.
    const [mail] = await mailsTo(s.t, 'wafula.staff@example.test');
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    const reset = await s.t.request('/api/account/reset-password', {
      method: 'POST',
      json: { token, password: 'a-new-pass-for-wafula' },
      headers: { 'X-Forwarded-For': '203.0.113.200' },
    });
    expect(reset.status).toBe(200);
    const wafula = await signIn('0700 111 003');
    expect(wafula).toMatchObject({ id: member.id, role: 'staff' });
  });

  it('gives the role to the account a number already signs in with, and refuses that number beside another email', async () => {
    const customer = await signIn('0700 111 004');
    expect(customer.role).toBe('customer');
    const taken = await s.asAdmin('/staff', {
      method: 'POST',
      json: { email: 'someone.else@example.test', role: 'rider', fullName: 'Someone Else', phone: '0700 111 004' },
    });
    expect(taken.status).toBe(400);
    expect((await body<ErrorBody>(taken)).error.fields?.phone).toBe(
      'Another account signs in with this phone number: add the person by the phone number alone to give that account the role',
    );
    expect(await s.t.ctx.db.select().from(user).where(eq(user.email, 'someone.else@example.test'))).toEqual([]);

    const byNumber = await s.asAdmin('/staff', {
      method: 'POST',
      json: { role: 'rider', fullName: 'Otieno Rider', phone: '0700 111 004' },
    });
    expect(byNumber.status).toBe(200);
    expect((await body<{ member: Member; created: boolean }>(byNumber)).member).toMatchObject({ id: customer.id, role: 'rider' });
    const [profile] = await s.t.ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, customer.id));
    expect(profile?.role).toBe('rider');
    expect(await accountsWithNumber('+254700111004')).toBe(1);
  });
});
