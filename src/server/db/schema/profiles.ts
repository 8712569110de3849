import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ROLES } from '../../../domain/staff-roles';
import { LOCALES } from '../../../domain/locale';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    phone: text('phone'),
    address: text('address'),
    /** customer, owner, staff or rider (src/domain/staff-roles.ts). */
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    /** 'Send me SMS updates' about orders (never marketing), and when the customer last chose. */
    smsUpdates: boolean('sms_updates').notNull().default(true),
    smsUpdatesAt: timestamp('sms_updates_at', { withTimezone: true }),
    /** 'Remind me of a cart I leave': one SMS for a cart left for hours (off until she turns it on), and when last chosen. */
    cartReminders: boolean('cart_reminders').notNull().default(false),
    cartRemindersAt: timestamp('cart_reminders_at', { withTimezone: true }),
    /** A business customer's KRA PIN and business name for invoices in the business's name (null: none). */
    kraPin: text('kra_pin'),
    businessName: text('business_name'),
    /** The time of day of the delivery window last picked at checkout (minutes after Nairobi midnight): offered first next time. */
    preferredWindowStart: integer('preferred_window_start'),
    preferredWindowEnd: integer('preferred_window_end'),
    /** The language of her pages, SMS and mail: 'en' or 'sw' (src/domain/locale.ts). */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_role_check', sql`${t.role} in ('customer', 'owner', 'staff', 'rider')`),
    check('profiles_locale_check', sql`${t.locale} in ('en', 'sw')`),
    check('profiles_kra_pin_check', sql`${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check(
      'profiles_preferred_window_check',
      sql`(${t.preferredWindowStart} is null) = (${t.preferredWindowEnd} is null) and ${t.preferredWindowStart} >= 0 and ${t.preferredWindowEnd} <= 1440 and ${t.preferredWindowEnd} > ${t.preferredWindowStart}`,
    ),
  ],
);
