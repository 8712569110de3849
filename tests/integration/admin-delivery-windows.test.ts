// The back office's delivery windows and opening hours: windows must lie inside opening hours and
// hours cannot shrink under a window (each refused with a clear message, nothing changed), every
// save is audited, and the footer's opening hours follow the saved ones.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryClosedDates, deliveryWindows } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
interface Settings {
  hours: ({ opens: number; closes: number } | null)[];
  zones: {
    zoneId: string;
    zoneName: string;
    windows: { id: string; weekday: number; startMinute: number; endMinute: number }[];
    closedDates: string[];
  }[];
}

const WEEKDAYS_9_TO_6 = [
  { open: false, opens: '09:00', closes: '18:00' },
  ...[1, 2, 3, 4, 5].map(() => ({ open: true, opens: '09:00', closes: '18:00' })),
  { open: true, opens: '09:00', closes: '14:00' },
];

describe.each(dbKinds(import.meta.url))('delivery windows in the back office on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;

  it('lists the seeded windows of each zone inside the default opening hours', async () => {
    const settings = await body<Settings>(await asAdmin('/delivery/windows'));
    expect(settings.hours[0]).toBeNull();
    expect(settings.hours[1]).toEqual({ opens: 540, closes: 1080 });
    expect(settings.zones).toHaveLength(5);
    expect(settings.zones[0]!.windows).toHaveLength(22);
  });

  it("replaces a zone's windows and closed dates, audited", async () => {
    const { zones } = await body<Settings>(await asAdmin('/delivery/windows'));
    const zone = zones[0]!;
    const kept = zone.windows[0]!;
    const res = await asAdmin(`/delivery/windows/${zone.zoneId}`, {
      method: 'PUT',
      json: {
        windows: [
          { id: kept.id, weekday: 1, start: '10:00', end: '12:00', capacity: 8, cutoffMinutes: 90 },
          { weekday: 6, start: '09:00', end: '11:00', capacity: 4, cutoffMinutes: 30 },
        ],
        closedDates: ['2026-12-25', '2026-12-12'],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await s.t.ctx.db.select().from(deliveryWindows).where(eq(deliveryWindows.zoneId, zone.zoneId));
    expect(rows.map((r) => [r.weekday, r.startMinute, r.endMinute, r.capacity, r.cutoffMinutes]).sort()).toEqual([
      [1, 600, 720, 8, 90],
      [6, 540, 660, 4, 30],
    ]);
    expect(rows.some((r) => r.id === kept.id)).toBe(true);
    const closed = await s.t.ctx.db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.zoneId, zone.zoneId));
    expect(closed.map((c) => c.date).sort()).toEqual(['2026-12-12', '2026-12-25']);
    const [audit] = await auditRows(s.t, 'DELIVERY_WINDOWS_UPDATE', zone.zoneId);
    expect(audit?.details).toMatchObject({
      zone: zone.zoneName,
      after: ['Monday 10:00-12:00, 8 orders, cut-off 90 min', 'Saturday 09:00-11:00, 4 orders, cut-off 30 min'],
      closedAfter: ['2026-12-12', '2026-12-25'],
    });
  });

  it('refuses a window outside opening hours and changes nothing', async () => {
    const { zones } = await body<Settings>(await asAdmin('/delivery/windows'));
    const zone = zones[1]!;
    const res = await asAdmin(`/delivery/windows/${zone.zoneId}`, {
      method: 'PUT',
      json: { windows: [{ weekday: 6, start: '13:00', end: '15:00', capacity: 5, cutoffMinutes: 60 }], closedDates: [] },
    });
    expect(res.status).toBe(400);
    expect((await body<ErrorBody>(res)).error.message).toBe('Saturday 13:00–15:00 is outside opening hours (Saturday 9:00 AM-2:00 PM).');
    const rows = await s.t.ctx.db.select().from(deliveryWindows).where(eq(deliveryWindows.zoneId, zone.zoneId));
    expect(rows).toHaveLength(22);
  });

  it('refuses a badly typed time with a clear message', async () => {
    const { zones } = await body<Settings>(await asAdmin('/delivery/windows'));
    const res = await asAdmin(`/delivery/windows/${zones[1]!.zoneId}`, {
      method: 'PUT',
      json: { windows: [{ weekday: 1, start: '25:00', end: '12:00', capacity: 5, cutoffMinutes: 60 }], closedDates: [] },
    });
    expect(res.status).toBe(400);
    expect((await body<ErrorBody>(res)).error.message).toBe('Type a time as HH:MM, for example 10:00.');
  });

  it('refuses opening hours that would leave a window outside, then saves hours that fit, shown publicly', async () => {
    const shorter = WEEKDAYS_9_TO_6.map((d, i) => (i === 5 ? { ...d, closes: '17:00' } : d));
    const refused = await asAdmin('/delivery/opening-hours', { method: 'PUT', json: { days: shorter } });
    expect(refused.status).toBe(400);
    expect((await body<ErrorBody>(refused)).error.message).toMatch(
      /^Zone \d - [A-Za-z ]+: Friday 16:00–18:00 is outside opening hours \(Friday 9:00 AM-5:00 PM\)\. Change or remove that window first\.$/,
    );

    const longer = WEEKDAYS_9_TO_6.map((d, i) => (i === 0 ? { open: true, opens: '10:00', closes: '13:00' } : d));
    const saved = await asAdmin('/delivery/opening-hours', { method: 'PUT', json: { days: longer } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [audit] = await auditRows(s.t, 'OPENING_HOURS_UPDATE');
    expect(audit?.details).toMatchObject({
      before: ['Monday to Friday: 9:00 AM-6:00 PM', 'Saturday: 9:00 AM-2:00 PM', 'Sunday: Closed'],
      after: ['Monday to Friday: 9:00 AM-6:00 PM', 'Saturday: 9:00 AM-2:00 PM', 'Sunday: 10:00 AM-1:00 PM'],
    });
    const pub = await s.t.request('/api/content/opening-hours');
    expect((await body<{ lines: { days: string; hours: string }[] }>(pub)).lines.map((l) => `${l.days}: ${l.hours}`)).toEqual([
      'Monday to Friday: 9:00 AM-6:00 PM',
      'Saturday: 9:00 AM-2:00 PM',
      'Sunday: 10:00 AM-1:00 PM',
    ]);
  });

  it('is for admins only', async () => {
    const res = await s.t.request('/api/admin/delivery/windows', { cookie: s.customer.cookie });
    expect(res.status).toBe(403);
  });
});
