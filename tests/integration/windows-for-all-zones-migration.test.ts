// Migration 0044 (delivery windows set once for every zone) on a shop whose zones each had their own
// windows: one with the usual week, one with another capacity or cut-off in some windows and no
// Saturday, one without windows, one with a window the others lack and one overlapping theirs;
// closed dates of every zone and of one; orders holding places. After it, every zone offers the same
// slots for the next 14 days (times, cut-offs, places left) as before, and the orders still count.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_WINDOWS, slotKey, upcomingSlots, type DeliveryWindowRule } from '../../src/domain/delivery-slots';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { checkoutSlots, loadZoneWindows } from '../../src/server/features/delivery/delivery-slots.service';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0044_windows_for_all_zones';
// Monday 30 November 2026, 08:00 in Nairobi.
const NOW = new Date('2026-11-30T05:00:00Z');
const DAYS = 14;
const ZONES = {
  usual: '00000000-0000-0000-0000-00000000a001',
  own: '00000000-0000-0000-0000-00000000a002',
  none: '00000000-0000-0000-0000-00000000a003',
  odd: '00000000-0000-0000-0000-00000000a004',
} as const;

const steps = migrationSteps('windows_for_all_zones_migration');
afterAll(() => steps.cleanup());

type Row = Omit<DeliveryWindowRule, 'id'> & { id: string; zoneId: string };

/** The old shape: each zone's own rows. */
function oldRows(): Row[] {
  let n = 0;
  const id = () => `00000000-0000-0000-0000-${(0xb000 + ++n).toString(16).padStart(12, '0')}`;
  const usual = DEFAULT_ZONE_WINDOWS.map((w) => ({ ...w, id: id(), zoneId: ZONES.usual }));
  const own = DEFAULT_ZONE_WINDOWS.filter((w) => w.weekday !== 6).map((w) => ({
    ...w,
    id: id(),
    zoneId: ZONES.own,
    capacity: w.weekday === 1 && w.startMinute === 600 ? 5 : w.capacity,
    cutoffMinutes: w.weekday === 2 && w.startMinute === 720 ? 30 : w.cutoffMinutes,
  }));
  const odd = [
    { weekday: 3, startMinute: 600, endMinute: 720, capacity: 3, cutoffMinutes: 60 },
    { weekday: 3, startMinute: 1080, endMinute: 1140, capacity: 4, cutoffMinutes: 0 },
    { weekday: 4, startMinute: 660, endMinute: 780, capacity: 20, cutoffMinutes: 60 },
  ].map((w) => ({ ...w, id: id(), zoneId: ZONES.odd }));
  return [...usual, ...own, ...odd];
}

const comparable = (slots: ReturnType<typeof upcomingSlots>) => slots.map(({ windowId: _id, ...s }) => s);

describe.each(dbKinds(import.meta.url))('migration 0044 on %s', (kind) => {
  it("keeps every zone's slots, capacities, cut-offs, closed dates and held places", async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    const db = database.db;
    for (const [name, zoneId] of Object.entries(ZONES)) {
      await db.execute(sql`insert into delivery_zones (id, name, min_km, max_km, base_fee, per_km_rate)
        values (${zoneId}, ${name}, ${Object.values(ZONES).indexOf(zoneId) * 5}, ${Object.values(ZONES).indexOf(zoneId) * 5 + 5}, 100, 10)`);
    }
    const rows = oldRows();
    for (const r of rows) {
      await db.execute(sql`insert into delivery_windows (id, zone_id, weekday, start_minute, end_minute, capacity, cutoff_minutes)
        values (${r.id}, ${r.zoneId}, ${r.weekday}, ${r.startMinute}, ${r.endMinute}, ${r.capacity}, ${r.cutoffMinutes})`);
    }
    // 8 December closed everywhere; 2 December closed in one zone only.
    for (const zoneId of Object.values(ZONES)) await db.execute(sql`insert into delivery_closed_dates values (${zoneId}, '2026-12-08')`);
    await db.execute(sql`insert into delivery_closed_dates values (${ZONES.own}, '2026-12-02')`);

    // Orders holding places: Monday 10:00 in the zone with 5 places (3 held, 1 given back) and in the usual zone (1 held).
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    const monday10 = (zoneId: string) => rows.find((r) => r.zoneId === zoneId && r.weekday === 1 && r.startMinute === 600)!.id;
    const holds = [
      { zoneId: ZONES.own, held: true },
      { zoneId: ZONES.own, held: true },
      { zoneId: ZONES.own, held: true },
      { zoneId: ZONES.own, held: false },
      { zoneId: ZONES.usual, held: true },
    ];
    for (const [i, h] of holds.entries()) {
      const orderId = `00000000-0000-0000-0000-${(0xc000 + i).toString(16).padStart(12, '0')}`;
      await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address, delivery_zone_id)
        values (${orderId}, 'u1', 1000, 0, 0, 1000, 'Someone', 'u1@example.test', '+254712345678', 'Karen', ${h.zoneId})`);
      await db.execute(sql`insert into order_delivery_windows (order_id, window_id, delivery_date, start_minute, end_minute, held)
        values (${orderId}, ${monday10(h.zoneId)}, '2026-11-30', 600, 720, ${h.held})`);
    }

    // What each zone offered before, from the old rows.
    const before = new Map<string, ReturnType<typeof upcomingSlots>>();
    const oldHeld = await queryRows<{ window_id: string; delivery_date: string; n: number }>(
      db,
      sql`select window_id, delivery_date::text, count(*)::int as n from order_delivery_windows where held group by 1, 2`,
    );
    const oldTaken = new Map(oldHeld.map((h) => [slotKey(h.window_id, h.delivery_date), h.n]));
    for (const zoneId of Object.values(ZONES)) {
      const closed = await queryRows<{ date: string }>(db, sql`select date::text from delivery_closed_dates where zone_id = ${zoneId}`);
      before.set(
        zoneId,
        upcomingSlots({
          now: NOW,
          windows: rows.filter((r) => r.zoneId === zoneId),
          closedDates: closed.map((c) => c.date),
          taken: oldTaken,
          days: DAYS,
        }),
      );
    }
    expect(before.get(ZONES.own)!.find((s) => s.date === '2026-11-30' && s.startMinute === 600)).toMatchObject({ left: 2 });
    expect(before.get(ZONES.none)).toEqual([]);

    await migrateTo(database, migrationsFolder());
    // Running it again changes nothing (each instance migrates at start).
    await migrateTo(database, migrationsFolder());

    // The week is the union of the zones' windows, each once.
    const [week] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from delivery_windows`);
    expect(week!.n).toBe(DEFAULT_ZONE_WINDOWS.length + 2);
    const shopClosed = await queryRows<{ date: string }>(db, sql`select date::text from delivery_shop_closed_dates`);
    expect(shopClosed).toEqual([{ date: '2026-12-08' }]);

    const newHeld = await queryRows<{ window_id: string; delivery_date: string; zone: string; n: number }>(
      db,
      sql`select w.window_id, w.delivery_date::text, o.delivery_zone_id as zone, count(*)::int as n
        from order_delivery_windows w join orders o on o.id = w.order_id where w.held group by 1, 2, 3`,
    );
    for (const zoneId of Object.values(ZONES)) {
      const { windows, closedDates } = await loadZoneWindows(db, zoneId);
      const taken = new Map(newHeld.filter((h) => h.zone === zoneId).map((h) => [slotKey(h.window_id, h.delivery_date), h.n]));
      const after = upcomingSlots({ now: NOW, windows, closedDates, taken, days: DAYS });
      expect(comparable(after), `zone ${zoneId}`).toEqual(comparable(before.get(zoneId)!));
      // What checkout offers (the next 7 days) counts the zone's own holds the same way.
      const offered = await checkoutSlots(db, zoneId, NOW);
      expect(comparable(offered.slots)).toEqual(comparable(before.get(zoneId)!.filter((s) => s.date < '2026-12-07')));
    }
  });
});
