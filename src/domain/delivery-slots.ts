// Delivery windows: per zone and weekday, a time range inside the shop's opening hours with a
// capacity (orders) and a cut-off (minutes before it starts, after which it can no longer be chosen),
// except on the zone's closed dates. A slot is one window on one date; checkout offers the slots of
// today and the next days (at most DELIVERY_DAYS_AHEAD), all in Nairobi time.
import { clock12, clock24, WEEKDAY_NAMES, type WeekHours } from './business-hours';
import { formatDate } from './dates';
import { nairobiDateKey, nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

/** Today and the six days after it. */
export const DELIVERY_DAYS_AHEAD = 7;

export const SLOT_LIMITS = { maxCapacity: 500, maxCutoffMinutes: 24 * 60, maxWindowsPerZone: 70, maxClosedDates: 100 } as const;

export interface DeliveryWindowRule {
  id: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes after midnight, Nairobi time. */
  startMinute: number;
  endMinute: number;
  capacity: number;
  cutoffMinutes: number;
}

export interface DeliverySlot {
  windowId: string;
  /** 'YYYY-MM-DD', Nairobi. */
  date: string;
  startMinute: number;
  endMinute: number;
  /** 'Thu 27 Nov, 10:00–12:00' */
  label: string;
  /** Places left; 0 is full. */
  left: number;
  full: boolean;
}

/**
 * How many of a window's places unpaid orders may hold at once: `sharePercent` of its capacity,
 * rounded down. The other places go to whoever pays first, so accounts that never pay cannot fill a
 * window however many of them there are.
 */
export function unpaidPlaces(capacity: number, sharePercent: number): number {
  return Math.floor((capacity * sharePercent) / 100);
}

/** What checkout tells a customer whose window had no place left for unpaid orders. */
export function payFirstNotice(label: string): string {
  return `Places in ${label} go to the customers who pay first: pay now and the place is yours.`;
}

/** The key of one slot in the `taken` map: '<window id>|<date>'. */
export const slotKey = (windowId: string, date: string) => `${windowId}|${date}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Thu 27 Nov, 10:00–12:00': how every screen, mail and SMS names an order's window. */
export function formatSlot(date: string, startMinute: number, endMinute: number): string {
  const start = nairobiDayStart(date);
  const weekday = SHORT_DAYS[nairobiParts(start).weekday]!;
  const dayMonth = formatDate(start).replace(/ \d{4}$/, '');
  return `${weekday} ${dayMonth}, ${clock24(startMinute)}–${clock24(endMinute)}`;
}

/** The instant a slot starts. */
function slotStart(date: string, startMinute: number): Date {
  return new Date(nairobiDayStart(date).getTime() + startMinute * 60_000);
}

/** Whether a slot can still be chosen at `now`: before its cut-off. */
export function beforeCutoff(now: Date, date: string, window: Pick<DeliveryWindowRule, 'startMinute' | 'cutoffMinutes'>): boolean {
  return now.getTime() < slotStart(date, window.startMinute).getTime() - window.cutoffMinutes * 60_000;
}

/**
 * The slots a customer may see at `now`, soonest first: today's windows still before their cut-off,
 * then the next days', leaving out the zone's closed dates. `taken` counts the holds per slotKey.
 */
export function upcomingSlots(input: {
  now: Date;
  windows: readonly DeliveryWindowRule[];
  closedDates: readonly string[];
  taken: ReadonlyMap<string, number>;
  days?: number;
}): DeliverySlot[] {
  const { now, windows, taken } = input;
  const closed = new Set(input.closedDates);
  const todayStart = nairobiDayStart(nairobiDateKey(now)).getTime();
  const slots: DeliverySlot[] = [];
  for (let d = 0; d < (input.days ?? DELIVERY_DAYS_AHEAD); d++) {
    const date = nairobiDateKey(new Date(todayStart + d * DAY_MS + 12 * 60 * 60 * 1000));
    if (closed.has(date)) continue;
    const weekday = nairobiParts(nairobiDayStart(date)).weekday;
    const today = windows.filter((w) => w.weekday === weekday).sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
    for (const w of today) {
      if (!beforeCutoff(now, date, w)) continue;
      const left = Math.max(0, w.capacity - (taken.get(slotKey(w.id, date)) ?? 0));
      slots.push({
        windowId: w.id,
        date,
        startMinute: w.startMinute,
        endMinute: w.endMinute,
        label: formatSlot(date, w.startMinute, w.endMinute),
        left,
        full: left === 0,
      });
    }
  }
  return slots;
}

/** The slot checkout chooses first: the soonest one with a place left. */
export function firstFreeSlot(slots: readonly DeliverySlot[]): DeliverySlot | null {
  return slots.find((s) => !s.full) ?? null;
}

/** A customer's usual delivery time: the time of day of the window she last picked. */
export interface UsualWindowTime {
  startMinute: number;
  endMinute: number;
}

/** '16:00–18:00': a usual delivery time on the profile. */
export const formatWindowTime = (t: UsualWindowTime) => `${clock24(t.startMinute)}–${clock24(t.endMinute)}`;

/** The soonest free window at the customer's usual time of day, else the soonest free one. */
export function preferredFreeSlot(slots: readonly DeliverySlot[], usual: UsualWindowTime | null): DeliverySlot | null {
  const atUsualTime = usual && slots.find((s) => !s.full && s.startMinute === usual.startMinute && s.endMinute === usual.endMinute);
  return atUsualTime || firstFreeSlot(slots);
}

/** Why a window cannot be saved as it is, or null. Windows must lie inside the day's opening hours. */
export function windowProblem(
  w: Pick<DeliveryWindowRule, 'weekday' | 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes'>,
  hours: WeekHours,
): string | null {
  const day = WEEKDAY_NAMES[w.weekday];
  if (!day) return 'Choose a day of the week.';
  if (w.endMinute <= w.startMinute) return `${day} ${clock24(w.startMinute)}–${clock24(w.endMinute)}: a window must end after it starts.`;
  if (!Number.isInteger(w.capacity) || w.capacity < 1 || w.capacity > SLOT_LIMITS.maxCapacity) {
    return `Capacity must be a whole number of orders from 1 to ${SLOT_LIMITS.maxCapacity}.`;
  }
  if (!Number.isInteger(w.cutoffMinutes) || w.cutoffMinutes < 0 || w.cutoffMinutes > SLOT_LIMITS.maxCutoffMinutes) {
    return `The cut-off must be a whole number of minutes from 0 to ${SLOT_LIMITS.maxCutoffMinutes}.`;
  }
  const open = hours[w.weekday];
  const range = `${day} ${clock24(w.startMinute)}–${clock24(w.endMinute)}`;
  if (!open) return `${range} is outside opening hours: the shop is closed on ${day}.`;
  if (w.startMinute < open.opens || w.endMinute > open.closes) {
    return `${range} is outside opening hours (${day} ${clock12(open.opens)}-${clock12(open.closes)}).`;
  }
  return null;
}

/** The first problem among a zone's windows (each inside opening hours, none overlapping on a day), or null. */
export function windowsProblem(
  windows: readonly Pick<DeliveryWindowRule, 'weekday' | 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes'>[],
  hours: WeekHours,
): string | null {
  if (windows.length > SLOT_LIMITS.maxWindowsPerZone) return `A zone can have at most ${SLOT_LIMITS.maxWindowsPerZone} windows.`;
  for (const w of windows) {
    const problem = windowProblem(w, hours);
    if (problem) return problem;
  }
  const sorted = [...windows].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.weekday === b.weekday && b.startMinute < a.endMinute) {
      return `${WEEKDAY_NAMES[a.weekday]!} ${clock24(b.startMinute)}–${clock24(b.endMinute)} overlaps ${clock24(a.startMinute)}–${clock24(a.endMinute)}.`;
    }
  }
  return null;
}

/** 'today', 'tomorrow' or the weekday's name of a moment, as seen from now (both in Nairobi). */
function dayWord(at: Date, now: Date): string {
  const days = Math.round((nairobiDayStart(nairobiDateKey(at)).getTime() - nairobiDayStart(nairobiDateKey(now)).getTime()) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return WEEKDAY_NAMES[nairobiParts(at).weekday]!;
}

/** What checkout says outside opening hours: when the shop opens ('today', 'tomorrow' or the day) and the next delivery. */
export function closedNotice(now: Date, opensAt: Date | null, next: DeliverySlot | null): string {
  const opens = opensAt
    ? `We are closed now and open ${dayWord(opensAt, now)} at ${clock12(nairobiParts(opensAt).hour * 60 + nairobiParts(opensAt).minute)}.`
    : 'We are closed now.';
  return next ? `${opens} The next delivery is ${next.label}.` : opens;
}

/** The windows a new shop's zones start with (as migration 0020 gave the zones it found). */
export const DEFAULT_ZONE_WINDOWS: readonly Omit<DeliveryWindowRule, 'id'>[] = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) =>
    [600, 720, 840, 960].map((startMinute) => ({ weekday, startMinute, endMinute: startMinute + 120, capacity: 20, cutoffMinutes: 60 })),
  ),
  ...[600, 720].map((startMinute) => ({ weekday: 6, startMinute, endMinute: startMinute + 120, capacity: 20, cutoffMinutes: 60 })),
];
