// Input meant to break the server gets a clear 400 or 413 and changes nothing: NUL characters
// (PostgreSQL text cannot hold them), oversized bodies, and text that makes the sanitiser's
// patterns slow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions, paymentNotifications } from '../../src/server/db/schema';
import { NUL_REFUSED } from '../../src/server/infra/http/nul-characters';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('hostile input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const counts = async () => ({
    contact: (await t.ctx.db.select().from(contactMessages)).length,
    newsletter: (await t.ctx.db.select().from(newsletterSubscriptions)).length,
    notifications: (await t.ctx.db.select().from(paymentNotifications)).length,
  });
  const contact = { name: 'Achieng', email: 'achieng@example.co.ke', subject: 'Order', message: 'Hello' };

  it('refuses a NUL character anywhere in an API request with a 400, and stores nothing', async () => {
    const before = await counts();
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      ['/api/content/contact', { method: 'POST', json: { ...contact, name: 'Achi\u0000eng' } }],
      ['/api/content/newsletter', { method: 'POST', json: { email: 'a\u0000b@example.co.ke' } }],
      ['/api/account/sign-in', { method: 'POST', json: { email: 'x\u0000@example.co.ke', password: 'whatever-1' } }],
      ['/api/content/pages/a%00b', {}],
      ['/api/catalog/products?search=tilapia%00', {}],
      ['/api/payments/ipn?OrderTrackingId=abc%00&OrderNotificationType=IPNCHANGE&OrderMerchantReference=x', {}],
      [
        '/api/payments/ipn',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'OrderTrackingId=abc%00&OrderNotificationType=IPNCHANGE',
        },
      ],
    ];
    for (const [path, init] of attempts) {
      const res = await t.request(path, init);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message, path).toBe(NUL_REFUSED);
    }
    expect(await counts()).toEqual(before);
  });

  it('still takes the same forms without a NUL, and "%00" as plain text in JSON', async () => {
    const res = await t.request('/api/content/contact', { method: 'POST', json: { ...contact, message: 'Is the 100%00 fresh?' } });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('refuses a JSON body over 1 MB with a 413', async () => {
    const res = await t.request('/api/content/contact', { method: 'POST', json: { ...contact, message: 'x'.repeat(1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe('The request is too large.');
  });

  it('answers text built to make the sanitiser slow with the length message, and stores nothing', async () => {
    const before = await counts();
    const res = await t.request('/api/content/contact', { method: 'POST', json: { ...contact, message: '<script '.repeat(100_000) } });
    expect(res.status).toBe(400);
    // The script tags are stripped, which leaves nothing: the message is required.
    expect(((await res.json()) as ErrorBody).error.fields?.message).toBeTruthy();
    expect(await counts()).toEqual(before);
  });
});
