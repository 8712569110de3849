// The overall budget of SMS sign-in codes: ceilings per hour and per day for the whole shop and for
// each client network (every /64 of an IPv6 /48 counts together), shown in the back office while
// they hold, and per number a daily cap on codes and on wrong entries that ends within a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { auditLogs, outboundSms, user } from '../../src/server/db/schema';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { json, movableClock } from './accounts-support';

type ErrorBody = { error: { code: string; message: string } };
type Alerts = { alerts: { scope: string; window: string; network: string | null; message: string }[] };

describe.each(dbKinds(import.meta.url))('the budget of SMS sign-in codes on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-03-02T09:00:00Z'));
  let counter = 0;
  const nextNumber = () => {
    counter += 1;
    return `+254733${100 + counter}${400 + counter}`;
  };
  const nextAddress = () => `192.0.2.${++counter}`;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      deps: { now: clock.now },
      env: {
        SMS_CODES_PER_HOUR: '12',
        SMS_CODES_PER_DAY: '16',
        SMS_CODES_PER_NETWORK_HOUR: '4',
        SMS_CODES_PER_NETWORK_DAY: '6',
        SMS_WRONG_CODES_PER_NUMBER_DAY: '7',
      },
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const sendCode = (phone: string, from = nextAddress()) =>
    t.request('/api/account/phone-code', { method: 'POST', json: { phone }, headers: { 'X-Forwarded-For': from } });
  const useCode = (phone: string, code: string, from = nextAddress()) =>
    t.request('/api/account/phone-code/sign-in', { method: 'POST', json: { phone, code }, headers: { 'X-Forwarded-For': from } });
  const smsTo = (numbers: string[]) => t.ctx.db.select().from(outboundSms).where(inArray(outboundSms.to, numbers));
  async function codeSentTo(e164: string): Promise<string> {
    const [sms] = await t.ctx.db.select().from(outboundSms).where(eq(outboundSms.to, e164)).orderBy(desc(outboundSms.createdAt)).limit(1);
    return sms!.message.slice(0, 6);
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('every /64 of one IPv6 /48 shares the network’s ceiling; another /48 does not', async () => {
    for (let n = 1; n <= 4; n += 1) expect((await sendCode(nextNumber(), `2001:db8:7:${n}::1`)).status).toBe(200);
    const fifth = nextNumber();
    const refused = await sendCode(fifth, '2001:db8:7:ff::5');
    expect(refused.status).toBe(429);
    expect((await json<ErrorBody>(refused)).error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many codes requested from your network. Please wait 60 minutes and try again.',
    });
    expect(await smsTo([fifth])).toEqual([]);
    expect((await sendCode(nextNumber(), '2001:db8:8:1::1')).status).toBe(200);

    const owner = await createUser(t, { role: 'owner' });
    const { alerts } = await json<Alerts>(await t.request('/api/admin/sign-in-codes/alerts', { cookie: owner.cookie }));
    expect(alerts).toEqual([
      {
        scope: 'network',
        window: 'hour',
        network: '2001:db8:7::/48',
        until: expect.any(String),
        message:
          'Sign-in codes by SMS from the network 2001:db8:7::/48 reached the ceiling of 4 an hour: no more are sent for 60 minutes. Customers can still sign in by email.',
      },
    ]);
    clock.advanceMinutes(60);
    expect((await json<Alerts>(await t.request('/api/admin/sign-in-codes/alerts', { cookie: owner.cookie }))).alerts).toEqual([]);
    // The day's ceiling of 6 for the network still holds after the hour's.
    expect((await sendCode(nextNumber(), '2001:db8:7:1::1')).status).toBe(200);
    expect((await sendCode(nextNumber(), '2001:db8:7:2::1')).status).toBe(200);
    expect((await sendCode(nextNumber(), '2001:db8:7:3::1')).status).toBe(429);
    clock.advanceMinutes(24 * 60);
  });

  it('from many addresses, codes stop at the shop’s hourly and daily ceilings, which the back office shows and the audit log keeps', async () => {
    const numbers: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      numbers.push(nextNumber());
      expect((await sendCode(numbers.at(-1)!)).status).toBe(200);
    }
    const over = nextNumber();
    const refused = await sendCode(over);
    expect(refused.status).toBe(429);
    expect((await json<ErrorBody>(refused)).error.message).toBe(
      'Sign-in codes by SMS are paused because of unusually many requests. Please try again in 60 minutes, or sign in with your email.',
    );
    expect(await smsTo([...numbers, over])).toHaveLength(12);

    const staff = await createUser(t, { role: 'staff' });
    const { alerts } = await json<Alerts>(await t.request('/api/admin/sign-in-codes/alerts', { cookie: staff.cookie }));
    expect(alerts.map((a) => a.message)).toEqual([
      'Sign-in codes by SMS for the whole shop reached the ceiling of 12 an hour: no more are sent for 60 minutes. Customers can still sign in by email.',
    ]);
    const audited = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'SMS_CODE_CEILING_REACHED'));
    expect(audited.map((a) => a.recordId)).toContain('sms-code-budget:shop:hour');

    // An hour later the hour's ceiling lifts; the day's (16) stops the fifth code.
    clock.advanceMinutes(60);
    for (let i = 1; i <= 4; i += 1) expect((await sendCode(nextNumber())).status).toBe(200);
    const dayOver = await sendCode(nextNumber());
    expect(dayOver.status).toBe(429);
    expect((await json<ErrorBody>(dayOver)).error.message).toBe(
      'Sign-in codes by SMS are paused because of unusually many requests. Please try again in 24 hours, or sign in with your email.',
    );
    clock.advanceMinutes(24 * 60);
    expect((await sendCode(nextNumber())).status).toBe(200);
    clock.advanceMinutes(24 * 60);
  });

  it('one number gets at most 10 codes a day, then waits at most a day', async () => {
    const phone = nextNumber();
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < (round < 3 ? 3 : 1); i += 1) expect((await sendCode(phone)).status).toBe(200);
      clock.advanceMinutes(16);
    }
    expect(await smsTo([phone])).toHaveLength(10);
    const eleventh = await sendCode(phone);
    expect(eleventh.status).toBe(429);
    expect((await json<ErrorBody>(eleventh)).error.message).toBe(
      'Too many codes or wrong entries for this number today. Please wait 24 hours and try again, or sign in with your email.',
    );
    expect(await smsTo([phone])).toHaveLength(10);
    clock.advanceMinutes(24 * 60);
    expect((await sendCode(phone)).status).toBe(200);
    clock.advanceMinutes(24 * 60);
  });

  it('wrong entries for one number are capped per day over all its codes: the right code then waits, at most a day', async () => {
    const phone = nextNumber();
    await sendCode(phone);
    const first = await codeSentTo(phone);
    for (let i = 1; i <= 5; i += 1) expect((await useCode(phone, otherCode(first))).status).toBe(400);
    clock.advanceMinutes(1);
    await sendCode(phone);
    const second = await codeSentTo(phone);
    expect((await useCode(phone, otherCode(second))).status).toBe(400);
    const seventh = await useCode(phone, otherCode(second));
    expect(seventh.status).toBe(429);
    expect((await json<ErrorBody>(seventh)).error.message).toBe(
      'Too many codes or wrong entries for this number today. Please wait 24 hours and try again, or sign in with your email.',
    );
    // The code in hand no longer works, and no new one is sent.
    expect((await useCode(phone, second)).status).toBe(429);
    expect((await sendCode(phone)).status).toBe(429);
    expect(await t.ctx.db.select().from(user).where(eq(user.phoneNumber, phone))).toEqual([]);

    clock.advanceMinutes(24 * 60);
    expect((await sendCode(phone)).status).toBe(200);
    expect((await useCode(phone, await codeSentTo(phone))).status).toBe(200);
    expect(await t.ctx.db.select().from(user).where(eq(user.phoneNumber, phone))).toHaveLength(1);
  });
});
