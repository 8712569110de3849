// The public forms' per-address limits: 5 contact messages and 10 newsletter sign-ups an hour,
// counted in the database so a second server instance sees the same count.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createContext } from '../../src/server/app';
import { contactMessages, newsletterSubscriptions } from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

type ErrorBody = { error: { code: string; message: string } };

describe.each(dbKinds(import.meta.url))('public form limits on %s', (kind) => {
  let t: TestApp;
  let secondApp: ReturnType<typeof createApp>;
  let clock = new Date('2026-03-05T08:00:00Z');
  const advanceMinutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));
  let address = 0;
  /** Each test posts from its own client address so the counters do not mix. */
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: () => clock } });
    // Another instance on the same database, as behind a load balancer.
    const { env, logger, mailer, database } = t.ctx;
    secondApp = createApp(createContext({ env, logger, mailer, database, now: () => clock }));
  });
  afterAll(async () => {
    await t.dispose();
  });

  const post = (path: string, json: unknown, from: string, app: 'first' | 'second' = 'first') => {
    const headers = { 'X-Forwarded-For': from };
    if (app === 'first') return t.request(path, { method: 'POST', json, headers });
    return Promise.resolve(
      secondApp.request(`${TEST_ORIGIN}${path}`, {
        method: 'POST',
        headers: { ...headers, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      }),
    );
  };
  const contact = (n: number, from: string, app?: 'first' | 'second') =>
    post(
      '/api/content/contact',
      { name: 'Otieno', email: 'otieno@example.com', subject: `Order ${n}`, message: 'Do you deliver to Karen?' },
      from,
      app,
    );
  const subscribe = (email: string, from: string, app?: 'first' | 'second') => post('/api/content/newsletter', { email }, from, app);
  const storedSubjects = async (subjects: string[]) =>
    (await t.ctx.db.select({ subject: contactMessages.subject }).from(contactMessages).where(inArray(contactMessages.subject, subjects)))
      .length;

  it('takes 5 contact messages an hour from one address, across instances, then answers 429 with the wait', async () => {
    const from = nextAddress();
    for (let n = 1; n <= 5; n += 1) {
      expect((await contact(n, from, n % 2 === 0 ? 'second' : 'first')).status).toBe(201);
    }
    const sixth = await contact(6, from, 'second');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('3600');
    expect((await sixth.json()) as ErrorBody).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'You have sent several messages already. Please wait 60 minutes before sending another.',
      },
    });
    expect(await storedSubjects(['Order 1', 'Order 2', 'Order 3', 'Order 4', 'Order 5', 'Order 6'])).toBe(5);

    advanceMinutes(45);
    const later = await contact(7, from);
    expect(later.status).toBe(429);
    expect(((await later.json()) as ErrorBody).error.message).toMatch(/Please wait 15 minutes/);
    // Another address is not held up.
    expect((await contact(8, nextAddress())).status).toBe(201);

    advanceMinutes(15);
    expect((await contact(9, from)).status).toBe(201);
    expect(await storedSubjects(['Order 6', 'Order 7', 'Order 8', 'Order 9'])).toBe(2);
  });

  it('does not count a refused (invalid) message', async () => {
    const from = nextAddress();
    for (let n = 1; n <= 6; n += 1) {
      const res = await post('/api/content/contact', { name: '', email: 'x', subject: '', message: '' }, from);
      expect(res.status).toBe(400);
    }
    expect((await contact(10, from)).status).toBe(201);
  });

  it('takes 10 newsletter sign-ups an hour from one address, then answers 429 without storing', async () => {
    const from = nextAddress();
    const emails = Array.from({ length: 11 }, (_, i) => `reader${i + 1}@example.com`);
    for (const [i, email] of emails.slice(0, 10).entries()) {
      expect((await subscribe(email, from, i % 2 === 0 ? 'first' : 'second')).status).toBe(201);
    }
    const eleventh = await subscribe(emails[10]!, from);
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()) as ErrorBody).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many sign-ups from your network. Please wait 60 minutes and try again.' },
    });
    const rows = await t.ctx.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, emails));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.email)).not.toContain('reader11@example.com');
    expect((await subscribe(emails[10]!, nextAddress())).status).toBe(201);
  });
});
