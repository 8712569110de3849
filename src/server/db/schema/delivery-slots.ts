import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deliveryZones, orders } from './orders';

/** A zone's delivery window on one weekday (0 = Sunday), in minutes after midnight, Nairobi time. */
export const deliveryWindows = pgTable(
  'delivery_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    capacity: integer('capacity').notNull(),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(60),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'delivery_windows_time_check',
      sql`${t.weekday} between 0 and 6 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute}`,
    ),
    check('delivery_windows_capacity_check', sql`${t.capacity} > 0 and ${t.cutoffMinutes} >= 0`),
    index('delivery_windows_zone_idx').on(t.zoneId, t.weekday),
  ],
);

/** Days a zone delivers nothing (public holidays). */
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
 * `held` counts against the window's capacity; it is taken with the order's stock reservation and
 * given back with it.
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
