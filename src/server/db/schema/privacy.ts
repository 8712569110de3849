// The customer's consents and data requests (docs/decisions/068-kiswahili-and-data-rights.md).
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

export const CONSENT_KINDS = ['newsletter', 'cart_reminders', 'order_sms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Every consent given or withdrawn, with when and where (the current choice is kept where it is read). */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** Given without an account: the newsletter's email, a guest's or an SMS STOP's phone. */
    email: text('email'),
    phone: text('phone'),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    granted: boolean('granted').notNull(),
    /** Where it was given or withdrawn: 'sign-up', 'checkout', 'profile', 'newsletter-form', 'sms-stop', … */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consents_kind_check', sql`${t.kind} in ('newsletter', 'cart_reminders', 'order_sms')`),
    check('consents_who_check', sql`${t.userId} IS NOT NULL OR ${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    index('consents_user_idx').on(t.userId, t.createdAt),
  ],
);

export const DATA_REQUEST_KINDS = ['export', 'deletion'] as const;

/** The back office's log of exports and deletions: the account by its id only, so it outlives a deletion. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check('data_requests_kind_check', sql`${t.kind} in ('export', 'deletion')`),
    index('data_requests_requested_idx').on(t.requestedAt),
  ],
);
