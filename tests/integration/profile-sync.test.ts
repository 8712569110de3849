// What a sign-in does to the profile: ADMIN_EMAILS grants admin once per account (audited), and an
// admin demoted in the back office stays demoted; the account's (Google) name reaches
// profiles.full_name only sanitised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, profiles, user } from '../../src/server/db/schema';
import { createTestApp, createUser, signIn, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const LISTED = ['owner@example.test', 'manager@example.test', 'racer@example.test', 'late@example.test'];

describe.each(dbKinds(import.meta.url))('profile sync at sign-in on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: LISTED.join(', ') } });
    admin = await createUser(t, { role: 'owner', name: 'Amina Admin' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const roleOf = async (id: string) => (await t.ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)))[0]?.role;
  const roleChanges = (id: string) =>
    t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'USER_ROLE_CHANGE'), eq(auditLogs.recordId, id)))
      .orderBy(auditLogs.createdAt);
  const setRole = (id: string, role: 'owner' | 'customer') =>
    t.request(`/api/admin/customers/${id}/role`, { method: 'POST', cookie: admin.cookie, json: { role } });

  /** A verified account that has not signed in yet (createUser signs in at once). */
  async function verifiedAccount(email: string, name = 'Listed Person') {
    const password = 'correct-horse-1';
    const res = await t.ctx.auth.api.signUpEmail({ body: { email, password, name } });
    await t.ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, res.user.id));
    return { id: res.user.id, email, password };
  }

  it('grants admin to a listed address at its first sign-in, once, and audits the grant', async () => {
    const owner = await verifiedAccount('owner@example.test');
    expect(await roleOf(owner.id)).toBe('customer');
    const cookie = await signIn(t, owner.email, owner.password);
    expect(await roleOf(owner.id)).toBe('owner');
    expect((await t.request('/api/admin/dashboard', { cookie })).status).toBe(200);
    expect(await roleChanges(owner.id)).toMatchObject([
      { userId: null, tableName: 'profiles', details: { email: 'owner@example.test', from: 'customer', to: 'owner', via: 'ADMIN_EMAILS' } },
    ]);
    await signIn(t, owner.email, owner.password);
    expect(await roleChanges(owner.id)).toHaveLength(1);
  });

  it('keeps an admin demoted in the back office demoted, although the address is still listed', async () => {
    const manager = await verifiedAccount('manager@example.test');
    await signIn(t, manager.email, manager.password);
    expect(await roleOf(manager.id)).toBe('owner');
    expect((await setRole(manager.id, 'customer')).status).toBe(200);

    const cookie = await signIn(t, manager.email, manager.password);
    expect(await roleOf(manager.id)).toBe('customer');
    expect((await t.request('/api/admin/dashboard', { cookie })).status).toBe(403);
    expect((await roleChanges(manager.id)).map((r) => (r.details as { via?: string; to: string }).to)).toEqual(['owner', 'customer']);
  });

  it('leaves alone a listed account whose role the back office set before its first sign-in', async () => {
    const late = await verifiedAccount('late@example.test');
    expect((await setRole(late.id, 'owner')).status).toBe(200);
    expect((await setRole(late.id, 'customer')).status).toBe(200);
    await signIn(t, late.email, late.password);
    expect(await roleOf(late.id)).toBe('customer');
    expect(await roleChanges(late.id)).toHaveLength(2);
  });

  it('grants once when two sign-ins happen at the same time', async () => {
    const racer = await verifiedAccount('racer@example.test');
    await Promise.all([signIn(t, racer.email, racer.password), signIn(t, racer.email, racer.password)]);
    expect(await roleOf(racer.id)).toBe('owner');
    expect(await roleChanges(racer.id)).toHaveLength(1);
  });

  it('never grants admin to an address that is not listed', async () => {
    const someone = await createUser(t);
    expect(await roleOf(someone.id)).toBe('customer');
    expect(await roleChanges(someone.id)).toEqual([]);
  });

  it('sanitises the account (Google) name when it becomes the profile name, at creation and at sign-in', async () => {
    // auth.api.signUpEmail reaches the same user-create hook as a Google account, with the name as given.
    const created = await verifiedAccount('named@example.test', '<script>alert(1)</script>Wanjiru <img src=x onerror=alert(1)> ');
    const fullName = async () => (await t.ctx.db.select({ n: profiles.fullName }).from(profiles).where(eq(profiles.id, created.id)))[0]?.n;
    expect(await fullName()).toBe('Wanjiru <img src=x alert(1)>');

    // An empty profile name is filled from the account's name at the next sign-in: sanitised too.
    await t.ctx.db.update(profiles).set({ fullName: '' }).where(eq(profiles.id, created.id));
    await t.ctx.db
      .update(user)
      .set({ name: `Kamau <a href="javascript:alert(1)" onclick=steal()>${'x'.repeat(200)}` })
      .where(eq(user.id, created.id));
    await signIn(t, created.email, created.password);
    const synced = await fullName();
    expect(synced).toMatch(/^Kamau <a href="alert\(1\)" steal\(\)>x+$/);
    expect(synced).toHaveLength(100);
  });
});
