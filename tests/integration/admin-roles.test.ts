// Every back-office route with every role. The route list and what each route declares
// (`allow('staff')` in its chain; nothing: the owner's alone) come from the admin router itself; the
// declarations must be the table of docs/roles.md, so a route added, or a declaration changed or
// forgotten, fails here until someone decides who may call it and says so there. Then every route
// is called as each role and must answer exactly as it declares. Then what riders may do: their own
// stops only, never another rider's or any order.
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLogs, orderDeliveryWindows, orders, outboundSms, profiles } from '../../src/server/db/schema';
import { adminRoutes } from '../../src/server/admin.routes';
import { allow, declaredRoles, requireAdmin, type GrantedRole } from '../../src/server/back-office/admin-access';
import type { AppEnv } from '../../src/server/context';
import { handleError } from '../../src/server/infra/http/errors';
import { createUser, type TestUser } from '../support/test-app';
import { lineTexts, readPdf } from '../support/pdf-reader';
import { dbKinds } from '../support/test-database';
import { body, payByCard, placeOrder, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
const ROLE_REFUSED = { error: { code: 'FORBIDDEN', message: 'Your role in the shop does not allow this. Ask the owner.' } };

interface Endpoint {
  method: string;
  path: string;
  /** Who besides the owner the route declares may call it. */
  roles: readonly GrantedRole[];
}

/** The rows of docs/roles.md's table of each route: '| `GET /orders` | owner, staff |'. */
function documentedRoutes(): string[] {
  const doc = readFileSync(new URL('../../docs/roles.md', import.meta.url), 'utf8');
  return doc.split('\n').filter((line) => /^\| `[A-Z]+ \//.test(line));
}

const documented = (e: Endpoint) => `| \`${e.method} ${e.path}\` | ${['owner', ...e.roles].join(', ')} |`;

const mayCall = (role: 'owner' | 'staff' | 'rider', e: Endpoint) => role === 'owner' || e.roles.includes(role);

describe.each(dbKinds(import.meta.url))('back-office roles on %s', (kind) => {
  const s = withAdminApp(kind);
  let staff: TestUser;
  let rider: TestUser;
  let otherRider: TestUser;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    staff = await createUser(s.t, { role: 'staff', name: 'Wanjiku Staff' });
    rider = await createUser(s.t, { role: 'rider', name: 'Otieno Rider', phone: '+254733000111' });
    otherRider = await createUser(s.t, { role: 'rider', name: 'Baraka Rider', phone: '+254733000222' });
    // A route's handlers (its allow, validators and handler) are entries of one method and path;
    // 'ALL' entries are middleware (the gate itself).
    const chains = new Map<string, { method: string; path: string; handlers: unknown[] }>();
    for (const r of adminRoutes(s.t.ctx).routes) {
      if (r.method === 'ALL') continue;
      const key = `${r.method} ${r.path}`;
      const chain = chains.get(key) ?? { method: r.method, path: r.path, handlers: [] };
      chain.handlers.push(r.handler);
      chains.set(key, chain);
    }
    endpoints = [...chains.values()].map((c) => ({ method: c.method, path: c.path, roles: declaredRoles(c.handlers) }));
  });

  const call = async (e: Endpoint, cookie?: string) => {
    const res = await s.t.request(`/api/admin${e.path.replace(/:\w+/g, SAMPLE_ID)}`, {
      method: e.method,
      cookie,
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { json: {} }),
    });
    // The live stream stays open while someone reads it: its answer is all the walk needs.
    if (e.path === '/live' && res.status === 200) await res.body?.cancel();
    return res;
  };

  it('declares on every route of the admin router who may call it, as docs/roles.md lists', () => {
    expect(endpoints.map(documented).sort()).toEqual(documentedRoutes().sort());
  });

  it.each(['owner', 'staff', 'rider'] as const)(
    'lets the %s call exactly the routes that allow them, and answers the rest 403',
    async (role) => {
      const cookie = role === 'owner' ? s.admin.cookie : role === 'staff' ? staff.cookie : rider.cookie;
      const wrong: string[] = [];
      for (const e of endpoints) {
        const route = `${e.method} ${e.path}`;
        const res = await call(e, cookie);
        const refused = res.status === 401 || res.status === 403;
        if (res.status >= 500) wrong.push(`${route} → ${res.status}`);
        else if (refused === mayCall(role, e)) wrong.push(`${route} → ${res.status}`);
        else if (refused) expect(await body(res)).toEqual(ROLE_REFUSED);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('closes a route that declares nothing to staff and riders, and refuses an allow the gate cannot read', async () => {
    const ok = (c: Context) => c.text('ok');
    const gated = new Hono<AppEnv>()
      .onError(handleError)
      .use('*', requireAdmin(s.t.ctx))
      .get('/declared', allow('staff'), ok)
      .get('/undeclared', ok)
      .use('/misplaced/*', allow('staff', 'rider'))
      .get('/misplaced/route', ok);
    const ungated = new Hono<AppEnv>().onError(handleError).get('/declared', allow('staff'), ok);
    const statuses = async (app: Hono<AppEnv>, path: string) =>
      Promise.all([s.admin, staff, rider].map(async (who) => (await app.request(path, { headers: { cookie: who.cookie } })).status));
    // owner, staff, rider
    expect(await statuses(gated, '/declared')).toEqual([200, 200, 403]);
    expect(await statuses(gated, '/undeclared')).toEqual([200, 403, 403]);
    expect(await statuses(gated, '/misplaced/route')).toEqual([500, 403, 403]);
    expect(await statuses(ungated, '/declared')).toEqual([500, 500, 500]);
  });

  it('answers 403 to a customer and 401 to a visitor on every route', async () => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      const asCustomer = await call(e, s.customer.cookie);
      if (asCustomer.status !== 403) wrong.push(`customer ${e.method} ${e.path} → ${asCustomer.status}`);
      const asVisitor = await call(e);
      if (asVisitor.status !== 401) wrong.push(`visitor ${e.method} ${e.path} → ${asVisitor.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('tells staff and riders nothing of paths that do not exist', async () => {
    expect((await s.t.request('/api/admin/no-such-thing', { cookie: s.admin.cookie })).status).toBe(404);
    expect((await s.t.request('/api/admin/no-such-thing', { cookie: staff.cookie })).status).toBe(403);
    expect((await s.t.request('/api/admin/no-such-thing', { cookie: rider.cookie })).status).toBe(403);
  });

  describe('deliveries and riders', () => {
    let mine: string;
    let theirs: string;
    let unassigned: string;

    beforeAll(async () => {
      const [product] = await insertProducts(s.t.ctx.db, [
        { name: 'Rider Test Tilapia', slug: 'rider-test-tilapia', category: 'fish', price: 60_000, stock: 20 },
      ]);
      const paid = async (quantity: number) => {
        const order = await placeOrder(s, [{ productId: product!.id, quantity }]);
        await payByCard(s, order.trackingId);
        return order.orderId;
      };
      mine = await paid(2);
      theirs = await paid(1);
      unassigned = await paid(3);
    });

    it("lists a day's paid orders with the full phone, items and a map link, for staff", async () => {
      // The orders' soonest window is today or, late on a Saturday, Monday's: the days they fall on.
      const windows = await s.t.ctx.db
        .select({ day: orderDeliveryWindows.deliveryDate })
        .from(orderDeliveryWindows)
        .where(inArray(orderDeliveryWindows.orderId, [mine, theirs, unassigned]));
      const days = [...new Set(windows.map((w) => w.day))];
      expect(days.length).toBeGreaterThan(0);
      type Stop = { orderId: string; phone: string; items: unknown[]; mapUrl: string };
      let list = { groups: [] as { zoneName: string; stops: Stop[] }[], riders: [] as { id: string }[] };
      let pages: Awaited<ReturnType<typeof readPdf>> = [];
      for (const day of days) {
        const res = await s.t.request(`/api/admin/deliveries?day=${day}`, { cookie: staff.cookie });
        expect(res.status).toBe(200);
        const ofDay = await body<typeof list>(res);
        list = { groups: [...list.groups, ...ofDay.groups], riders: ofDay.riders };
        // The day's packing slips: one page per order, with the order's items.
        const slips = await s.t.request(`/api/admin/deliveries/packing-slips.pdf?day=${day}`, { cookie: staff.cookie });
        expect(slips.headers.get('content-type')).toBe('application/pdf');
        pages = [...pages, ...(await readPdf(new Uint8Array(await slips.arrayBuffer())))];
      }
      const stops = list.groups.flatMap((g) => g.stops);
      expect(stops.map((x) => x.orderId).sort()).toEqual([mine, theirs, unassigned].sort());
      const stop = stops.find((x) => x.orderId === unassigned)!;
      expect(stop.phone).toBe('+254712345678');
      expect(stop.items).toEqual([
        { name: 'Rider Test Tilapia', quantity: 3, ifUnavailable: 'similar', note: '', lineTotalCents: 180_000, nominalGrams: null },
      ]);
      expect(stop.mapUrl).toBe('https://www.google.com/maps/dir/?api=1&destination=-1.2676%2C36.8108');
      expect(list.riders.map((r) => r.id).sort()).toEqual([rider.id, otherRider.id].sort());

      expect(pages).toHaveLength(3);
      expect(pages.map((p) => lineTexts(p).join('\n')).join('\n')).toContain('3 × Rider Test Tilapia');
      expect((await s.t.request('/api/admin/deliveries/route-sheet.pdf?day=2026-02-30', { cookie: staff.cookie })).status).toBe(400);
    });

    it('gives orders to a rider, audited, and sends the rider an SMS of the stops', async () => {
      const assign = (orderIds: string[], riderId: string | null) =>
        s.t.request('/api/admin/deliveries/assign', { method: 'POST', cookie: staff.cookie, json: { orderIds, riderId } });
      expect(await body(await assign([mine], rider.id))).toEqual({ assigned: 1, smsQueued: true });
      expect(await body(await assign([theirs], otherRider.id))).toEqual({ assigned: 1, smsQueued: true });
      const [sms] = await s.t.ctx.db
        .select()
        .from(outboundSms)
        .where(and(eq(outboundSms.to, '+254733000111'), eq(outboundSms.step, 'rider_stops')));
      // The rider's whole list: the stop, its window's time (a weekday when not today) and its area.
      expect(sms?.message).toMatch(
        new RegExp(`^.+: 1 stop for you: 1\\) #${mine.slice(0, 8)} (\\w{3} )?\\d\\d:\\d\\d-\\d\\d:\\d\\d Westlands \\S+/admin/rider$`),
      );
      const [row] = await s.t.ctx.db.select({ riderId: orders.riderId }).from(orders).where(eq(orders.id, mine));
      expect(row?.riderId).toBe(rider.id);
      const audits = await s.t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'ORDER_RIDER_ASSIGN'), eq(auditLogs.recordId, mine)));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ userId: staff.id, details: { to: 'Otieno Rider', riderId: rider.id } });

      // Only riders carry stops; bad input changes nothing.
      const notARider = await assign([unassigned], staff.id);
      expect(notARider.status).toBe(400);
      expect((await body<{ error: { message: string } }>(notARider)).error.message).toBe('Choose one of the shop’s riders.');
      expect((await assign([], rider.id)).status).toBe(400);
      const [still] = await s.t.ctx.db.select({ riderId: orders.riderId }).from(orders).where(eq(orders.id, unassigned));
      expect(still?.riderId).toBeNull();
    });

    it("shows a rider only their own stops, and never another rider's stop or any order", async () => {
      const stops = await body<{ groups: { stops: { orderId: string; phone: string }[] }[] }>(
        await s.t.request('/api/admin/rider/stops', { cookie: rider.cookie }),
      );
      expect(stops.groups.flatMap((g) => g.stops).map((x) => [x.orderId, x.phone])).toEqual([[mine, '+254712345678']]);

      for (const path of [`/orders/${theirs}`, `/orders/${mine}`, '/orders', '/deliveries', `/customers/${s.customer.id}`]) {
        expect((await s.t.request(`/api/admin${path}`, { cookie: rider.cookie })).status, path).toBe(403);
      }
      const notMine = await s.t.request(`/api/admin/rider/stops/${theirs}/delivered`, { method: 'POST', cookie: rider.cookie });
      expect(notMine.status).toBe(404);
      expect((await body<{ error: { message: string } }>(notMine)).error.message).toBe('This stop is not on your list.');
      const notAssigned = await s.t.request(`/api/admin/rider/stops/${unassigned}/not-delivered`, {
        method: 'POST',
        cookie: rider.cookie,
        json: { reason: 'Nobody home' },
      });
      expect(notAssigned.status).toBe(404);
      const rows = await s.t.ctx.db.select({ id: orders.id, f: orders.fulfilmentStatus, failed: orders.deliveryFailedReason }).from(orders);
      expect(rows.filter((r) => r.id === theirs || r.id === unassigned).map((r) => [r.f, r.failed])).toEqual([
        ['unfulfilled', null],
        ['unfulfilled', null],
      ]);
      // The receipt is the back office's (owner and staff), not a rider's.
      expect((await s.t.request(`/api/orders/${mine}/receipt`, { cookie: rider.cookie })).status).toBe(404);
    });

    it("records 'Could not deliver' on the order's timeline and flags it for the staff", async () => {
      const res = await s.t.request(`/api/admin/rider/stops/${mine}/not-delivered`, {
        method: 'POST',
        cookie: rider.cookie,
        json: { reason: '  Gate locked, phone off  ' },
      });
      expect(res.status).toBe(200);
      const [row] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, mine));
      expect(row).toMatchObject({
        needsAttention: true,
        attentionReason: 'Could not deliver: Gate locked, phone off',
        fulfilmentStatus: 'unfulfilled',
      });
      const detail = await body<{ timeline: { title: string; detail: string | null }[] }>(
        await s.t.request(`/api/admin/orders/${mine}`, { cookie: staff.cookie }),
      );
      expect(detail.timeline).toContainEqual(
        expect.objectContaining({ title: 'Could not deliver', detail: `Gate locked, phone off · by ${rider.email}` }),
      );
      const empty = await s.t.request(`/api/admin/rider/stops/${mine}/not-delivered`, {
        method: 'POST',
        cookie: rider.cookie,
        json: { reason: ' ' },
      });
      expect(empty.status).toBe(400);
    });

    it('moves the order to delivered when the rider says so, and tells the customer', async () => {
      // 'Could not deliver' ended the first attempt; the staff give the stop to the rider again.
      const again = await s.t.request('/api/admin/deliveries/assign', {
        method: 'POST',
        cookie: staff.cookie,
        json: { orderIds: [mine], riderId: rider.id },
      });
      expect(again.status).toBe(200);
      const res = await s.t.request(`/api/admin/rider/stops/${mine}/delivered`, { method: 'POST', cookie: rider.cookie });
      expect(await body(res)).toEqual({ fulfilmentStatus: 'delivered' });
      const [row] = await s.t.ctx.db.select({ f: orders.fulfilmentStatus }).from(orders).where(eq(orders.id, mine));
      expect(row?.f).toBe('delivered');
      const customerSms = await s.t.ctx.db
        .select()
        .from(outboundSms)
        .where(and(eq(outboundSms.orderId, mine), eq(outboundSms.step, 'delivered')));
      expect(customerSms).toHaveLength(1);
      expect(customerSms[0]!.to).toBe('+254712345678');
      // Delivered stops leave the rider's list; a second tap is refused.
      const stops = await body<{ groups: unknown[] }>(await s.t.request('/api/admin/rider/stops', { cookie: rider.cookie }));
      expect(stops.groups).toEqual([]);
      expect((await s.t.request(`/api/admin/rider/stops/${mine}/delivered`, { method: 'POST', cookie: rider.cookie })).status).toBe(409);
    });
  });

  describe('staff', () => {
    it('lets the owner add an existing account or create one, audited', async () => {
      const existing = await createUser(s.t, { name: 'Achieng Later Staff' });
      const added = await s.asAdmin('/staff', { method: 'POST', json: { email: existing.email.toUpperCase(), role: 'staff' } });
      expect(added.status).toBe(200);
      expect(await body(added)).toMatchObject({ created: false, member: { id: existing.id, role: 'staff' } });

      const needsName = await s.asAdmin('/staff', { method: 'POST', json: { email: 'new.rider@example.test', role: 'rider' } });
      expect(needsName.status).toBe(400);
      const created = await s.asAdmin('/staff', {
        method: 'POST',
        json: { email: 'new.rider@example.test', role: 'rider', fullName: 'Juma Rider', phone: '0722 000 333' },
      });
      expect(created.status).toBe(201);
      const member = (await body<{ member: { id: string; role: string; phone: string } }>(created)).member;
      expect(member).toMatchObject({ role: 'rider', phone: '+254722000333' });
      const rows = await s.t.ctx.db.select().from(auditLogs).where(eq(auditLogs.recordId, member.id));
      expect(rows.map((r) => r.action).sort()).toEqual(['STAFF_ACCOUNT_CREATE', 'USER_ROLE_CHANGE']);
      expect((await s.t.request('/api/admin/staff', { cookie: staff.cookie })).status).toBe(403);
    });

    it('keeps an owner when two owners demote each other at once', async () => {
      const second = await createUser(s.t, { role: 'owner', name: 'Second Owner' });
      const answers = await Promise.all([
        s.asAdmin(`/customers/${second.id}/role`, { method: 'POST', json: { role: 'customer' } }),
        s.t.request(`/api/admin/customers/${s.admin.id}/role`, { method: 'POST', cookie: second.cookie, json: { role: 'customer' } }),
      ]);
      // The loser was demoted a moment before its own change was read: refused, nothing written.
      expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
      const owners = await s.t.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'owner'));
      expect(owners).toHaveLength(1);
      const self = await s.t.request(`/api/admin/customers/${owners[0]!.id}/role`, {
        method: 'POST',
        cookie: owners[0]!.id === s.admin.id ? s.admin.cookie : second.cookie,
        json: { role: 'staff' },
      });
      expect(self.status).toBe(400);
      expect((await body<{ error: { message: string } }>(self)).error.message).toBe('You cannot change your own role. Ask another owner.');
      await s.t.ctx.db.update(profiles).set({ role: 'owner' }).where(eq(profiles.id, s.admin.id));
    });
  });
});
