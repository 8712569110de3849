// Delivery windows: the shop's opening hours (app_settings 'opening_hours'), the windows a zone
// offers (the shop's week less the zone's exceptions) and its closed dates, the slots checkout
// offers, and the hold an order keeps on its window.
//
// A hold counts against its window's capacity in its order's zone while `held`. It is taken in the
// checkout transaction beside the stock reservation and given back with it (order-transitions:
// 'release' and 'sell'). Taking one locks the week's window row (SELECT … FOR UPDATE) and then counts
// the zone's holds for the date, so two checkouts on any instances are serialised on that row and no
// zone's window is ever over its capacity.
//
// Unpaid orders may hold only a share of a window's places (UNPAID_WINDOW_SHARE, unpaidPlaces). An
// order placed when that share is taken, while places are still free, records its window without
// holding it (`held` false, `released_at` null) and takes a place when it is paid, if one is free:
// the first customers to pay get the places, and accounts that never pay cannot fill a window.
import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DEFAULT_WEEK_HOURS, isOpenAt, nextOpening, weekHoursProblem, type DayHours, type WeekHours } from '@/domain/business-hours';
import {
  beforeCutoff,
  closedNotice,
  DELIVERY_DAYS_AHEAD,
  firstFreeSlot,
  formatSlot,
  payFirstNotice,
  preferredFreeSlot,
  slotKey,
  unpaidPlaces,
  upcomingSlots,
  type DeliverySlot,
  type DeliveryWindowRule,
  type UsualWindowTime,
} from '@/domain/delivery-slots';
import { NO_EXCEPTIONS, zoneWindows } from '@/domain/delivery-slots-week';
import { nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import { nairobiParts } from '@/domain/peak-hours';
import type { DbOrTx, Tx } from '../../db/client';
import { appSettings, deliveryWindows, orderDeliveryWindows, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import { loadShopClosedDates, loadWeek, loadZoneClosedDates, loadZoneRules, ruleFromRow } from './delivery-week.service';

export const OPENING_HOURS_SETTING = 'opening_hours';
const DAY_MS = 24 * 60 * 60 * 1000;

const WINDOW_FULL = 'That delivery window is full. Please choose another.';
const WINDOW_GONE = 'That delivery window can no longer be chosen. Please choose another.';
const NO_WINDOW_FREE = 'Every delivery window of the next 7 days is full. Please try again later.';

function isDayHours(v: unknown): v is DayHours {
  if (v === null) return true;
  if (typeof v !== 'object') return false;
  const { opens, closes } = v as { opens?: unknown; closes?: unknown };
  return typeof opens === 'number' && typeof closes === 'number';
}

export async function loadOpeningHours(db: DbOrTx): Promise<WeekHours> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, OPENING_HOURS_SETTING));
  const saved = row?.value;
  if (Array.isArray(saved) && saved.length === 7 && saved.every(isDayHours) && weekHoursProblem(saved) === null) return saved;
  return DEFAULT_WEEK_HOURS;
}

/** Saving hours and saving windows check each other: one at a time, on the setting's row. */
export async function openingHoursLock(tx: Tx): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: OPENING_HOURS_SETTING, value: [...DEFAULT_WEEK_HOURS] })
    .onConflictDoNothing();
  await tx.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, OPENING_HOURS_SETTING)).for('update');
}

/** The windows a zone offers (the week's, less its exceptions) and its closed dates (the shop's and its own). */
export async function loadZoneWindows(db: DbOrTx, zoneId: string): Promise<{ windows: DeliveryWindowRule[]; closedDates: string[] }> {
  const [week, rules, shopClosed, zoneClosed] = await Promise.all([
    loadWeek(db),
    loadZoneRules(db, zoneId),
    loadShopClosedDates(db),
    loadZoneClosedDates(db, zoneId),
  ]);
  const windows = zoneWindows(week, rules.get(zoneId) ?? NO_EXCEPTIONS);
  return { windows, closedDates: [...new Set([...shopClosed, ...zoneClosed])].sort() };
}

/**
 * Whose places a window's holds are counted among: one zone's delivery orders, or the pick-up
 * orders at the shop (a pick-up window's places are the counter's, not a zone's riders').
 */
type WindowScope = { zoneId: string } | 'pickup';

const inScope = (scope: WindowScope) =>
  scope === 'pickup' ? eq(orders.fulfilmentMethod, 'pickup') : eq(orders.deliveryZoneId, scope.zoneId);

/** The scope's holds per slotKey for the given windows from today on. */
async function heldCounts(db: DbOrTx, scope: WindowScope, windowIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (windowIds.length === 0) return new Map();
  const today = nairobiDateKey(now);
  const rows = await db
    .select({ windowId: orderDeliveryWindows.windowId, date: orderDeliveryWindows.deliveryDate, n: count() })
    .from(orderDeliveryWindows)
    .innerJoin(orders, eq(orders.id, orderDeliveryWindows.orderId))
    .where(
      and(
        inArray(orderDeliveryWindows.windowId, [...windowIds]),
        inScope(scope),
        eq(orderDeliveryWindows.held, true),
        gte(orderDeliveryWindows.deliveryDate, today),
        lt(
          orderDeliveryWindows.deliveryDate,
          nairobiDateKey(new Date(nairobiDayStart(today).getTime() + (DELIVERY_DAYS_AHEAD + 1) * DAY_MS)),
        ),
      ),
    )
    .groupBy(orderDeliveryWindows.windowId, orderDeliveryWindows.deliveryDate);
  return new Map(rows.map((r) => [slotKey(r.windowId ?? '', r.date), r.n]));
}

/** The pick-up week and the shop's closed dates (a zone's own closed dates are its riders'). */
async function loadPickupWindows(db: DbOrTx): Promise<{ windows: DeliveryWindowRule[]; closedDates: string[] }> {
  const [windows, closedDates] = await Promise.all([loadWeek(db, 'pickup'), loadShopClosedDates(db)]);
  return { windows, closedDates };
}

const scopeWindows = (db: DbOrTx, scope: WindowScope) => (scope === 'pickup' ? loadPickupWindows(db) : loadZoneWindows(db, scope.zoneId));

async function scopeSlots(db: DbOrTx, scope: WindowScope, now: Date): Promise<DeliverySlot[]> {
  const { windows, closedDates } = await scopeWindows(db, scope);
  const taken = await heldCounts(
    db,
    scope,
    windows.map((w) => w.id),
    now,
  );
  return upcomingSlots({ now, windows, closedDates, taken });
}

export interface CheckoutSlots {
  slots: DeliverySlot[];
  /** The slot chosen first: the soonest with a place left. */
  chosen: { windowId: string; date: string } | null;
  /** Outside opening hours: when the shop opens and the next delivery. */
  closedNotice: string | null;
}

/** What checkout offers for a zone at `now`. */
/** `usual`: the signed-in customer's usual delivery time, chosen first when a window at that time has a place. */
export async function checkoutSlots(db: DbOrTx, zoneId: string, now: Date, usual: UsualWindowTime | null = null): Promise<CheckoutSlots> {
  return slotsAt(db, { zoneId }, now, usual);
}

/** What checkout offers for collection at the shop at `now`. */
export function pickupSlots(db: DbOrTx, now: Date): Promise<CheckoutSlots> {
  return slotsAt(db, 'pickup', now, null);
}

async function slotsAt(db: DbOrTx, scope: WindowScope, now: Date, usual: UsualWindowTime | null): Promise<CheckoutSlots> {
  const [slots, hours] = await Promise.all([scopeSlots(db, scope, now), loadOpeningHours(db)]);
  const first = firstFreeSlot(slots);
  const preferred = preferredFreeSlot(slots, usual);
  return {
    slots,
    chosen: preferred ? { windowId: preferred.windowId, date: preferred.date } : null,
    closedNotice: isOpenAt(now, hours) ? null : closedNotice(now, nextOpening(now, hours), first),
  };
}

/**
 * The week's window row locked for this transaction, as the zone has it (null when the zone is not
 * served in it, or the window is of the other kind), the scope's holds on `date`, and how many of
 * them are unpaid orders'.
 */
async function lockedPlaces(tx: Tx, windowId: string, scope: WindowScope, date: string) {
  const kind = scope === 'pickup' ? 'pickup' : 'delivery';
  const [weekRow] = await tx
    .select()
    .from(deliveryWindows)
    .where(and(eq(deliveryWindows.id, windowId), eq(deliveryWindows.kind, kind)))
    .for('update');
  if (!weekRow) return null;
  const rules = scope === 'pickup' ? null : await loadZoneRules(tx, scope.zoneId);
  const [window] =
    scope === 'pickup' ? [ruleFromRow(weekRow)] : zoneWindows([ruleFromRow(weekRow)], rules?.get(scope.zoneId) ?? NO_EXCEPTIONS);
  if (!window) return null;
  const [row] = await tx
    .select({
      n: count(),
      unpaid: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'failed'))`.mapWith(Number),
    })
    .from(orderDeliveryWindows)
    .innerJoin(orders, eq(orders.id, orderDeliveryWindows.orderId))
    .where(
      and(
        eq(orderDeliveryWindows.windowId, windowId),
        eq(orderDeliveryWindows.deliveryDate, date),
        eq(orderDeliveryWindows.held, true),
        inScope(scope),
      ),
    );
  return { window, held: row?.n ?? 0, unpaidHeld: row?.unpaid ?? 0 };
}

/** A new order's window: the slot, and whether a place is held for it or goes to it only when it is paid. */
export interface WindowHold {
  slot: DeliverySlot;
  held: boolean;
}

/**
 * Holds a window for a new order, in the checkout's transaction: the one the customer chose, or
 * without a choice the soonest one with a place. A zone without windows delivers as before (no hold).
 */
export function holdDeliveryWindow(
  tx: Tx,
  input: { orderId: string; zoneId: string; choice?: { windowId: string; date: string } | null; at: Date; unpaidShare: number },
): Promise<WindowHold | null> {
  return holdWindow(tx, { zoneId: input.zoneId }, input);
}

/** The same for a pick-up order: a pick-up window's place, counted among pick-up orders. */
export function holdPickupWindow(
  tx: Tx,
  input: { orderId: string; choice?: { windowId: string; date: string } | null; at: Date; unpaidShare: number },
): Promise<WindowHold | null> {
  return holdWindow(tx, 'pickup', input);
}

async function holdWindow(
  tx: Tx,
  scope: WindowScope,
  input: { orderId: string; choice?: { windowId: string; date: string } | null; at: Date; unpaidShare: number },
): Promise<WindowHold | null> {
  const { orderId, choice, at, unpaidShare } = input;
  const slots = await scopeSlots(tx, scope, at);
  if (!choice) {
    const { windows } = await scopeWindows(tx, scope);
    if (windows.length === 0) return null;
    for (const slot of slots) {
      if (slot.full) continue;
      const held = await takePlace(tx, orderId, scope, slot, at, unpaidShare);
      if (held !== null) return { slot, held };
    }
    throw new DomainError('conflict', 'NO_DELIVERY_WINDOW', NO_WINDOW_FREE);
  }
  const slot = slots.find((s) => s.windowId === choice.windowId && s.date === choice.date);
  if (!slot) throw new DomainError('conflict', 'DELIVERY_WINDOW_GONE', WINDOW_GONE, { fields: { deliveryWindow: WINDOW_GONE } });
  const held = await takePlace(tx, orderId, scope, slot, at, unpaidShare);
  if (held === null) {
    throw new DomainError('conflict', 'DELIVERY_WINDOW_FULL', WINDOW_FULL, { fields: { deliveryWindow: WINDOW_FULL } });
  }
  return { slot, held };
}

/**
 * Records the order's window when it has a free place: held when unpaid orders still have room in
 * their share, else to be taken at payment (false). Null when the window is full or gone.
 */
async function takePlace(
  tx: Tx,
  orderId: string,
  scope: WindowScope,
  slot: DeliverySlot,
  at: Date,
  unpaidShare: number,
): Promise<boolean | null> {
  const places = await lockedPlaces(tx, slot.windowId, scope, slot.date);
  if (!places || places.held >= places.window.capacity) return null;
  // Checked again under the lock: the window may have been edited since the slots were read.
  if (nairobiParts(nairobiDayStart(slot.date)).weekday !== places.window.weekday || !beforeCutoff(at, slot.date, places.window)) {
    return null;
  }
  const held = places.unpaidHeld < unpaidPlaces(places.window.capacity, unpaidShare);
  await tx.insert(orderDeliveryWindows).values({
    orderId,
    windowId: slot.windowId,
    deliveryDate: slot.date,
    startMinute: places.window.startMinute,
    endMinute: places.window.endMinute,
    held,
    createdAt: at,
  });
  return held;
}

/** What checkout tells the customer when the order's window is theirs only once they pay, else null. */
export async function windowNotice(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(orderDeliveryWindows)
    .where(and(eq(orderDeliveryWindows.orderId, orderId), eq(orderDeliveryWindows.held, false), isNull(orderDeliveryWindows.releasedAt)));
  return row ? payFirstNotice(formatSlot(row.deliveryDate, row.startMinute, row.endMinute)) : null;
}

/** Gives an order's place back (with its stock reservation); a place it was to take at payment ends too. */
export async function releaseDeliveryWindow(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx
    .update(orderDeliveryWindows)
    .set({ held: false, releasedAt: at })
    .where(and(eq(orderDeliveryWindows.orderId, orderId), isNull(orderDeliveryWindows.releasedAt)));
}

/** Why a paid order has no place in its window, for the merchant. */
export interface WindowLost {
  reason: string;
  /** The order had held a place and given it back (paid after its reservation expired). */
  afterRelease: boolean;
}

/**
 * On payment: an order without a place (it was to take one at payment, or gave its place back when
 * its reservation expired) takes one when the window has one; otherwise the order keeps its window
 * and the merchant is told why.
 */
export async function confirmDeliveryWindow(tx: Tx, orderId: string): Promise<WindowLost | null> {
  const [found] = await tx
    .select({ hold: orderDeliveryWindows, zoneId: orders.deliveryZoneId, method: orders.fulfilmentMethod })
    .from(orderDeliveryWindows)
    .innerJoin(orders, eq(orders.id, orderDeliveryWindows.orderId))
    .where(eq(orderDeliveryWindows.orderId, orderId));
  if (!found || found.hold.held) return null;
  const { hold, zoneId, method } = found;
  const label = formatSlot(hold.deliveryDate, hold.startMinute, hold.endMinute);
  const scope: WindowScope | null = method === 'pickup' ? 'pickup' : zoneId ? { zoneId } : null;
  const places = hold.windowId && scope ? await lockedPlaces(tx, hold.windowId, scope, hold.deliveryDate) : null;
  if (places && places.held < places.window.capacity) {
    await tx.update(orderDeliveryWindows).set({ held: true, releasedAt: null }).where(eq(orderDeliveryWindows.orderId, orderId));
    return null;
  }
  return hold.releasedAt
    ? { reason: `the delivery window ${label} is full: agree another time with the customer`, afterRelease: true }
    : {
        reason: `the delivery window ${label} filled with paid orders before this one was paid: agree another time with the customer`,
        afterRelease: false,
      };
}

export interface OrderWindow {
  /** 'YYYY-MM-DD', Nairobi. */
  date: string;
  startMinute: number;
  endMinute: number;
  /** 'Thu 27 Nov, 10:00–12:00' */
  label: string;
}

/** An order's chosen delivery window, or null (placed before windows, or in a zone without them). */
export async function orderDeliveryWindow(db: DbOrTx, orderId: string): Promise<OrderWindow | null> {
  const [row] = await db
    .select({
      date: orderDeliveryWindows.deliveryDate,
      startMinute: orderDeliveryWindows.startMinute,
      endMinute: orderDeliveryWindows.endMinute,
    })
    .from(orderDeliveryWindows)
    .where(eq(orderDeliveryWindows.orderId, orderId));
  return row ? { ...row, label: formatSlot(row.date, row.startMinute, row.endMinute) } : null;
}
