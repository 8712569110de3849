// The back office's delivery windows (the shop's week, set once for every zone; each zone's
// exceptions; closed dates) and the shop's opening hours. Each save checks the whole result with
// src/domain (windows inside opening hours, no zone served in two overlapping windows) under the
// opening-hours row's lock, so hours and windows saved at the same moment can never disagree; each
// is audited.
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { clock24, openingHoursLines, weekHoursProblem, WEEKDAY_NAMES, type OpeningHours, type WeekHours } from '@/domain/business-hours';
import { windowsProblem, type DeliveryWindowRule } from '@/domain/delivery-slots';
import {
  exceptionsProblem,
  NO_EXCEPTIONS,
  weekProblem,
  type ZoneWindowException,
  type ZoneWindowRules,
} from '@/domain/delivery-slots-week';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  deliveryClosedDates,
  deliveryShopClosedDates,
  deliveryWindowZones,
  deliveryWindows,
  deliveryZoneDaysOff,
  deliveryZones,
} from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';
import { loadOpeningHours, OPENING_HOURS_SETTING, openingHoursLock } from './delivery-slots.service';
import { loadShopClosedDates, loadWeek, loadZoneClosedDates, loadZoneRules } from './delivery-week.service';

export interface ZoneWindowSettings extends ZoneWindowRules {
  zoneId: string;
  zoneName: string;
  daysOff: number[];
  exceptions: ZoneWindowException[];
  /** The zone's own closed dates, besides the shop's. */
  closedDates: string[];
}

export interface DeliveryWindowSettings {
  hours: WeekHours;
  week: DeliveryWindowRule[];
  /** The whole shop's closed dates. */
  closedDates: string[];
  zones: ZoneWindowSettings[];
}

async function zoneSettings(db: DbOrTx): Promise<ZoneWindowSettings[]> {
  const [zones, rules] = await Promise.all([
    db.select({ id: deliveryZones.id, name: deliveryZones.name }).from(deliveryZones).orderBy(asc(deliveryZones.minKm)),
    loadZoneRules(db),
  ]);
  return Promise.all(
    zones.map(async (z) => {
      const r = rules.get(z.id) ?? NO_EXCEPTIONS;
      return {
        zoneId: z.id,
        zoneName: z.name,
        daysOff: [...r.daysOff],
        exceptions: [...r.exceptions],
        closedDates: await loadZoneClosedDates(db, z.id),
      };
    }),
  );
}

export async function getWindowSettings(db: DbOrTx): Promise<DeliveryWindowSettings> {
  const [hours, week, closedDates, zones] = await Promise.all([
    loadOpeningHours(db),
    loadWeek(db),
    loadShopClosedDates(db),
    zoneSettings(db),
  ]);
  return { hours, week, closedDates, zones };
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

/** Replaces the shop's week (windows kept by id, so holds and exceptions on them stay) and its closed dates. */
export async function saveWeekWindows(
  db: Db,
  actor: AdminActor,
  input: { windows: WindowInput[]; closedDates: string[] },
): Promise<{ week: DeliveryWindowRule[]; closedDates: string[] }> {
  const windows = input.windows.map((w) => ({ ...w, startMinute: w.start, endMinute: w.end }));
  return db.transaction(async (tx) => {
    await openingHoursLock(tx);
    const before = await loadWeek(tx);
    const known = new Set(before.map((w) => w.id));
    if (windows.some((w) => w.id !== undefined && !known.has(w.id))) {
      throw badRequest('One of these windows no longer exists; reload the page.', { windows: 'Reload the page and try again.' });
    }
    const zones = (await zoneSettings(tx)).map((z) => ({ name: z.zoneName, rules: z }));
    const problem = weekProblem(windows, zones, await loadOpeningHours(tx));
    if (problem) throw badRequest(problem, { windows: problem });
    // The pick-up windows are the pick-up setting's (pickup-settings.service.ts), never this week's.
    await replaceWeekWindows(tx, 'delivery', windows, actor.at);
    const closedBefore = await loadShopClosedDates(tx);
    const dates = [...new Set(input.closedDates)].sort();
    await tx.delete(deliveryShopClosedDates);
    if (dates.length > 0) await tx.insert(deliveryShopClosedDates).values(dates.map((date) => ({ date })));
    const after = await loadWeek(tx);
    await auditAdmin(tx, actor, {
      action: 'DELIVERY_WINDOWS_UPDATE',
      tableName: 'delivery_windows',
      recordId: 'delivery_week',
      details: { before: before.map(windowText), after: after.map(windowText), closedBefore, closedAfter: dates },
    });
    return { week: after, closedDates: dates };
  });
}

export interface ZoneExceptionsInput {
  daysOff: number[];
  exceptions: ZoneWindowException[];
  closedDates: string[];
}

const exceptionText = (week: readonly DeliveryWindowRule[], e: ZoneWindowException) => {
  const w = week.find((x) => x.id === e.windowId);
  const name = w ? `${WEEKDAY_NAMES[w.weekday] ?? '?'} ${clock24(w.startMinute)}-${clock24(w.endMinute)}` : e.windowId;
  if (!e.served) return `${name}: not served`;
  return `${name}: ${e.capacity ?? 'usual'} orders, cut-off ${e.cutoffMinutes ?? 'usual'}`;
};

/** Replaces one zone's exceptions to the week and its own closed dates. */
export async function saveZoneWindows(db: Db, actor: AdminActor, zoneId: string, input: ZoneExceptionsInput): Promise<ZoneWindowSettings> {
  // An exception that says nothing (served, the week's capacity and cut-off) is no exception.
  const exceptions = input.exceptions.filter((e) => !e.served || e.capacity !== null || e.cutoffMinutes !== null);
  const daysOff = [...new Set(input.daysOff)].sort();
  return db.transaction(async (tx) => {
    await openingHoursLock(tx);
    const [zone] = await tx.select({ name: deliveryZones.name }).from(deliveryZones).where(eq(deliveryZones.id, zoneId));
    if (!zone) throw notFound('Delivery zone not found');
    const week = await loadWeek(tx);
    if (new Set(exceptions.map((e) => e.windowId)).size !== exceptions.length) {
      throw badRequest('Give each window once.', { exceptions: 'Give each window once.' });
    }
    const problem = exceptionsProblem(week, exceptions);
    if (problem) throw badRequest(problem, { exceptions: problem });
    const rulesBefore = (await loadZoneRules(tx, zoneId)).get(zoneId) ?? NO_EXCEPTIONS;
    const closedBefore = await loadZoneClosedDates(tx, zoneId);
    await tx.delete(deliveryWindowZones).where(eq(deliveryWindowZones.zoneId, zoneId));
    if (exceptions.length > 0) await tx.insert(deliveryWindowZones).values(exceptions.map((e) => ({ ...e, zoneId })));
    await tx.delete(deliveryZoneDaysOff).where(eq(deliveryZoneDaysOff.zoneId, zoneId));
    if (daysOff.length > 0) await tx.insert(deliveryZoneDaysOff).values(daysOff.map((weekday) => ({ zoneId, weekday })));
    const dates = [...new Set(input.closedDates)].sort();
    await tx.delete(deliveryClosedDates).where(eq(deliveryClosedDates.zoneId, zoneId));
    if (dates.length > 0) await tx.insert(deliveryClosedDates).values(dates.map((date) => ({ zoneId, date })));
    const dayNames = (days: readonly number[]) => days.map((d) => WEEKDAY_NAMES[d] ?? '?');
    await auditAdmin(tx, actor, {
      action: 'DELIVERY_ZONE_WINDOWS_UPDATE',
      tableName: 'delivery_window_zones',
      recordId: zoneId,
      details: {
        zone: zone.name,
        daysOffBefore: dayNames(rulesBefore.daysOff),
        daysOffAfter: dayNames(daysOff),
        before: rulesBefore.exceptions.map((e) => exceptionText(week, e)),
        after: exceptions.map((e) => exceptionText(week, e)),
        closedBefore,
        closedAfter: dates,
      },
    });
    return { zoneId, zoneName: zone.name, daysOff, exceptions, closedDates: dates };
  });
}

/** Saves the opening hours; refused while the week has a window they would leave outside. */
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
    for (const w of await loadWeek(tx)) {
      const outside = windowsProblem([w], week);
      if (outside) {
        const message = `${outside} Change or remove that window first.`;
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

/** One kind's week of windows becomes `windows`: rows kept by id are updated, the others removed, new ones added. */
export async function replaceWeekWindows(
  tx: Tx,
  kind: 'delivery' | 'pickup',
  windows: readonly { id?: string; weekday: number; startMinute: number; endMinute: number; capacity: number; cutoffMinutes: number }[],
  at: Date,
): Promise<void> {
  const kept = windows.flatMap((w) => (w.id ? [w.id] : []));
  const ofKind = eq(deliveryWindows.kind, kind);
  await tx.delete(deliveryWindows).where(kept.length > 0 ? and(ofKind, notInArray(deliveryWindows.id, kept)) : ofKind);
  for (const w of windows) {
    const values = {
      weekday: w.weekday,
      startMinute: w.startMinute,
      endMinute: w.endMinute,
      capacity: w.capacity,
      cutoffMinutes: w.cutoffMinutes,
      updatedAt: at,
    };
    if (w.id)
      await tx
        .update(deliveryWindows)
        .set(values)
        .where(and(ofKind, eq(deliveryWindows.id, w.id)));
    else await tx.insert(deliveryWindows).values({ ...values, kind, createdAt: at });
  }
}
