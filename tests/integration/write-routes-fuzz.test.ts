// Every write route of the app, found by walking its routes (so a route added later is covered),
// gets malformed bodies of many content types as a visitor and as an admin: the answer is never a
// 5xx. Then the specific attacks: NUL under JSON-like and binary types, and non-ASCII emails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions, paymentNotifications, user } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/domain/validation';
import { NUL_REFUSED } from '../../src/server/infra/http/nul-characters';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SOME_ID = '6f1c2a9e-8d3b-4c1e-9a7f-2b5d8e0c4a13';
const NUL = '\u0000';

/** [label, content type or null, body] */
const BODIES: [string, string | null, string][] = [
  ['empty JSON', 'application/json', ''],
  ['truncated JSON', 'application/json', '{"email": "a@example.com", "items": [{"productId": '],
  ['JSON array', 'application/json', '[{"email":"a@example.com"}, 1, null]'],
  ['JSON null', 'application/json', 'null'],
  ['JSON string', 'application/json', '"just a string"'],
  ['raw NUL in JSON', 'application/json', `{"email":"a${NUL}b@example.com","name":"x${NUL}"}`],
  ['escaped NUL in JSON', 'application/json', '{"email":"a\\u0000b@example.com","message":"\\u0000"}'],
  ['huge numbers', 'application/json', '{"quantity":1e400,"price":99999999999999999999999999999,"stock":-1e308,"amount":1e-400}'],
  [
    'wrong types',
    'application/json',
    '{"email":5,"password":true,"name":{"a":1},"items":"x","orderIds":{"0":"a"},"quantity":"two","status":[]}',
  ],
  ['deep nesting', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['form-encoded', 'application/x-www-form-urlencoded', 'email=a%00b%40example.com&name=x&quantity=NaN'],
  ['form with a bad escape', 'application/x-www-form-urlencoded', 'email=%E0%A4%A&x=%'],
  ['octet-stream with NUL', 'application/octet-stream', `{"OrderTrackingId":"abc${NUL}","email":"a${NUL}@example.com"}`],
  ['octet-stream binary', 'application/octet-stream', '\u00ff\u00fe\u0001\u0002binary'],
  ['vnd.api+json with NUL', 'application/vnd.api+json', `{"email":"a${NUL}b@example.com","name":"x","subject":"s","message":"m"}`],
  ['vnd.api+json escaped NUL', 'application/vnd.api+json', '{"email":"a\\u0000b@example.com"}'],
  ['text/plain', 'text/plain', 'email=a@example.com'],
  ['text/plain JSON with NUL', 'text/plain', `{"email":"a${NUL}@example.com"}`],
  ['no content type', null, '{"email":"a@example.com"}'],
  ['multipart without boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--'],
  ['made-up type', 'application/x-shop', `a${NUL}b`],
];

/** better-auth answers under one catch-all route; these are the ones a browser can reach. */
const AUTH_PATHS = [
  '/api/auth/sign-out',
  '/api/auth/sign-in/social',
  '/api/auth/revoke-session',
  '/api/auth/change-password',
  '/api/auth/unlink-account',
];

describe.each(dbKinds(import.meta.url))('malformed bodies on every write route on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    admin = await createUser(t, { role: 'owner' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  function writeRoutes(): { method: string; path: string }[] {
    const seen = new Set<string>();
    const routes: { method: string; path: string }[] = [];
    for (const r of t.app.routes) {
      const methods = r.method === 'ALL' ? [] : [r.method.toUpperCase()];
      for (const method of methods) {
        if (!WRITE_METHODS.has(method) || r.path.includes('*')) continue;
        const path = r.path.replace(/:\w+(\{[^}]*\})?/g, SOME_ID);
        const key = `${method} ${path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        routes.push({ method, path });
      }
    }
    for (const path of AUTH_PATHS) routes.push({ method: 'POST', path });
    return routes;
  }

  it('finds the write routes by walking the app', () => {
    const paths = writeRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThan(30);
    for (const expected of [
      'POST /api/content/newsletter',
      'POST /api/content/contact',
      'POST /api/account/resend-verification',
      'POST /api/payments/ipn',
      'POST /api/account/sign-up',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('never answers 5xx, as a visitor or as an admin', async () => {
    const failures: string[] = [];
    for (const { method, path } of writeRoutes()) {
      for (const [label, type, body] of BODIES) {
        // Signing the admin out would leave the rest of the walk as a visitor: that path runs as one only.
        for (const cookie of path === '/api/auth/sign-out' ? [undefined] : [undefined, admin.cookie]) {
          const headers = new Headers({ Origin: TEST_ORIGIN });
          if (type) headers.set('Content-Type', type);
          if (cookie) headers.set('Cookie', cookie);
          const res = await t.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body });
          if (res.status >= 500)
            failures.push(`${method} ${path} ${label} ${cookie ? 'admin' : 'visitor'} → ${res.status} ${(await res.text()).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a NUL under vnd.api+json and octet-stream with the NUL message, storing nothing', async () => {
    const count = async () => ({
      contact: (await t.ctx.db.select().from(contactMessages)).length,
      newsletter: (await t.ctx.db.select().from(newsletterSubscriptions)).length,
      notifications: (await t.ctx.db.select().from(paymentNotifications)).length,
    });
    const before = await count();
    const contact = { name: `Achi${NUL}eng`, email: 'achieng@example.co.ke', subject: 'Order', message: 'Hello' };
    const cases: [string, unknown][] = [
      ['/api/content/newsletter', { email: `a${NUL}b@example.co.ke` }],
      ['/api/content/contact', contact],
      ['/api/account/resend-verification', { email: `a${NUL}b@example.co.ke` }],
      ['/api/payments/ipn', { OrderTrackingId: `abc${NUL}`, OrderNotificationType: 'IPNCHANGE' }],
    ];
    for (const [path, body] of cases) {
      for (const type of ['application/vnd.api+json', 'application/octet-stream', 'text/plain']) {
        const res = await t.request(path, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(body) });
        expect(res.status, `${path} ${type}`).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NUL_REFUSED);
      }
    }
    expect(await count()).toEqual(before);
  });

  it('answers an email with non-ASCII letters with the one email message on sign-up and resend, creating nothing', async () => {
    const users = (await t.ctx.db.select().from(user)).length;
    const signUp = await t.request('/api/account/sign-up', {
      method: 'POST',
      json: {
        fullName: 'Ümit Öz',
        email: 'üser@example.com',
        phone: '+254 712 345 678',
        address: 'Kilimani, Nairobi',
        password: 'sunrise-over-lake-1',
      },
    });
    expect(signUp.status).toBe(400);
    expect(((await signUp.json()) as { error: { message: string; fields?: Record<string, string> } }).error).toMatchObject({
      message: MESSAGES.invalidEmail,
      fields: { email: MESSAGES.invalidEmail },
    });
    const resend = await t.request('/api/account/resend-verification', { method: 'POST', json: { email: 'üser@example.com' } });
    expect(resend.status).toBe(400);
    expect(((await resend.json()) as { error: { message: string } }).error.message).toBe(MESSAGES.invalidEmail);
    expect((await t.ctx.db.select().from(user)).length).toBe(users);
  });
});
