// A signed-in customer's cart as the server keeps it (docs/decisions/059-saved-carts-and-reminders.md):
// it follows her from one device to the next, and a cart left for hours may bring one reminder SMS.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SavedCartLine } from '../../../domain/saved-cart';
import { user } from './auth';
import { money } from './money-column';

export const savedCarts = pgTable(
  'saved_carts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<SavedCartLine[]>().notNull().default([]),
    /** What the lines cost at the last save (today's prices are read again when shown). */
    value: money('value').notNull().default(0),
    /** When the cart last went from empty to holding something; null while empty. One reminder per such start. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its reminder SMS was queued; null: none yet for this start. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    check('saved_carts_value_check', sql`${t.value} >= 0`),
    index('saved_carts_waiting_idx')
      .on(t.updatedAt)
      .where(sql`${t.startedAt} is not null`),
  ],
);
