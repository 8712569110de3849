// The back office's delivery windows (per zone) and the shop's opening hours. Each save checks the
// whole result with src/domain (windows inside opening hours, no overlaps) under the opening-hours
// row's lock, so hours and windows saved at the same moment can never disagree; each is audited.
import { asc, eq, notInArray, and } from 'drizzle-orm';
import { clock24, openingHoursLines, weekHoursProblem, WEEKDAY_NAMES, type OpeningHours, type WeekHours } from '@/domain/business-hours';
import { windowsProblem, type DeliveryWindowRule } from '@/domain/delivery-slots';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { deliveryClosedDates, deliveryWindows, deliveryZones } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';
import { loadOpeningHours, loadZoneWindows, OPENING_HOURS_SETTING, openingHoursLock } from './delivery-slots.service';

export interface ZoneWindows {
  zoneId: string;
  zoneName: string;
  windows: DeliveryWindowRule[];
  closedDates: string[];
}

export interface DeliveryWindowSettings {
  hours: WeekHours;
  zones: ZoneWindows[];
}

export async function getWindowSettings(db: DbOrTx): Promise<DeliveryWindowSettings> {
  const zones = await db.select({ id: deliveryZones.id, name: deliveryZones.name }).from(deliveryZones).orderBy(asc(deliveryZones.minKm));
  const withWindows = await Promise.all(zones.map(async (z) => ({ zoneId: z.id, zoneName: z.name, ...(await loadZoneWindows(db, z.id)) })));
  return { hours: await loadOpeningHours(db), zones: withWindows };
}

export interface WindowInput {
  id?: string;
  weekday: number;
  start: number;
  end: number;
  capacity: number;
  cutoffMinutes: number;
}

const windowText = (w: Pick<DeliveryWindowRule, 'weekday' | 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes'>) =>
  `${WEEKDAY_NAMES[w.weekday] ?? '?'} ${clock24(w.startMinute)}-${clock24(w.endMinute)}, ${w.capacity} orders, cut-off ${w.cutoffMinutes} min`;

/** Replaces a zone's windows (kept by id, so holds on them stay counted) and closed dates. */
export async function saveZoneWindows(
  db: Db,
  actor: AdminActor,
  zoneId: string,
  input: { windows: WindowInput[]; closedDates: string[] },
): Promise<ZoneWindows> {
  const windows = input.windows.map((w) => ({ ...w, startMinute: w.start, endMinute: w.end }));
  return db.transaction(async (tx) => {
    await openingHoursLock(tx);
    const [zone] = await tx.select({ name: deliveryZones.name }).from(deliveryZones).where(eq(deliveryZones.id, zoneId));
    if (!zone) throw notFound('Delivery zone not found');
    const problem = windowsProblem(windows, await loadOpeningHours(tx));
    if (problem) throw badRequest(problem, { windows: problem });
    const before = await loadZoneWindows(tx, zoneId);
    const known = new Set(before.windows.map((w) => w.id));
    if (windows.some((w) => w.id !== undefined && !known.has(w.id))) {
      throw badRequest('One of these windows no longer exists; reload the page.', { windows: 'Reload the page and try again.' });
    }
    const kept = windows.flatMap((w) => (w.id ? [w.id] : []));
    await tx
      .delete(deliveryWindows)
      .where(and(eq(deliveryWindows.zoneId, zoneId), kept.length > 0 ? notInArray(deliveryWindows.id, kept) : undefined));
    for (const w of windows) {
      const values = {
        weekday: w.weekday,
        startMinute: w.startMinute,
        endMinute: w.endMinute,
        capacity: w.capacity,
        cutoffMinutes: w.cutoffMinutes,
        updatedAt: actor.at,
      };
      if (w.id) await tx.update(deliveryWindows).set(values).where(eq(deliveryWindows.id, w.id));
      else await tx.insert(deliveryWindows).values({ ...values, zoneId, createdAt: actor.at });
    }
    const dates = [...new Set(input.closedDates)].sort();
    await tx.delete(deliveryClosedDates).where(eq(deliveryClosedDates.zoneId, zoneId));
    if (dates.length > 0) await tx.insert(deliveryClosedDates).values(dates.map((date) => ({ zoneId, date })));
    const after = await loadZoneWindows(tx, zoneId);
    await auditAdmin(tx, actor, {
      action: 'DELIVERY_WINDOWS_UPDATE',
      tableName: 'delivery_windows',
      recordId: zoneId,
      details: {
        zone: zone.name,
        before: before.windows.map(windowText),
        after: after.windows.map(windowText),
        closedBefore: before.closedDates,
        closedAfter: after.closedDates,
      },
    });
    return { zoneId, zoneName: zone.name, ...after };
  });
}

/** Saves the opening hours; refused while any zone has a window they would leave outside. */
export async function saveOpeningHours(
  db: Db,
  actor: AdminActor,
  days: { open: boolean; opens: number; closes: number }[],
): Promise<OpeningHours[]> {
  const week: WeekHours = days.map((d) => (d.open ? { opens: d.opens, closes: d.closes } : null));
  const problem = weekHoursProblem(week);
  if (problem) throw badRequest(problem, { days: problem });
  return db.transaction(async (tx: Tx) => {
    await openingHoursLock(tx);
    const rows = await tx
      .select({ zone: deliveryZones.name, window: deliveryWindows })
      .from(deliveryWindows)
      .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryWindows.zoneId));
    for (const r of rows) {
      const outside = windowsProblem([r.window], week);
      if (outside) {
        const message = `${r.zone}: ${outside} Change or remove that window first.`;
        throw badRequest(message, { days: message });
      }
    }
    const lines = (hours: WeekHours) => openingHoursLines(hours).map((l) => `${l.days}: ${l.hours}`);
    await saveSetting(tx, actor, {
      key: OPENING_HOURS_SETTING,
      value: [...week],
      action: 'OPENING_HOURS_UPDATE',
      load: loadOpeningHours,
      details: (before, after) => ({ before: lines(before), after: lines(after) }),
    });
    return openingHoursLines(week);
  });
}
