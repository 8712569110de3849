import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { products, productVariants } from './catalog';
import { money } from './money-column';
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES, type PaymentStatus } from '../../../domain/order-status';
import { TAX_BANDS } from '../../../domain/tax-bands';
import { IF_UNAVAILABLE } from '../../../domain/line-choices';

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    minKm: numeric('min_km', { precision: 7, scale: 2 }).notNull(),
    maxKm: numeric('max_km', { precision: 7, scale: 2 }).notNull(),
    baseFee: money('base_fee').notNull(),
    perKmRate: money('per_km_rate').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull().default(30),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_zones_range_check', sql`${t.minKm} >= 0 and ${t.maxKm} > ${t.minKm}`),
    check('delivery_zones_fee_check', sql`${t.baseFee} >= 0 and ${t.perKmRate} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    // Typed by the domain's vocabularies; only src/server/features/orders/order-transitions.ts writes them.
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    fulfilmentStatus: text('fulfilment_status', { enum: FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    subtotal: money('subtotal').notNull(),
    vat: money('vat').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    /** The delivery fee's VAT band and its rate (basis points) when the order was placed. */
    deliveryFeeTaxBand: text('delivery_fee_tax_band', { enum: TAX_BANDS }).notNull().default('D'),
    deliveryFeeTaxRateBp: integer('delivery_fee_tax_rate_bp').notNull().default(0),
    totalAmount: money('total_amount').notNull(),
    /** Priced with 'Prices include VAT': subtotal and fee hold the VAT, total = subtotal + fee (vat is inside). */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    currency: text('currency').notNull().default('KES'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    // For the rider: house, apartment or building, and directions (gate, landmark, when to call).
    deliveryBuilding: text('delivery_building'),
    deliveryDirections: text('delivery_directions'),
    /** The customer's note for the shop, plain text; '' for none. */
    customerNote: text('customer_note').notNull().default(''),
    deliveryLatitude: doublePrecision('delivery_latitude'),
    deliveryLongitude: doublePrecision('delivery_longitude'),
    deliveryDistanceKm: numeric('delivery_distance_km', { precision: 7, scale: 2 }),
    deliveryZoneId: uuid('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    deliveryZoneName: text('delivery_zone_name'),
    estimatedDeliveryMins: integer('estimated_delivery_mins'),
    // The tracking id of the current payment attempt at Pesapal.
    pesapalTransactionId: text('pesapal_transaction_id'),
    // The status of the current payment attempt (null before any), kept by the database's triggers
    // (migration 0026) whenever an attempt or the pointer above changes: never written by the app.
    paymentStatus: text('payment_status').$type<PaymentStatus>(),
    // Payment attempts numbered so far (merchant reference ORD-<id>-<n>); only ever goes up, so a
    // reference is never sent twice, even when an attempt that may have reached Pesapal is dropped.
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    needsAttention: boolean('needs_attention').notNull().default(false),
    attentionReason: text('attention_reason'),
    cancelledReason: text('cancelled_reason'),
    /**
     * Cancelled while a payment attempt could still complete (an M-Pesa payment in flight that
     * Pesapal would not cancel): the customer is told only once that attempt's end is known.
     */
    cancelNoticeDue: boolean('cancel_notice_due').notNull().default(false),
    /** When the payment that completed the order was applied: revenue is counted on this day. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the receipt's print view was first issued to the customer: that one is the original, later ones say COPY. */
    receiptIssuedAt: timestamp('receipt_issued_at', { withTimezone: true }),
    /** The same for the receipt as a PDF (A4 or 80 mm): one original per document. */
    receiptPdfIssuedAt: timestamp('receipt_pdf_issued_at', { withTimezone: true }),
    /** The customer's 'Send me SMS updates' choice at checkout, and when it was given. */
    smsUpdates: boolean('sms_updates').notNull().default(true),
    smsUpdatesAt: timestamp('sms_updates_at', { withTimezone: true }),
    /** A business buyer's KRA PIN and business name, copied from the checkout (null: a consumer sale). */
    buyerKraPin: text('buyer_kra_pin'),
    buyerBusinessName: text('buyer_business_name'),
    /** The rider carrying the order (an account with the rider role), and since when. */
    riderId: text('rider_id').references(() => user.id, { onDelete: 'set null' }),
    riderAssignedAt: timestamp('rider_assigned_at', { withTimezone: true }),
    /** The rider's last 'Could not deliver' and why; cleared when the order is assigned again. */
    deliveryFailedAt: timestamp('delivery_failed_at', { withTimezone: true }),
    deliveryFailedReason: text('delivery_failed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_rider_idx')
      .on(t.riderId)
      .where(sql`${t.riderId} is not null`),
    check('orders_status_check', sql`${t.status} in ('pending', 'completed', 'failed', 'cancelled', 'refund_requested')`),
    check('orders_fulfilment_check', sql`${t.fulfilmentStatus} in ('unfulfilled', 'processing', 'out_for_delivery', 'delivered')`),
    check(
      'orders_delivery_fee_tax_band_check',
      sql`${t.deliveryFeeTaxBand} in ('A', 'B', 'C', 'D', 'E') and ${t.deliveryFeeTaxRateBp} >= 0`,
    ),
    check('orders_buyer_kra_pin_check', sql`${t.buyerKraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check('orders_money_check', sql`${t.subtotal} >= 0 and ${t.vat} >= 0 and ${t.deliveryFee} >= 0 and ${t.totalAmount} >= 0`),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    index('orders_pesapal_transaction_idx').on(t.pesapalTransactionId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_status_paid_idx').on(t.status, t.paidAt),
    index('orders_reservation_expiry_idx')
      .on(t.reservationExpiresAt)
      .where(sql`${t.status} in ('pending', 'failed') and ${t.reservationExpiresAt} is not null`),
    // The back office (migration 0015): the list newest first, its search and its to-do lists.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt.desc(), t.id.desc()),
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(${t.customerName} || ' ' || ${t.customerEmail} || ' ' || ${t.customerPhone}) gin_trgm_ops`,
    ),
    index('orders_phone_digits_trgm_idx').using('gin', sql`(regexp_replace(${t.customerPhone}, '[^0-9]', '', 'g')) gin_trgm_ops`),
    index('orders_id_text_idx').using('btree', sql`(${t.id}::text) text_pattern_ops`),
    index('orders_to_fulfil_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed' and ${t.fulfilmentStatus} <> 'delivered'`),
    index('orders_attention_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.needsAttention}`),
    // Migration 0025 adds INCLUDE (paid_at, created_at, total_amount): the dashboard's sums read the index alone.
    index('orders_paid_day_idx')
      .on(sql`(coalesce(${t.paidAt}, ${t.createdAt}))`)
      .where(sql`${t.status} = 'completed'`),
    uniqueIndex('orders_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id),
    // Snapshot at purchase: later edits or archiving never change an old order. The name is the
    // line's whole name ('Tilapia — Large, Filleted'); variant_name is the variant's part ('' for none).
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull().default(''),
    productImageUrl: text('product_image_url'),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: money('line_total').notNull(),
    /** The product's VAT band and its rate (basis points) at the time of sale. */
    taxBand: text('tax_band', { enum: TAX_BANDS }).notNull().default('B'),
    taxRateBp: integer('tax_rate_bp').notNull().default(1600),
    /** What the shop does if the item has run out when packing (src/domain/line-choices.ts). */
    ifUnavailable: text('if_unavailable', { enum: IF_UNAVAILABLE }).notNull().default('similar'),
    /** The customer's note for this line ('cut into 4 pieces'); '' for none. */
    customerNote: text('customer_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_if_unavailable_check', sql`${t.ifUnavailable} in ('similar', 'call', 'remove')`),
    check('order_items_tax_band_check', sql`${t.taxBand} in ('A', 'B', 'C', 'D', 'E') and ${t.taxRateBp} >= 0`),
    check('order_items_price_check', sql`${t.unitPrice} >= 0`),
    uniqueIndex('order_items_order_variant_idx').on(t.orderId, t.variantId),
  ],
);

/**
 * What an order was charged per VAT band (its lines and its delivery fee), as computed by
 * src/domain/tax-bands.ts when it was placed: taxable + tax = total, per band, to the cent.
 */
export const orderTaxBands = pgTable(
  'order_tax_bands',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    band: text('band', { enum: TAX_BANDS }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    taxableAmount: money('taxable_amount').notNull(),
    taxAmount: money('tax_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.band] }),
    check('order_tax_bands_band_check', sql`${t.band} in ('A', 'B', 'C', 'D', 'E') and ${t.rateBp} >= 0`),
    check(
      'order_tax_bands_money_check',
      sql`${t.taxableAmount} >= 0 and ${t.taxAmount} >= 0 and ${t.taxableAmount} + ${t.taxAmount} = ${t.totalAmount}`,
    ),
  ],
);

/** One row per payment attempt at Pesapal. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    pesapalTrackingId: text('pesapal_tracking_id').unique(),
    merchantReference: text('merchant_reference').notNull().unique(),
    redirectUrl: text('redirect_url'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('KES'),
    customerPhone: text('customer_phone'),
    customerPhoneDisplay: text('customer_phone_display'),
    paymentMethod: text('payment_method'),
    confirmationCode: text('confirmation_code'),
    statusDescription: text('status_description'),
    amountMismatch: boolean('amount_mismatch').notNull().default(false),
    /**
     * What Pesapal collected less than `amount` (negative: more), in cents: an M-Pesa payment reported
     * in whole shillings. Never 1 shilling or more (that is a mismatch). Refunds stop at amount − rounding.
     */
    rounding: integer('rounding').notNull().default(0),
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_transactions_status_check', sql`${t.status} in ('PENDING', 'COMPLETED', 'FAILED', 'REVERSED')`),
    check('payment_transactions_amount_check', sql`${t.amount} >= 0`),
    check('payment_transactions_rounding_check', sql`${t.rounding} > -100 and ${t.rounding} < 100`),
    index('payment_transactions_order_idx').on(t.orderId, t.createdAt),
    index('payment_transactions_pending_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('payment_transactions_status_order_idx').on(t.status, t.orderId),
    index('payment_transactions_watched_idx')
      .on(t.nextCheckAt.asc().nullsFirst())
      .where(
        sql`(${t.status} = 'PENDING' or (${t.status} = 'FAILED' and ${t.nextCheckAt} is not null)) and ${t.amountMismatch} = false and ${t.pesapalTrackingId} is not null`,
      ),
  ],
);

/** Every IPN and callback received, raw, before anything is believed. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    method: text('method'),
    trackingId: text('tracking_id'),
    merchantReference: text('merchant_reference'),
    notificationType: text('notification_type'),
    raw: jsonb('raw').notNull(),
    outcome: text('outcome'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // IPNs are one row per tracking id (docs/decisions/010-ipn-flood-control.md): how many came,
    // the latest, and the state of the status check they ask for.
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the latest status call for this tracking id began; with checkFinishedAt null it is in flight. */
    checkStartedAt: timestamp('check_started_at', { withTimezone: true }),
    checkFinishedAt: timestamp('check_finished_at', { withTimezone: true }),
    /** A repeat came while a check was recent or in flight: check again at this time. */
    recheckAt: timestamp('recheck_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_notifications_tracking_idx').on(t.trackingId, t.createdAt),
    uniqueIndex('payment_notifications_ipn_key')
      .on(sql`coalesce(${t.trackingId}, '')`)
      .where(sql`${t.source} = 'ipn'`),
    index('payment_notifications_recheck_idx')
      .on(t.recheckAt)
      .where(sql`${t.recheckAt} is not null`),
    index('payment_notifications_merchant_reference_idx').on(t.merchantReference),
    index('payment_notifications_stranger_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.outcome} = 'unknown' or ${t.outcome} like 'invalid:%'`),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    remarks: text('remarks').notNull(),
    accepted: boolean('accepted').notNull(),
    message: text('message'),
    /** Where the request stands (migration 0038): Pesapal's reversal or a rejection settles it. */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** When Pesapal's reversal (or the rejection) was recorded. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Reconciliation's status checks of a requested refund, for when Pesapal's notice is lost. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_refunds_status_check',
      sql`${t.status} in ('refused', 'requested', 'refunded', 'rejected') and (${t.status} = 'refused') = (not ${t.accepted})`,
    ),
    uniqueIndex('payment_refunds_live_once_idx')
      .on(t.transactionId)
      .where(sql`${t.status} in ('requested', 'refunded')`),
    index('payment_refunds_waiting_idx')
      .on(t.nextCheckAt.asc().nullsFirst())
      .where(sql`${t.status} = 'requested'`),
  ],
);

/** One row per Nairobi day whose morning summary was queued: the job queues a day once, across instances. */
export const morningSummaries = pgTable('morning_summaries', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orderCount: integer('order_count').notNull(),
  total: money('total').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SMS outbox (docs/decisions/012-sms-outbox.md): one row per order update a customer is sent,
 * queued in the transaction that changes the order and sent after the commit or by the SMS job.
 */
export const outboundSms = pgTable(
  'outbound_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an SMS of no one order (a sign-in code, the merchant's morning summary). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** paid, out_for_delivery, delivered, cancelled, refunded; sign_in_code; rider_stops; owner_paid and morning_summary for the merchant. */
    step: text('step').notNull(),
    /** '<order id>:<step>': a step is queued once, whoever tries and however often. */
    dedupeKey: text('dedupe_key').notNull(),
    to: text('to').notNull(),
    message: text('message').notNull(),
    /** stored (development SMS box), queued, failed (retried), sent, abandoned (gave up). */
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When the SMS job may try it (again); while sending, the end of the sender's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The gateway's id for the message (Africa's Talking messageId), its cost and first answer. */
    providerMessageId: text('provider_message_id'),
    providerStatus: text('provider_status'),
    cost: text('cost'),
    /** The delivery report: the final status on the phone network, and why it failed. */
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbound_sms_status_check', sql`${t.status} in ('stored', 'queued', 'failed', 'sent', 'abandoned')`),
    uniqueIndex('outbound_sms_dedupe_key').on(t.dedupeKey),
    index('outbound_sms_order_idx').on(t.orderId, t.createdAt),
    index('outbound_sms_created_idx').on(t.createdAt),
    index('outbound_sms_provider_id_idx').on(t.providerMessageId),
    index('outbound_sms_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'failed')`),
  ],
);
