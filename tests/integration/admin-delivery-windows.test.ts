// The back office's delivery windows and opening hours: the week's windows are set once for every
// zone, inside opening hours, none overlapping, each with at least one place; a zone may be off on a
// weekday, not served in a window, or have its own capacity. Bad input is refused with a clear
// message and changes nothing; every save is audited, and the footer's opening hours follow the
// saved ones.
import { describe, expect, it } from 'vitest';
import { deliveryClosedDates, deliveryShopClosedDates, deliveryWindowZones, deliveryWindows } from '../../src/server/db/schema';
import { loadZoneWindows } from '../../src/server/features/delivery/delivery-slots.service';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
interface WeekWindow {
  id: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
  capacity: number;
  cutoffMinutes: number;
}
interface Settings {
  hours: ({ opens: number; closes: number } | null)[];
  week: WeekWindow[];
  closedDates: string[];
  zones: { zoneId: string; zoneName: string; daysOff: number[]; exceptions: unknown[]; closedDates: string[] }[];
}

const WEEKDAYS_9_TO_6 = [
  { open: false, opens: '09:00', closes: '18:00' },
  ...[1, 2, 3, 4, 5].map(() => ({ open: true, opens: '09:00', closes: '18:00' })),
  { open: true, opens: '09:00', closes: '14:00' },
];

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const asInput = (w: WeekWindow) => ({
  id: w.id,
  weekday: w.weekday,
  start: clock(w.startMinute),
  end: clock(w.endMinute),
  capacity: w.capacity,
  cutoffMinutes: w.cutoffMinutes,
});

describe.each(dbKinds(import.meta.url))('delivery windows in the back office on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  const settings = async () => body<Settings>(await asAdmin('/delivery/windows'));
  const weekRows = async () => (await s.t.ctx.db.select().from(deliveryWindows)).length;

  it('lists the week once for all zones, inside the default opening hours, and no exceptions', async () => {
    const { hours, week, zones } = await settings();
    expect(hours[0]).toBeNull();
    expect(hours[1]).toEqual({ opens: 540, closes: 1080 });
    expect(week).toHaveLength(22);
    expect(zones).toHaveLength(5);
    expect(zones.every((z) => z.daysOff.length === 0 && z.exceptions.length === 0)).toBe(true);
    // Every zone offers the week's 22 windows.
    for (const z of zones) expect((await loadZoneWindows(s.t.ctx.db, z.zoneId)).windows).toHaveLength(22);
  });

  it.each([
    ['ends before it starts', { weekday: 1, start: '12:00', end: '10:00' }, 'Monday 12:00–10:00: a window must end after it starts.'],
    ['overlaps another', { weekday: 1, start: '11:00', end: '13:00' }, 'Monday 11:00–13:00 overlaps 10:00–12:00.'],
    ['has no place', { weekday: 2, start: '07:00', end: '08:00', capacity: 0 }, 'Capacity must be a whole number of orders from 1 to 500.'],
    [
      'lies outside opening hours',
      { weekday: 6, start: '13:00', end: '15:00' },
      'Saturday 13:00–15:00 is outside opening hours (Saturday 9:00 AM-2:00 PM).',
    ],
    ['has a badly typed time', { weekday: 1, start: '25:00', end: '12:00' }, 'Type a time as HH:MM, for example 10:00.'],
  ])('refuses a window that %s and changes nothing', async (_name, window, message) => {
    const { week } = await settings();
    const res = await asAdmin('/delivery/windows', {
      method: 'PUT',
      json: { windows: [...week.map(asInput), { capacity: 5, cutoffMinutes: 60, ...window }], closedDates: ['2026-12-25'] },
    });
    expect(res.status).toBe(400);
    expect((await body<ErrorBody>(res)).error.message).toBe(message);
    expect(await weekRows()).toBe(22);
    expect(await s.t.ctx.db.select().from(deliveryShopClosedDates)).toEqual([]);
  });

  it("replaces the week and the shop's closed dates for every zone, audited", async () => {
    const { week, zones } = await settings();
    const kept = week.find((w) => w.weekday === 1 && w.startMinute === 600)!;
    const res = await asAdmin('/delivery/windows', {
      method: 'PUT',
      json: {
        windows: [
          { ...asInput(kept), capacity: 8, cutoffMinutes: 90 },
          { weekday: 6, start: '09:00', end: '11:00', capacity: 4, cutoffMinutes: 30 },
        ],
        closedDates: ['2026-12-25', '2026-12-12'],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await s.t.ctx.db.select().from(deliveryWindows);
    expect(rows.map((r) => [r.weekday, r.startMinute, r.endMinute, r.capacity, r.cutoffMinutes]).sort()).toEqual([
      [1, 600, 720, 8, 90],
      [6, 540, 660, 4, 30],
    ]);
    expect(rows.some((r) => r.id === kept.id)).toBe(true);
    const closed = await s.t.ctx.db.select().from(deliveryShopClosedDates);
    expect(closed.map((c) => c.date).sort()).toEqual(['2026-12-12', '2026-12-25']);
    for (const z of zones) {
      const offered = await loadZoneWindows(s.t.ctx.db, z.zoneId);
      expect(offered.windows.map((w) => [w.weekday, w.startMinute, w.capacity])).toEqual([
        [1, 600, 8],
        [6, 540, 4],
      ]);
      expect(offered.closedDates).toEqual(['2026-12-12', '2026-12-25']);
    }
    const [audit] = await auditRows(s.t, 'DELIVERY_WINDOWS_UPDATE', 'delivery_week');
    expect(audit?.details).toMatchObject({
      after: ['Monday 10:00-12:00, 8 orders, cut-off 90 min', 'Saturday 09:00-11:00, 4 orders, cut-off 30 min'],
      closedAfter: ['2026-12-12', '2026-12-25'],
    });
  });

  it("gives one zone its exceptions and closed dates, audited, and leaves the others' alone", async () => {
    const { week, zones } = await settings();
    const [zone, other] = [zones[0]!, zones[1]!];
    const monday = week.find((w) => w.weekday === 1)!;
    const saturday = week.find((w) => w.weekday === 6)!;
    const bad = await asAdmin(`/delivery/windows/${zone.zoneId}`, {
      method: 'PUT',
      json: { daysOff: [], exceptions: [{ windowId: monday.id, served: true, capacity: 0, cutoffMinutes: null }], closedDates: [] },
    });
    expect(bad.status).toBe(400);
    expect((await body<ErrorBody>(bad)).error.message).toBe('Capacity must be a whole number of orders from 1 to 500.');
    expect(await s.t.ctx.db.select().from(deliveryWindowZones)).toEqual([]);

    const res = await asAdmin(`/delivery/windows/${zone.zoneId}`, {
      method: 'PUT',
      json: {
        daysOff: [6],
        exceptions: [
          { windowId: monday.id, served: true, capacity: 3, cutoffMinutes: null },
          { windowId: saturday.id, served: true, capacity: null, cutoffMinutes: null },
        ],
        closedDates: ['2026-12-01'],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const offered = await loadZoneWindows(s.t.ctx.db, zone.zoneId);
    expect(offered.windows.map((w) => [w.weekday, w.startMinute, w.capacity, w.cutoffMinutes])).toEqual([[1, 600, 3, 90]]);
    expect(offered.closedDates).toEqual(['2026-12-01', '2026-12-12', '2026-12-25']);
    // An exception that changes nothing is not kept.
    expect(await s.t.ctx.db.select().from(deliveryWindowZones)).toHaveLength(1);
    expect((await s.t.ctx.db.select().from(deliveryClosedDates)).map((c) => c.date)).toEqual(['2026-12-01']);
    expect((await loadZoneWindows(s.t.ctx.db, other.zoneId)).windows).toHaveLength(2);
    const [audit] = await auditRows(s.t, 'DELIVERY_ZONE_WINDOWS_UPDATE', zone.zoneId);
    expect(audit?.details).toMatchObject({
      zone: zone.zoneName,
      daysOffAfter: ['Saturday'],
      after: ['Monday 10:00-12:00: 3 orders, cut-off usual'],
      closedAfter: ['2026-12-01'],
    });

    // Not served in the Monday window: nothing left for that zone.
    const off = await asAdmin(`/delivery/windows/${zone.zoneId}`, {
      method: 'PUT',
      json: { daysOff: [6], exceptions: [{ windowId: monday.id, served: false, capacity: null, cutoffMinutes: null }], closedDates: [] },
    });
    expect(off.status).toBe(200);
    expect((await loadZoneWindows(s.t.ctx.db, zone.zoneId)).windows).toEqual([]);
  });

  it('refuses opening hours that would leave a window outside, then saves hours that fit, shown publicly', async () => {
    const { week } = await settings();
    const back = await asAdmin('/delivery/windows', {
      method: 'PUT',
      json: {
        windows: [...week.map(asInput), { weekday: 5, start: '16:00', end: '18:00', capacity: 5, cutoffMinutes: 60 }],
        closedDates: [],
      },
    });
    expect(back.status, await back.clone().text()).toBe(200);
    const shorter = WEEKDAYS_9_TO_6.map((d, i) => (i === 5 ? { ...d, closes: '17:00' } : d));
    const refused = await asAdmin('/delivery/opening-hours', { method: 'PUT', json: { days: shorter } });
    expect(refused.status).toBe(400);
    expect((await body<ErrorBody>(refused)).error.message).toBe(
      'Friday 16:00–18:00 is outside opening hours (Friday 9:00 AM-5:00 PM). Change or remove that window first.',
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
