import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money } from './money-column';
import { deliveryZones, orders } from './orders';

/**
 * The shop's week of delivery windows, the same for every zone: a weekday (0 = Sunday), minutes after
 * midnight Nairobi time, and the places each zone has in it on one date (`capacity`) unless the
 * zone's exception says otherwise.
 */
export const deliveryWindows = pgTable(
  'delivery_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    capacity: integer('capacity').notNull(),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(60),
    /** 'delivery': the week every zone is served in; 'pickup': collection at the shop (no zone). */
    kind: text('kind', { enum: ['delivery', 'pickup'] })
      .notNull()
      .default('delivery'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'delivery_windows_time_check',
      sql`${t.weekday} between 0 and 6 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute}`,
    ),
    check('delivery_windows_capacity_check', sql`${t.capacity} > 0 and ${t.cutoffMinutes} >= 0`),
    check('delivery_windows_kind_check', sql`${t.kind} in ('delivery', 'pickup')`),
    index('delivery_windows_weekday_idx').on(t.weekday, t.startMinute),
  ],
);

/**
 * A zone's exception to one window of the week: not served (`served` false), or served with its own
 * capacity and/or cut-off (null: the week's).
 */
export const deliveryWindowZones = pgTable(
  'delivery_window_zones',
  {
    windowId: uuid('window_id')
      .notNull()
      .references(() => deliveryWindows.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    served: boolean('served').notNull().default(true),
    capacity: integer('capacity'),
    cutoffMinutes: integer('cutoff_minutes'),
  },
  (t) => [
    primaryKey({ columns: [t.windowId, t.zoneId] }),
    check(
      'delivery_window_zones_check',
      sql`(${t.capacity} is null or ${t.capacity} > 0) and (${t.cutoffMinutes} is null or ${t.cutoffMinutes} >= 0)`,
    ),
    index('delivery_window_zones_zone_idx').on(t.zoneId),
  ],
);

/** Weekdays a zone is not served at all, whatever windows the week has on them. */
export const deliveryZoneDaysOff = pgTable(
  'delivery_zone_days_off',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.weekday] }), check('delivery_zone_days_off_weekday_check', sql`${t.weekday} between 0 and 6`)],
);

/** Days the whole shop delivers nothing (public holidays). */
export const deliveryShopClosedDates = pgTable('delivery_shop_closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
});

/** Days one zone delivers nothing, besides the shop's closed dates. */
export const deliveryClosedDates = pgTable(
  'delivery_closed_dates',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.date] })],
);

/**
 * An order's chosen window, copied (date, start, end) so later edits of the window do not move it.
 * `held` counts against the window's capacity in the order's zone (orders.delivery_zone_id); it is
 * taken with the order's stock reservation and given back with it.
 */
export const orderDeliveryWindows = pgTable(
  'order_delivery_windows',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    windowId: uuid('window_id').references(() => deliveryWindows.id, { onDelete: 'set null' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    held: boolean('held').notNull().default(true),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_delivery_windows_held_idx')
      .on(t.windowId, t.deliveryDate)
      .where(sql`${t.held}`),
    index('order_delivery_windows_date_idx').on(t.deliveryDate, t.startMinute),
  ],
);

/** The end-of-day cash-up: the cash each rider handed in for a day, as the owner or staff counted it. */
export const riderCashUps = pgTable(
  'rider_cash_ups',
  {
    riderId: text('rider_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    cashReceived: money('cash_received').notNull(),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'rider_cash_ups_pkey', columns: [t.riderId, t.day] }),
    check('rider_cash_ups_cash_check', sql`${t.cashReceived} >= 0`),
  ],
);
