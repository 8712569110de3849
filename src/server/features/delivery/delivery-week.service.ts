// Reading the shop's week of delivery windows, each zone's exceptions to it, and the closed dates
// (the shop's and a zone's). What a zone offers is src/domain's zoneWindows of these.
import { asc, eq } from 'drizzle-orm';
import type { DeliveryWindowRule } from '@/domain/delivery-slots';
import type { ZoneWindowException, ZoneWindowRules } from '@/domain/delivery-slots-week';
import type { DbOrTx } from '../../db/client';
import { deliveryClosedDates, deliveryShopClosedDates, deliveryWindowZones, deliveryWindows, deliveryZoneDaysOff } from '../../db/schema';

export type WindowKind = (typeof deliveryWindows.$inferSelect)['kind'];

export function ruleFromRow(w: typeof deliveryWindows.$inferSelect): DeliveryWindowRule {
  return {
    id: w.id,
    weekday: w.weekday,
    startMinute: w.startMinute,
    endMinute: w.endMinute,
    capacity: w.capacity,
    cutoffMinutes: w.cutoffMinutes,
  };
}

/** The week's windows (delivery's, or pick-up's at the shop), Sunday first, soonest first. */
export async function loadWeek(db: DbOrTx, kind: WindowKind = 'delivery'): Promise<DeliveryWindowRule[]> {
  const rows = await db
    .select()
    .from(deliveryWindows)
    .where(eq(deliveryWindows.kind, kind))
    .orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.startMinute), asc(deliveryWindows.endMinute));
  return rows.map(ruleFromRow);
}

/** Every zone's exceptions, by zone id (a zone without any is absent). */
export async function loadZoneRules(db: DbOrTx, zoneId?: string): Promise<Map<string, ZoneWindowRules>> {
  const [exceptions, daysOff] = await Promise.all([
    db
      .select()
      .from(deliveryWindowZones)
      .where(zoneId ? eq(deliveryWindowZones.zoneId, zoneId) : undefined),
    db
      .select()
      .from(deliveryZoneDaysOff)
      .where(zoneId ? eq(deliveryZoneDaysOff.zoneId, zoneId) : undefined)
      .orderBy(asc(deliveryZoneDaysOff.weekday)),
  ]);
  const rules = new Map<string, { daysOff: number[]; exceptions: ZoneWindowException[] }>();
  const of = (id: string) => rules.get(id) ?? rules.set(id, { daysOff: [], exceptions: [] }).get(id)!;
  for (const d of daysOff) of(d.zoneId).daysOff.push(d.weekday);
  for (const e of exceptions) {
    of(e.zoneId).exceptions.push({ windowId: e.windowId, served: e.served, capacity: e.capacity, cutoffMinutes: e.cutoffMinutes });
  }
  return rules;
}

/** The whole shop's closed dates. */
export async function loadShopClosedDates(db: DbOrTx): Promise<string[]> {
  const rows = await db.select().from(deliveryShopClosedDates).orderBy(asc(deliveryShopClosedDates.date));
  return rows.map((r) => r.date);
}

/** One zone's own closed dates (besides the shop's). */
export async function loadZoneClosedDates(db: DbOrTx, zoneId: string): Promise<string[]> {
  const rows = await db
    .select({ date: deliveryClosedDates.date })
    .from(deliveryClosedDates)
    .where(eq(deliveryClosedDates.zoneId, zoneId))
    .orderBy(asc(deliveryClosedDates.date));
  return rows.map((r) => r.date);
}
