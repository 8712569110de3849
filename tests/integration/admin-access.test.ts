// Every /api/admin endpoint refuses a visitor (401) and a customer (403): the whole route list of
// the admin router is walked, so a route added later is covered without touching this test.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, profiles } from '../../src/server/db/schema';
import { adminRoutes } from '../../src/server/admin.routes';
import { dbKinds } from '../support/test-database';
import { body, withAdminApp } from './admin-helpers';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

describe.each(dbKinds(import.meta.url))('admin access on %s', (kind) => {
  const s = withAdminApp(kind);
  let endpoints: { method: string; path: string }[];

  beforeAll(async () => {
    const seen = new Set<string>();
    endpoints = [];
    for (const r of adminRoutes(s.t.ctx).routes) {
      // 'ALL' entries are middleware (the role gate itself); validators repeat a route's method and path.
      if (r.method === 'ALL' || seen.has(`${r.method} ${r.path}`)) continue;
      seen.add(`${r.method} ${r.path}`);
      endpoints.push({ method: r.method, path: r.path });
    }
  });

  const call = (e: { method: string; path: string }, cookie?: string) =>
    s.t.request(`/api/admin${e.path.replace(/:\w+/g, SAMPLE_ID)}`, {
      method: e.method,
      cookie,
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { json: {} }),
    });

  it('finds every area of the back office in the route list', () => {
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(endpoints.length).toBeGreaterThanOrEqual(40);
    for (const expected of [
      'GET /dashboard',
      'POST /products',
      'POST /products/:id/stock',
      'POST /products/:id/image',
      'POST /orders/:id/cancel',
      'POST /orders/:id/fulfilment',
      'POST /orders/:id/resolve',
      'POST /orders/:id/payments/:paymentId/refund',
      'POST /customers/:id/role',
      'POST /posts/:id/publish',
      'DELETE /pages/:id',
      'GET /newsletter/export.csv',
      'POST /messages/:id/read',
      'PUT /delivery/zones',
      'PUT /shop-details',
      'GET /audit',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('answers 401 to a visitor on every admin endpoint', async () => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      const res = await call(e);
      if (res.status !== 401) wrong.push(`${e.method} ${e.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in customer on every admin endpoint, and changes nothing', async () => {
    const auditBefore = (await s.t.ctx.db.select().from(auditLogs)).length;
    const wrong: string[] = [];
    for (const e of endpoints) {
      const res = await call(e, s.customer.cookie);
      if (res.status !== 403) wrong.push(`${e.method} ${e.path} → ${res.status}`);
      else expect(await body(res)).toEqual({ error: { code: 'FORBIDDEN', message: 'Only shop administrators can do this.' } });
    }
    expect(wrong).toEqual([]);
    expect((await s.t.ctx.db.select().from(auditLogs)).length).toBe(auditBefore);
  });

  it('guards paths that do not exist too', async () => {
    expect((await s.t.request('/api/admin/no-such-thing')).status).toBe(401);
    expect((await s.t.request('/api/admin/no-such-thing', { cookie: s.customer.cookie })).status).toBe(403);
  });

  it('lets an admin in, and reads the role on every request (a demotion takes effect at once)', async () => {
    expect((await s.t.request('/api/admin/dashboard', { cookie: s.admin.cookie })).status).toBe(200);
    await s.t.ctx.db.update(profiles).set({ role: 'customer' }).where(eq(profiles.id, s.admin.id));
    expect((await s.t.request('/api/admin/dashboard', { cookie: s.admin.cookie })).status).toBe(403);
    await s.t.ctx.db.update(profiles).set({ role: 'owner' }).where(eq(profiles.id, s.admin.id));
  });
});
