// Promotions (src/domain/promotions.ts) and their uses. A use is taken with the order's stock when
// the order is placed, counted under the promotion's row lock so the last use goes to one order
// only, and given back when the unpaid order lapses or is cancelled (order-stock-effects.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROMOTION_KINDS, PROMOTION_SCOPES } from '../../../domain/promotions';
import { user } from './auth';
import { money } from './money-column';
import { orders } from './orders';

export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; null for an automatic offer. */
    code: text('code'),
    name: text('name').notNull(),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    /** percent: whole percent 1–100; fixed: integer cents; free_delivery: 0. */
    value: integer('value').notNull().default(0),
    minimumSpend: money('minimum_spend').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    perCustomerLimit: integer('per_customer_limit'),
    totalLimit: integer('total_limit'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Nairobi weekdays, 0 = Sunday; empty for every day. */
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'`),
    scope: text('scope', { enum: PROMOTION_SCOPES }).notNull().default('all'),
    /** Product ids, variant ids or category slugs, as the scope says. */
    scopeIds: text('scope_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_code_idx')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    check('promotions_kind_check', sql`${t.kind} in ('percent', 'fixed', 'free_delivery')`),
    check('promotions_scope_check', sql`${t.scope} in ('all', 'products', 'variants', 'categories')`),
    check(
      'promotions_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_delivery' and ${t.value} = 0)`,
    ),
    check(
      'promotions_limits_check',
      sql`${t.minimumSpend} >= 0 and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0) and (${t.totalLimit} is null or ${t.totalLimit} > 0)`,
    ),
    check('promotions_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    /** What the promotion took off the order (0 for free delivery's lines; the waived fee is not counted). */
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_order_idx').on(t.orderId),
    index('promotion_redemptions_promotion_user_idx').on(t.promotionId, t.userId),
    check('promotion_redemptions_amount_check', sql`${t.amount} >= 0`),
  ],
);
