// The back office's promotions: the form's rules checked again by the API (a message per field),
// one code however it is typed, every create, edit, deactivate and activate in the audit log, and
// who may do what (owner: everything; staff: read; customer: nothing).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_FORM_MESSAGES as M } from '../../src/domain/promotion-forms';
import { promotions } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

const FISH_FRIDAY = {
  code: 'fishfriday',
  name: 'Fish Friday',
  kind: 'percent',
  value: 10,
  minimumSpendCents: 100_000,
  weekdays: [5],
  scope: 'categories',
  scopeIds: ['fish'],
};

interface Answer {
  promotion: { id: string; code: string | null; active: boolean; gives: string; uses: number };
  error?: { code: string; message: string; fields?: Record<string, string> };
}

describe.each(dbKinds(import.meta.url))('admin promotions on %s', (kind) => {
  const s = withAdminApp(kind);
  let staff: TestUser;
  const create = (json: unknown) => s.asAdmin('/promotions', { method: 'POST', json });

  beforeAll(async () => {
    staff = await createUser(s.t, { role: 'staff', name: 'Wanjiku Staff' });
  });

  it('creates FISHFRIDAY upper case, audited with readable details, and lists it', async () => {
    const res = await create(FISH_FRIDAY);
    expect(res.status).toBe(201);
    const { promotion } = await body<Answer>(res);
    expect(promotion).toMatchObject({ code: 'FISHFRIDAY', active: true, gives: '10 % off', uses: 0 });
    const [row] = await s.t.ctx.db.select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(row).toMatchObject({ code: 'FISHFRIDAY', kind: 'percent', value: 10, minimumSpend: 100_000, weekdays: [5], scopeIds: ['fish'] });
    const [audit] = await auditRows(s.t, 'PROMOTION_CREATE', promotion.id);
    expect(audit?.userId).toBe(s.admin.id);
    expect(audit?.details).toMatchObject({ code: 'FISHFRIDAY', gives: '10 % off', minimumSpendCents: 100_000, weekdays: 'Friday' });

    const list = await body<{ items: { code: string }[] }>(await s.asAdmin('/promotions'));
    expect(list.items.map((p) => p.code)).toContain('FISHFRIDAY');
  });

  it('refuses a code taken in any case, and changes nothing', async () => {
    const before = await s.t.ctx.db.select().from(promotions);
    const res = await create({ ...FISH_FRIDAY, code: ' FishFriday ', name: 'Another' });
    expect(res.status).toBe(409);
    expect((await body<Answer>(res)).error).toMatchObject({ message: M.codeTaken, fields: { code: M.codeTaken } });
    expect(await s.t.ctx.db.select().from(promotions)).toHaveLength(before.length);
  });

  it('answers a message per field for bad input, and writes nothing', async () => {
    const before = await s.t.ctx.db.select().from(promotions);
    const res = await create({ ...FISH_FRIDAY, code: 'no spaces', value: 150, totalLimit: 0, scopeIds: [] });
    expect(res.status).toBe(400);
    expect((await body<Answer>(res)).error?.fields).toMatchObject({ code: M.code, totalLimit: M.limit });
    const window = await create({
      ...FISH_FRIDAY,
      code: 'WINDOW',
      startsAt: '2026-12-05T00:00:00+03:00',
      endsAt: '2026-12-04T00:00:00+03:00',
    });
    expect((await body<Answer>(window)).error?.fields).toEqual({ endsAt: M.endBeforeStart });
    const products = await create({ ...FISH_FRIDAY, code: 'GONE', scope: 'products', scopeIds: ['00000000-0000-4000-8000-000000000009'] });
    expect(products.status).toBe(400);
    expect((await body<Answer>(products)).error?.fields).toEqual({ scopeIds: M.unknownScopeIds });
    expect(await s.t.ctx.db.select().from(promotions)).toHaveLength(before.length);
  });

  it('edits, deactivates and activates again, each audited; a deactivated code is refused at checkout', async () => {
    const { promotion } = await body<Answer>(await create({ ...FISH_FRIDAY, code: 'WEEKEND', weekdays: [0, 6] }));
    const edited = await s.asAdmin(`/promotions/${promotion.id}`, {
      method: 'PUT',
      json: { ...FISH_FRIDAY, code: 'weekend', kind: 'fixed', value: 20_000, weekdays: [6] },
    });
    expect(edited.status).toBe(200);
    expect((await body<Answer>(edited)).promotion).toMatchObject({ code: 'WEEKEND', gives: 'KES 200.00 off' });
    const [update] = await auditRows(s.t, 'PROMOTION_UPDATE', promotion.id);
    expect(update?.details).toMatchObject({
      changed: { gives: { from: '10 % off', to: 'KES 200.00 off' }, weekdays: { from: 'Sunday, Saturday', to: 'Saturday' } },
    });

    const off = await s.asAdmin(`/promotions/${promotion.id}/deactivate`, { method: 'POST' });
    expect((await body<Answer>(off)).promotion.active).toBe(false);
    expect(await auditRows(s.t, 'PROMOTION_DEACTIVATE', promotion.id)).toHaveLength(1);
    const preview = await s.t.request('/api/checkout/promotion', {
      method: 'POST',
      cookie: s.customer.cookie,
      json: { promotionCode: 'WEEKEND', items: [] },
    });
    expect((await body<{ message: string | null }>(preview)).message).toBe('We do not know this code.');

    const on = await s.asAdmin(`/promotions/${promotion.id}/activate`, { method: 'POST' });
    expect((await body<Answer>(on)).promotion.active).toBe(true);
    expect(await auditRows(s.t, 'PROMOTION_ACTIVATE', promotion.id)).toHaveLength(1);
  });

  it('staff read promotions but may not change them; a customer may not read them', async () => {
    const list = await s.t.request('/api/admin/promotions', { cookie: staff.cookie });
    expect(list.status).toBe(200);
    const refused = await s.t.request('/api/admin/promotions', {
      method: 'POST',
      json: { ...FISH_FRIDAY, code: 'STAFF' },
      cookie: staff.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await s.t.request('/api/admin/promotions', { cookie: s.customer.cookie })).status).toBe(403);
    expect(await s.t.ctx.db.select().from(promotions).where(eq(promotions.code, 'STAFF'))).toHaveLength(0);
  });

  it('offers the shop categories, products and variants to choose from', async () => {
    const choices = await body<{ categories: string[]; products: { id: string }[] }>(await s.asAdmin('/promotions/choices'));
    expect(choices.categories).toContain('fish');
    expect(choices.products.length).toBeGreaterThan(0);
  });
});
