// KRA eTIMS: the shop's control-unit device, the items it registered, and the tax invoices (sales
// and credit notes) it declares. Tax invoices are one kind of the outbox (the shared columns id,
// status, attempts, next_attempt_at, created_at, sent_at, error), sent strictly in number order.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { money } from './money-column';
import { orders, paymentRefunds } from './orders';

/** One row per device KRA issued (PIN + branch + serial): initialised once, its key kept here. */
export const etimsDevices = pgTable(
  'etims_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tin: text('tin').notNull(),
    bhfId: text('bhf_id').notNull(),
    dvcSrlNo: text('dvc_srl_no').notNull(),
    /** What initialisation answered; null until it succeeded. */
    dvcId: text('dvc_id'),
    sdcId: text('sdc_id'),
    mrcNo: text('mrc_no'),
    cmcKey: text('cmc_key'),
    taxpayerName: text('taxpayer_name'),
    branchName: text('branch_name'),
    initialisedAt: timestamp('initialised_at', { withTimezone: true }),
    /** The next invcNo KRA expects from this device: moves only when KRA accepts one. */
    nextInvcNo: integer('next_invc_no').notNull().default(1),
    /** The running number of the next item code registered from this device. */
    nextItemSeq: integer('next_item_seq').notNull().default(1),
    /** KRA's code lists and item classes, cached; refreshed daily. */
    codeLists: jsonb('code_lists'),
    itemClasses: jsonb('item_classes'),
    codesRefreshedAt: timestamp('codes_refreshed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etims_devices_identity_idx').on(t.tin, t.bhfId, t.dvcSrlNo)],
);

/** A product (or the delivery service) as an item registered at KRA from one device. */
export const etimsItems = pgTable(
  'etims_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => etimsDevices.id, { onDelete: 'cascade' }),
    /** 'product:<product id>' or 'delivery'. */
    itemKey: text('item_key').notNull(),
    productId: uuid('product_id').references(() => products.id),
    itemCd: text('item_cd').notNull(),
    itemClsCd: text('item_cls_cd').notNull(),
    itemTyCd: text('item_ty_cd').notNull(),
    pkgUnitCd: text('pkg_unit_cd').notNull(),
    qtyUnitCd: text('qty_unit_cd').notNull(),
    taxTyCd: text('tax_ty_cd').notNull(),
    itemNm: text('item_nm').notNull(),
    /** When KRA accepted the registration; null while it is still to be sent. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etims_items_key_idx').on(t.deviceId, t.itemKey), uniqueIndex('etims_items_code_idx').on(t.deviceId, t.itemCd)],
);

/** The shop's tax-invoice number counter: one row, taken `for update` by the transaction that issues one. */
export const taxInvoiceCounter = pgTable('tax_invoice_counter', {
  id: integer('id').primaryKey(),
  nextNumber: integer('next_number').notNull(),
});

export const TAX_INVOICE_STATUSES = ['queued', 'failed', 'sent', 'refused'] as const;
export type TaxInvoiceStatus = (typeof TAX_INVOICE_STATUSES)[number];

export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop's own number, gap-free and never reused, given in the transaction that paid or refunded. */
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['sale', 'credit_note'] }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's sale. */
    originalInvoiceId: uuid('original_invoice_id').references((): AnyPgColumn => taxInvoices.id),
    /** A credit note's refund (migration 0039): it credits that refund's lines. Null before: the whole order. */
    refundId: uuid('refund_id').references(() => paymentRefunds.id),
    /** queued, failed (tried again), sent (signed by KRA), refused (KRA said no: the merchant fixes and sends again). */
    status: text('status', { enum: TAX_INVOICE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    /** What the customer paid (a sale) or got back (a credit note), for the back office. */
    total: money('total').notNull(),
    /** KRA's invoice number from the device's sequence: set when first sent, kept until KRA answers. */
    deviceId: uuid('device_id').references(() => etimsDevices.id),
    invcNo: integer('invc_no'),
    /** KRA's result code and message of the last answer (a refusal's reason). */
    resultCode: text('result_code'),
    resultMessage: text('result_message'),
    /** The request as last sent, and the signed result. */
    request: jsonb('request'),
    curRcptNo: integer('cur_rcpt_no'),
    totRcptNo: integer('tot_rcpt_no'),
    intrlData: text('intrl_data'),
    rcptSign: text('rcpt_sign'),
    sdcDateTime: timestamp('sdc_date_time', { withTimezone: true }),
    sdcId: text('sdc_id'),
    mrcNo: text('mrc_no'),
    /** Printed on the receipt: '<sdcId>/<curRcptNo>'. */
    cuInvoiceNo: text('cu_invoice_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('tax_invoices_status_check', sql`${t.status} in ('queued', 'failed', 'sent', 'refused')`),
    check('tax_invoices_kind_check', sql`${t.kind} in ('sale', 'credit_note')`),
    uniqueIndex('tax_invoices_number_idx').on(t.number),
    check('tax_invoices_refund_check', sql`${t.kind} = 'credit_note' or ${t.refundId} is null`),
    // One sale per order, one credit note per refund.
    uniqueIndex('tax_invoices_order_sale_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex('tax_invoices_refund_idx')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('tax_invoices_order_kind_idx').on(t.orderId, t.kind),
    // Migration 0046: a month's invoices, for the VAT figures.
    index('tax_invoices_created_idx').on(t.createdAt),
    uniqueIndex('tax_invoices_device_invc_no_idx')
      .on(t.deviceId, t.invcNo)
      .where(sql`${t.invcNo} is not null`),
    index('tax_invoices_unsent_idx')
      .on(t.number)
      .where(sql`${t.status} in ('queued', 'failed')`),
  ],
);
