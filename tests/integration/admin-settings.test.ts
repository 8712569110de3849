// Delivery zones and origin, newsletter export, contact messages, customers and roles, and the
// audit log (the dashboard has its own file).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appSettings, contactMessages, deliveryZones, newsletterSubscriptions, orders } from '../../src/server/db/schema';
import { SHOP_ORIGIN } from '../../src/domain/delivery-fee';
import { CUSTOMER_READ_ACTIONS, writeAudit } from '../../src/server/infra/audit-log';
import { dbKinds } from '../support/test-database';
import { auditRows, body, payByCard, placeOrder, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };
interface Zone {
  id?: string;
  name: string;
  minKm: number;
  maxKm: number;
  baseFeeCents: number;
  perKmRateCents: number;
  estimatedMinutes: number;
  active: boolean;
}
// The API takes a zone as it answers with it (fees in integer cents).
const toInput = (z: Zone): Zone => ({ ...z });

describe.each(dbKinds(import.meta.url))('admin settings on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;

  describe('delivery', () => {
    it('shows the seeded zones and the default origin, and previews a fee', async () => {
      const settings = await body<{ zones: Zone[]; origin: { lat: number; lng: number; label: string } }>(await asAdmin('/delivery'));
      expect(settings.zones).toHaveLength(5);
      expect(settings.zones[0]).toEqual({
        id: expect.any(String),
        name: 'Zone 1 - Local Area',
        minKm: 0,
        maxKm: 5,
        baseFeeCents: 6000,
        perKmRateCents: 500,
        estimatedMinutes: 25,
        active: true,
        smallOrder: { rule: 'none', minimumCents: 0, feeCents: 0 },
        payOnDelivery: 'off',
      });
      expect(settings.origin.label).toBe('Kogo Star Plaza, Nairobi West');
      const preview = await body(await asAdmin('/delivery/preview?km=7.5'));
      // Zone 2: 120 + 7.5 × 8 = 180 KES
      expect(preview).toEqual({
        km: 7.5,
        formattedDistance: '7.5 km',
        zoneName: 'Zone 2 - Mid Distance',
        feeCents: 18000,
        estimatedMinutes: 35,
      });
      expect((await asAdmin('/delivery/preview?km=-1')).status).toBe(400);
    });

    it('refuses overlapping zones with a clear message and changes nothing', async () => {
      const { zones } = await body<{ zones: Zone[] }>(await asAdmin('/delivery'));
      const overlapping = zones.map(toInput);
      overlapping[1] = { ...overlapping[1]!, minKm: 4 };
      const res = await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: overlapping } });
      expect(res.status).toBe(400);
      const { error } = await body<ErrorBody>(res);
      expect(error.message).toBe('Zones "Zone 1 - Local Area" and "Zone 2 - Mid Distance" overlap');
      const reversed = zones.map(toInput);
      reversed[0] = { ...reversed[0]!, minKm: 5, maxKm: 5 };
      const second = await body<ErrorBody>(await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: reversed } }));
      expect(second.error.fields?.zones).toContain('Zone "Zone 1 - Local Area": minimum distance must be less than maximum distance');
      const none = await body<ErrorBody>(
        await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: zones.map((z) => ({ ...toInput(z), active: false })) } }),
      );
      expect(none.error.message).toBe('Keep at least one active zone, or no delivery can be priced');
      // Removing a middle zone leaves 5–10 km priced as the next zone up: refused, saying so.
      const gap = await body<ErrorBody>(
        await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: zones.filter((_, i) => i !== 1).map(toInput) } }),
      );
      expect(gap.error.message).toBe(
        'No zone covers 5–10 km: those deliveries would be priced as "Zone 3 - Extended Area". Close the gap by widening a zone.',
      );
      const badFee = await body<ErrorBody>(
        await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: [{ ...toInput(zones[0]!), baseFeeCents: 123.4 }] } }),
      );
      expect(badFee.error.fields).toEqual({ 'zones.0.baseFeeCents': 'Fees must be whole numbers of cents from 0 to 1,000,000,000' });
      // A fee in KES (the old form) is refused rather than read as cents.
      const { baseFeeCents: _cents, ...inKes } = toInput(zones[0]!);
      const kesFee = await body<ErrorBody>(
        await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: [{ ...inKes, baseFee: '60' }] } }),
      );
      expect(kesFee.error.fields).toEqual({ 'zones.0.baseFeeCents': 'Fees must be whole numbers of cents from 0 to 1,000,000,000' });
      const rows = await s.t.ctx.db.select().from(deliveryZones);
      expect(rows.map((r) => r.minKm).sort()).toEqual(['0.00', '10.00', '15.00', '25.00', '5.00']);
    });

    it('takes distances, minutes and coordinates as JSON numbers only: text is refused with the field message', async () => {
      const { zones, origin } = await body<{ zones: Zone[]; origin: { lat: number; lng: number; label: string } }>(
        await asAdmin('/delivery'),
      );
      const textKm = await asAdmin('/delivery/zones', {
        method: 'PUT',
        json: { zones: [{ ...toInput(zones[0]!), minKm: '0' }, ...zones.slice(1).map(toInput)] },
      });
      expect(textKm.status).toBe(400);
      expect((await body<ErrorBody>(textKm)).error.fields).toEqual({
        'zones.0.minKm': 'Distances must be numbers of km from 0 to 1000 with at most 2 decimals',
      });
      const nullMinutes = await body<ErrorBody>(
        await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: [{ ...toInput(zones[0]!), estimatedMinutes: null }] } }),
      );
      expect(nullMinutes.error.fields).toEqual({ 'zones.0.estimatedMinutes': 'Estimated minutes must be a whole number from 0 to 600' });
      const textLat = await asAdmin('/delivery/origin', { method: 'PUT', json: { lat: '-1.29', lng: true, label: 'City Market' } });
      expect(textLat.status).toBe(400);
      expect((await body<ErrorBody>(textLat)).error.fields).toEqual({
        lat: 'Latitude must be a number from -90 to 90',
        lng: 'Longitude must be a number from -180 to 180',
      });
      // Nothing changed.
      expect((await body<{ zones: Zone[] }>(await asAdmin('/delivery'))).zones).toEqual(zones);
      expect((await body<{ origin: unknown }>(await asAdmin('/delivery'))).origin).toEqual(origin);
      expect(await auditRows(s.t, 'DELIVERY_ZONES_UPDATE')).toHaveLength(0);
    });

    it('saves an edited table: updates, adds and removes zones, audited', async () => {
      const { zones } = await body<{ zones: Zone[] }>(await asAdmin('/delivery'));
      const next = zones.slice(0, 4).map(toInput);
      next[0] = { ...next[0]!, baseFeeCents: 7000 };
      next.push({
        id: undefined,
        name: 'Zone 5 - Outskirts',
        minKm: 25,
        maxKm: 40,
        baseFeeCents: 45000,
        perKmRateCents: 1850,
        estimatedMinutes: 80,
        active: true,
      });
      const res = await asAdmin('/delivery/zones', { method: 'PUT', json: { zones: next } });
      expect(res.status).toBe(200);
      const saved = await body<{ zones: Zone[] }>(res);
      expect(saved.zones.map((z) => z.name)).toContain('Zone 5 - Outskirts');
      expect(saved.zones.map((z) => z.name)).not.toContain('Zone 5 - Extended Nairobi');
      expect(saved.zones.find((z) => z.minKm === 0)?.baseFeeCents).toBe(7000);
      expect(saved.zones.find((z) => z.minKm === 25)?.perKmRateCents).toBe(1850);
      expect(await auditRows(s.t, 'DELIVERY_ZONES_UPDATE')).toHaveLength(1);

      // Checkout prices with the saved table at once: at the shop's door, the first zone's new base fee.
      const fee = await s.t.request('/api/checkout/delivery-fee', {
        method: 'POST',
        cookie: s.customer.cookie,
        json: { address: SHOP_ORIGIN.label, latitude: SHOP_ORIGIN.lat, longitude: SHOP_ORIGIN.lng },
      });
      expect(await body(fee)).toMatchObject({ deliveryFeeCents: 7000, zoneName: next[0]!.name });
    });

    it('saves the origin where checkout reads it', async () => {
      const bad = await body<ErrorBody>(await asAdmin('/delivery/origin', { method: 'PUT', json: { lat: 95, lng: 36.8, label: '' } }));
      expect(bad.error.fields).toMatchObject({
        lat: 'Latitude must be a number from -90 to 90',
        label: 'Describe where deliveries start (e.g. Kogo Star Plaza, Nairobi West)',
      });
      const res = await asAdmin('/delivery/origin', { method: 'PUT', json: { lat: -1.2921, lng: 36.8219, label: 'City Market, CBD' } });
      expect(await body(res)).toEqual({ origin: { lat: -1.2921, lng: 36.8219, label: 'City Market, CBD' } });
      const [row] = await s.t.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'delivery_origin'));
      expect(row?.value).toEqual({ lat: -1.2921, lng: 36.8219, label: 'City Market, CBD' });
      expect((await body<{ origin: { label: string } }>(await asAdmin('/delivery'))).origin.label).toBe('City Market, CBD');
      expect(await auditRows(s.t, 'DELIVERY_ORIGIN_UPDATE', 'delivery_origin')).toHaveLength(1);
    });
  });

  describe('newsletter and messages', () => {
    it('exports subscribers as a CSV download with formula cells neutralised', async () => {
      await s.t.ctx.db
        .insert(newsletterSubscriptions)
        .values([
          { email: 'plain@example.com' },
          { email: '=HYPERLINK("http://evil")@x.com' },
          { email: '+254@example.com' },
          { email: '-1@example.com' },
          { email: '@home@example.com' },
          { email: 'comma,quote"@example.com' },
        ]);
      const res = await asAdmin('/newsletter/export.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await res.text()).split('\r\n');
      expect(lines[0]).toBe('email,subscribed_at');
      const emails = lines.slice(1).map((l) => l.replace(/,[^,]*$/, ''));
      expect(emails).toEqual(
        expect.arrayContaining([
          'plain@example.com',
          `"'=HYPERLINK(""http://evil"")@x.com"`,
          "'+254@example.com",
          "'-1@example.com",
          "'@home@example.com",
          '"comma,quote""@example.com"',
        ]),
      );
      expect(await auditRows(s.t, 'NEWSLETTER_EXPORT')).toHaveLength(1);
      const list = await body<{ total: number; items: { email: string }[] }>(await asAdmin('/newsletter?q=plain'));
      expect(list.items.map((i) => i.email)).toEqual(['plain@example.com']);
    });

    it('keeps an inbox of contact messages that can be marked read', async () => {
      const [msg] = await s.t.ctx.db
        .insert(contactMessages)
        .values({ name: 'Wanjiru', email: 'wanjiru@example.com', subject: 'Bulk order', message: 'Do you deliver to Karen?' })
        .returning();
      const inbox = await body<{ unread: number; items: { id: string; readAt: string | null }[] }>(await asAdmin('/messages?state=unread'));
      expect(inbox.unread).toBe(1);
      expect(inbox.items.map((m) => m.id)).toEqual([msg!.id]);
      const read = await body<{ message: { readAt: string | null } }>(
        await asAdmin(`/messages/${msg!.id}/read`, { method: 'POST', json: { read: true } }),
      );
      expect(read.message.readAt).not.toBeNull();
      expect((await body<{ unread: number }>(await asAdmin('/messages'))).unread).toBe(0);
      expect(await auditRows(s.t, 'CONTACT_MESSAGE_READ', msg!.id)).toHaveLength(1);
    });
  });

  describe('customers', () => {
    it('lists customers with order count and total spent from completed orders, and promotes and demotes', async () => {
      const [p] = await insertProducts(s.t.ctx.db, [
        { name: 'Customer Test Fish', slug: 'customer-test-fish', category: 'fish', price: 100_000, stock: 10 },
      ]);
      const paid = await placeOrder(s, [{ productId: p!.id, quantity: 1 }]);
      await payByCard(s, paid.trackingId);
      await placeOrder(s, [{ productId: p!.id, quantity: 2 }]);
      const [paidOrder] = await s.t.ctx.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, paid.orderId));

      const list = await body<{ items: { id: string; orderCount: number; totalSpentCents: number; role: string }[] }>(
        await asAdmin(`/customers?q=${encodeURIComponent(s.customer.email)}`),
      );
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ id: s.customer.id, orderCount: 2, role: 'customer' });
      expect(list.items[0]?.totalSpentCents).toBe(paidOrder!.total);
      const theirOrders = await body<{ total: number }>(await asAdmin(`/orders?userId=${s.customer.id}`));
      expect(theirOrders.total).toBe(2);

      const promoted = await body<{ customer: { role: string } }>(
        await asAdmin(`/customers/${s.customer.id}/role`, { method: 'POST', json: { role: 'owner' } }),
      );
      expect(promoted.customer.role).toBe('owner');
      expect((await s.t.request('/api/admin/dashboard', { cookie: s.customer.cookie })).status).toBe(200);
      await asAdmin(`/customers/${s.customer.id}/role`, { method: 'POST', json: { role: 'customer' } });
      expect((await s.t.request('/api/admin/dashboard', { cookie: s.customer.cookie })).status).toBe(403);
      expect(await auditRows(s.t, 'USER_ROLE_CHANGE', s.customer.id)).toHaveLength(2);

      const self = await asAdmin(`/customers/${s.admin.id}/role`, { method: 'POST', json: { role: 'customer' } });
      expect(self.status).toBe(400);
      expect((await body<ErrorBody>(self)).error.message).toBe('You cannot change your own role. Ask another owner.');
    });
  });

  describe('audit log', () => {
    it('filters the audit log by user, action, table and date', async () => {
      const all = await body<{ total: number; items: { action: string; userEmail: string | null; ipAddress: string | null }[] }>(
        await asAdmin('/audit?pageSize=100'),
      );
      expect(all.total).toBe(6);
      const facets = await body<{ actions: string[]; tables: string[]; users: { id: string; email: string }[] }>(
        await asAdmin('/audit/facets'),
      );
      expect(facets.actions).toEqual(expect.arrayContaining(['DELIVERY_ZONES_UPDATE', 'USER_ROLE_CHANGE', 'NEWSLETTER_EXPORT']));
      expect(facets.users).toContainEqual({ id: s.admin.id, email: s.admin.email });
      const roles = await body<{ items: { action: string; userEmail: string }[] }>(await asAdmin('/audit?action=USER_ROLE_CHANGE'));
      expect(roles.items).toHaveLength(2);
      expect(roles.items.every((i) => i.userEmail === s.admin.email)).toBe(true);
      const byTable = await body<{ items: { tableName: string }[] }>(await asAdmin('/audit?table=delivery_zones'));
      expect(byTable.items.map((i) => i.tableName)).toEqual(['delivery_zones']);
      const byUser = await body<{ total: number }>(await asAdmin(`/audit?userId=${s.customer.id}`));
      expect(byUser.total).toBe(0);
      const old = await body<{ total: number }>(await asAdmin('/audit?to=2000-01-01'));
      expect(old.total).toBe(0);
    });

    it("hides customers' views of their own payments unless asked, so the merchant's changes stay in view", async () => {
      const before = (await body<{ total: number }>(await asAdmin('/audit'))).total;
      for (const action of CUSTOMER_READ_ACTIONS) {
        await writeAudit(s.t.ctx.db, { userId: s.customer.id, action, tableName: 'payment_transactions', recordId: crypto.randomUUID() });
      }
      expect((await body<{ total: number }>(await asAdmin('/audit'))).total).toBe(before);
      expect((await body<{ total: number }>(await asAdmin('/audit?reads=show'))).total).toBe(before + 2);
      const views = await body<{ items: { action: string; userEmail: string }[] }>(await asAdmin('/audit?action=VIEW_TRANSACTION'));
      expect(views.items).toEqual([expect.objectContaining({ action: 'VIEW_TRANSACTION', userEmail: s.customer.email })]);
      expect((await asAdmin('/audit?reads=maybe')).status).toBe(400);
    });
  });
});
