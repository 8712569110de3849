// The shop's week of delivery windows is set once for every zone; a zone may differ from it by
// weekdays it is not served, windows it is not served, or its own capacity or cut-off in a window.
// A window's capacity is per zone: a window of 10 gives each zone 10 places on each date.
import { clock24, WEEKDAY_NAMES, type WeekHours } from './business-hours';
import { SLOT_LIMITS, windowProblem, windowsProblem, type DeliveryWindowRule } from './delivery-slots';

/** A zone's exception to one window of the week. */
export interface ZoneWindowException {
  windowId: string;
  /** False: the zone is not served in this window. */
  served: boolean;
  /** The zone's own capacity and cut-off in it; null: the week's. */
  capacity: number | null;
  cutoffMinutes: number | null;
}

export interface ZoneWindowRules {
  /** Weekdays (0 = Sunday) the zone is not served at all. */
  daysOff: readonly number[];
  exceptions: readonly ZoneWindowException[];
}

export const NO_EXCEPTIONS: ZoneWindowRules = { daysOff: [], exceptions: [] };

/** The windows one zone offers: the week's, less its days off and unserved windows, with its own capacities. */
export function zoneWindows(week: readonly DeliveryWindowRule[], rules: ZoneWindowRules): DeliveryWindowRule[] {
  const off = new Set(rules.daysOff);
  const byWindow = new Map(rules.exceptions.map((e) => [e.windowId, e]));
  return week.flatMap((w) => {
    const e = byWindow.get(w.id);
    if (off.has(w.weekday) || e?.served === false) return [];
    return [{ ...w, capacity: e?.capacity ?? w.capacity, cutoffMinutes: e?.cutoffMinutes ?? w.cutoffMinutes }];
  });
}

type WindowShape = Pick<DeliveryWindowRule, 'weekday' | 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes'>;

/**
 * The first problem of a week (each window inside opening hours with a sound capacity and cut-off;
 * no two windows one zone is served in overlapping), or null. Windows without an id are new: every
 * zone not off that weekday is served in them.
 */
export function weekProblem(
  week: readonly (WindowShape & { id?: string })[],
  zones: readonly { name: string; rules: ZoneWindowRules }[],
  hours: WeekHours,
): string | null {
  if (week.length > SLOT_LIMITS.maxWindowsPerZone) return `The week can have at most ${SLOT_LIMITS.maxWindowsPerZone} windows.`;
  for (const w of week) {
    const problem = windowProblem(w, hours);
    if (problem) return problem;
  }
  const withIds = week.map((w, i) => ({ ...w, id: w.id ?? `new-${i}` }));
  const overlap = windowsProblem(withIds, hours);
  if (!overlap) return null;
  // Overlapping windows are allowed only where no zone is served in both (as migrated shops may have).
  const problems = zones.flatMap((zone) => {
    const problem = windowsProblem(zoneWindows(withIds, zone.rules), hours);
    return problem ? [`${zone.name}: ${problem}`] : [];
  });
  if (zones.length === 0 || problems.length === zones.length) return overlap;
  return problems[0] ?? null;
}

/** Why a zone's exceptions cannot be saved (a capacity or cut-off out of range), or null. */
export function exceptionsProblem(week: readonly DeliveryWindowRule[], exceptions: readonly ZoneWindowException[]): string | null {
  const known = new Map(week.map((w) => [w.id, w]));
  for (const e of exceptions) {
    const w = known.get(e.windowId);
    if (!w) return 'One of these windows no longer exists; reload the page.';
    const name = `${WEEKDAY_NAMES[w.weekday]!} ${clock24(w.startMinute)}–${clock24(w.endMinute)}`;
    if (e.capacity !== null && (!Number.isInteger(e.capacity) || e.capacity < 1 || e.capacity > SLOT_LIMITS.maxCapacity)) {
      return `${name}: capacity must be a whole number of orders from 1 to ${SLOT_LIMITS.maxCapacity}.`;
    }
    if (
      e.cutoffMinutes !== null &&
      (!Number.isInteger(e.cutoffMinutes) || e.cutoffMinutes < 0 || e.cutoffMinutes > SLOT_LIMITS.maxCutoffMinutes)
    ) {
      return `${name}: the cut-off must be a whole number of minutes from 0 to ${SLOT_LIMITS.maxCutoffMinutes}.`;
    }
  }
  return null;
}
