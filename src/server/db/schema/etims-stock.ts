// Stock reported to KRA eTIMS: one declaration per stock movement KRA is told of (insertStockIO, then
// saveStockMaster with the item's resulting quantity), queued in the movement's transaction and sent
// in sarNo order through the outbox (the shared columns id, status, attempts, next_attempt_at,
// created_at, sent_at, error). Migration 0036; docs/decisions/044-stock-reported-to-kra.md.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STOCK_UNITS } from '../../../domain/stock-units';
import { products, stockMovements } from './catalog';
import { money } from './money-column';
import { orders } from './orders';
import { etimsDevices } from './tax-invoices';

/** The sarNo counter: one row, taken (UPDATE, locked to the commit) by the transaction that moves stock. */
export const etimsStockCounter = pgTable('etims_stock_counter', {
  id: integer('id').primaryKey(),
  nextSarNo: integer('next_sar_no').notNull(),
});

export const STOCK_DECLARATION_STATUSES = ['queued', 'failed', 'sent'] as const;

export const etimsStockMoves = pgTable(
  'etims_stock_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** KRA's stored/released number: gap-free, in the order the movements committed. */
    sarNo: integer('sar_no').notNull(),
    /** The ledger row declared; null for the stock a product held when reporting began (migration 0036). */
    stockMovementId: uuid('stock_movement_id').references(() => stockMovements.id),
    /** The KRA item: the product (its variants are one item at KRA). */
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** A sale's or a refund's order: its stock declaration follows the order's invoice (decision 044). */
    orderId: uuid('order_id').references(() => orders.id),
    /** KRA's stock in/out type (class 12), from src/domain/kra-stock-types.ts. */
    sarTyCd: text('sar_ty_cd').notNull(),
    /** Units moved (positive; the type says in or out), and what KRA then holds of the item. */
    quantity: integer('quantity').notNull(),
    rsdQty: integer('rsd_qty').notNull(),
    /** The item declared (migration 0040): the product in pieces, or in kg (quantity and rsdQty in grams). */
    unit: text('unit', { enum: STOCK_UNITS }).notNull().default('piece'),
    /** The variant's price (VAT included) when it moved, or the price of one kg for the item in kg: KRA wants non-zero amounts. */
    unitPrice: money('unit_price').notNull(),
    remark: text('remark'),
    status: text('status', { enum: STOCK_DECLARATION_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    /** The device declared to, and when KRA accepted the stock IO (the stock master follows). */
    deviceId: uuid('device_id').references(() => etimsDevices.id),
    ioAcceptedAt: timestamp('io_accepted_at', { withTimezone: true }),
    /** KRA's answer to the last failed call, and the stock IO as last sent. */
    resultCode: text('result_code'),
    resultMessage: text('result_message'),
    request: jsonb('request'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('etims_stock_moves_status_check', sql`${t.status} in ('queued', 'failed', 'sent')`),
    check('etims_stock_moves_quantity_check', sql`${t.quantity} > 0`),
    check('etims_stock_moves_unit_check', sql`${t.unit} in ('piece', 'kg')`),
    uniqueIndex('etims_stock_moves_sar_no_idx').on(t.sarNo),
    uniqueIndex('etims_stock_moves_movement_idx')
      .on(t.stockMovementId)
      .where(sql`${t.stockMovementId} is not null`),
    index('etims_stock_moves_product_idx').on(t.productId, t.sarNo),
    index('etims_stock_moves_unsent_idx')
      .on(t.sarNo)
      .where(sql`${t.status} in ('queued', 'failed')`),
  ],
);
