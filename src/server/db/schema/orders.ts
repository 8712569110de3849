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
import { LOCALES } from '../../../domain/locale';
import { user } from './auth';
import { products, productVariants } from './catalog';
import { money } from './money-column';
import {
  FULFILMENT_METHODS,
  FULFILMENT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  type PaymentStatus,
} from '../../../domain/order-status';
import { REFUND_KINDS, REFUND_LINE_KINDS, REFUND_METHODS, REFUND_SOURCES } from '../../../domain/partial-refund';
import { TAX_BANDS } from '../../../domain/tax-bands';
import { IF_UNAVAILABLE } from '../../../domain/line-choices';
import { PACKING_OUTCOMES } from '../../../domain/packing';
import { PAY_ON_DELIVERY_CHOICES } from '../../../domain/pay-on-delivery';
import { SMALL_ORDER_RULES } from '../../../domain/small-order';

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
    /** Below minimum_order: nothing ('none'), refused ('minimum'), or small_order_fee added ('fee'). */
    smallOrderRule: text('small_order_rule', { enum: SMALL_ORDER_RULES }).notNull().default('none'),
    minimumOrder: money('minimum_order').notNull().default(0),
    smallOrderFee: money('small_order_fee').notNull().default(0),
    /** Pay on delivery in this zone: to nobody, to everyone, or to customers with a paid order before. */
    payOnDelivery: text('pay_on_delivery', { enum: PAY_ON_DELIVERY_CHOICES }).notNull().default('off'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_zones_pay_on_delivery_check', sql`${t.payOnDelivery} in ('off', 'everyone', 'returning')`),
    check('delivery_zones_range_check', sql`${t.minKm} >= 0 and ${t.maxKm} > ${t.minKm}`),
    check('delivery_zones_fee_check', sql`${t.baseFee} >= 0 and ${t.perKmRate} >= 0`),
    check(
      'delivery_zones_small_order_check',
      sql`${t.smallOrderRule} in ('none', 'minimum', 'fee') and ${t.minimumOrder} >= 0 and ${t.smallOrderFee} >= 0`,
    ),
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
    /** Brought by a rider ('delivery') or collected at the shop ('pickup': no address, zone or fees). */
    fulfilmentMethod: text('fulfilment_method', { enum: FULFILMENT_METHODS }).notNull().default('delivery'),
    subtotal: money('subtotal').notNull(),
    vat: money('vat').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    /** The delivery fee's VAT band and its rate (basis points) when the order was placed. */
    deliveryFeeTaxBand: text('delivery_fee_tax_band', { enum: TAX_BANDS }).notNull().default('D'),
    deliveryFeeTaxRateBp: integer('delivery_fee_tax_rate_bp').notNull().default(0),
    /** The zone's small-order fee, when the order was below its minimum; in the delivery fee's band. */
    smallOrderFee: money('small_order_fee').notNull().default(0),
    /** What a promotion took off the goods (the sum of the lines' discounts); 0 for none. */
    discountTotal: money('discount_total').notNull().default(0),
    /** The promotion's code, or an automatic offer's name (promotion_code null); both null without one. */
    promotionCode: text('promotion_code'),
    promotionName: text('promotion_name'),
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
    /** Confirmed to be paid to the rider at the door (its payment, once taken, is a 'door' or M-Pesa attempt). */
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    /** The language the order was placed in: a guest's SMS and mail follow it ('en' or 'sw'). */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /** The rider carrying the order (an account with the rider role), and since when. */
    riderId: text('rider_id').references(() => user.id, { onDelete: 'set null' }),
    riderAssignedAt: timestamp('rider_assigned_at', { withTimezone: true }),
    /** The rider's last 'Could not deliver' and why; cleared when the order is assigned again. */
    deliveryFailedAt: timestamp('delivery_failed_at', { withTimezone: true }),
    deliveryFailedReason: text('delivery_failed_reason'),
    /**
     * Packing finished (migration 0041): when, by whom, and the total owed back to the customer for
     * the lines packing changed (0 when none; null until finished). Set once, under the order's lock.
     */
    packingFinishedAt: timestamp('packing_finished_at', { withTimezone: true }),
    packingFinishedBy: text('packing_finished_by').references(() => user.id, { onDelete: 'set null' }),
    packingRefundTotal: money('packing_refund_total'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_rider_idx')
      .on(t.riderId)
      .where(sql`${t.riderId} is not null`),
    check('orders_status_check', sql`${t.status} in ('pending', 'confirmed', 'completed', 'failed', 'cancelled', 'refund_requested')`),
    check(
      'orders_fulfilment_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'processing', 'out_for_delivery', 'ready_for_pickup', 'delivered')`,
    ),
    check('orders_locale_check', sql`${t.locale} in ('en', 'sw')`),
    check('orders_fulfilment_method_check', sql`${t.fulfilmentMethod} in ('delivery', 'pickup')`),
    check(
      'orders_pickup_check',
      sql`${t.fulfilmentMethod} <> 'pickup' or (${t.deliveryAddress} = '' and ${t.deliveryFee} = 0 and ${t.smallOrderFee} = 0 and ${t.deliveryZoneId} is null and ${t.riderId} is null)`,
    ),
    check(
      'orders_delivery_fee_tax_band_check',
      sql`${t.deliveryFeeTaxBand} in ('A', 'B', 'C', 'D', 'E') and ${t.deliveryFeeTaxRateBp} >= 0`,
    ),
    check('orders_small_order_fee_check', sql`${t.smallOrderFee} >= 0`),
    check('orders_discount_total_check', sql`${t.discountTotal} >= 0`),
    check('orders_buyer_kra_pin_check', sql`${t.buyerKraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check('orders_money_check', sql`${t.subtotal} >= 0 and ${t.vat} >= 0 and ${t.deliveryFee} >= 0 and ${t.totalAmount} >= 0`),
    check(
      'orders_packing_check',
      sql`(${t.packingFinishedAt} is null) = (${t.packingRefundTotal} is null) and (${t.packingRefundTotal} is null or ${t.packingRefundTotal} >= 0)`,
    ),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    index('orders_pesapal_transaction_idx').on(t.pesapalTransactionId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_status_paid_idx').on(t.status, t.paidAt),
    // Migration 0046, for the reports: a range's paid orders in payment order, and a customer's earlier ones.
    index('orders_paid_at_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    index('orders_user_paid_idx')
      .on(t.userId, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
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
    /** The line's share of the order's promotion discount: the customer paid line_total − discount. */
    discount: money('discount').notNull().default(0),
    /** The product's VAT band and its rate (basis points) at the time of sale. */
    taxBand: text('tax_band', { enum: TAX_BANDS }).notNull().default('B'),
    taxRateBp: integer('tax_rate_bp').notNull().default(1600),
    /** What the shop does if the item has run out when packing (src/domain/line-choices.ts). */
    ifUnavailable: text('if_unavailable', { enum: IF_UNAVAILABLE }).notNull().default('similar'),
    /** The customer's note for this line ('cut into 4 pieces'); '' for none. */
    customerNote: text('customer_note').notNull().default(''),
    /** The variant's nominal weight when sold by the kilo ('about 700 g'); null for a line sold by the piece. */
    nominalGrams: integer('nominal_grams'),
    // What packing made of the line (migration 0041, src/domain/packing.ts): when and by whom, the
    // outcome, the real weight of a line sold by weight, the substitute sent instead (its variant,
    // name and unit price in the order's price mode), and what is owed back for it (set at finish).
    packedAt: timestamp('packed_at', { withTimezone: true }),
    packedBy: text('packed_by').references(() => user.id, { onDelete: 'set null' }),
    packingOutcome: text('packing_outcome', { enum: PACKING_OUTCOMES }),
    weighedGrams: integer('weighed_grams'),
    substituteVariantId: uuid('substitute_variant_id').references(() => productVariants.id),
    substituteName: text('substitute_name'),
    substituteUnitPrice: money('substitute_unit_price'),
    packingRefund: money('packing_refund'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.lineTotal}`),
    check('order_items_nominal_grams_check', sql`${t.nominalGrams} is null or ${t.nominalGrams} > 0`),
    check(
      'order_items_packing_outcome_check',
      sql`(${t.packingOutcome} is null or ${t.packingOutcome} in ('packed', 'substituted', 'unavailable')) and (${t.packingOutcome} is null) = (${t.packedAt} is null)`,
    ),
    check(
      'order_items_weighed_grams_check',
      sql`(${t.weighedGrams} is null or ${t.weighedGrams} between 1 and 50000) and (coalesce(${t.packingOutcome}, '') = 'packed' and ${t.nominalGrams} is not null) = (${t.weighedGrams} is not null)`,
    ),
    check(
      'order_items_substitute_check',
      sql`(coalesce(${t.packingOutcome}, '') = 'substituted') = (${t.substituteVariantId} is not null) and (${t.substituteVariantId} is null) = (${t.substituteName} is null) and (${t.substituteVariantId} is null) = (${t.substituteUnitPrice} is null) and (${t.substituteUnitPrice} is null or ${t.substituteUnitPrice} >= 0)`,
    ),
    check(
      'order_items_packing_refund_check',
      sql`${t.packingRefund} is null or (${t.packingRefund} >= 0 and ${t.packingOutcome} is not null)`,
    ),
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
    /**
     * Who takes the money: Pesapal's hosted page, an M-Pesa Express prompt (Daraja), or the rider at
     * the door ('door': cash, or the customer's own M-Pesa payment to the till, its code typed).
     */
    provider: text('provider', { enum: ['pesapal', 'mpesa', 'door'] })
      .notNull()
      .default('pesapal'),
    pesapalTrackingId: text('pesapal_tracking_id').unique(),
    /** M-Pesa Express: the prompt's CheckoutRequestID (its callback and its query name it). */
    mpesaCheckoutRequestId: text('mpesa_checkout_request_id').unique(),
    /** M-Pesa Express: the number prompted (2547XXXXXXXX), which may differ from the order's phone. */
    mpesaPhone: text('mpesa_phone'),
    /** The rider who took the money at the door, or sent the M-Pesa prompt from the stop. */
    collectedBy: text('collected_by').references(() => user.id, { onDelete: 'set null' }),
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
    check('payment_transactions_provider_check', sql`${t.provider} in ('pesapal', 'mpesa', 'door')`),
    // An M-Pesa code typed at the door pays one order only.
    uniqueIndex('payment_transactions_door_mpesa_code_key')
      .on(t.confirmationCode)
      .where(sql`${t.provider} = 'door' and ${t.confirmationCode} is not null`),
    index('payment_transactions_collected_by_idx')
      .on(t.collectedBy, t.updatedAt)
      .where(sql`${t.collectedBy} is not null`),
    // An M-Pesa receipt pays one attempt only.
    uniqueIndex('payment_transactions_mpesa_receipt_key')
      .on(t.confirmationCode)
      .where(sql`${t.provider} = 'mpesa' and ${t.confirmationCode} is not null`),
    index('payment_transactions_mpesa_watched_idx')
      .on(t.nextCheckAt)
      .where(
        sql`${t.provider} = 'mpesa' and ${t.mpesaCheckoutRequestId} is not null and (${t.status} = 'PENDING' or (${t.status} = 'FAILED' and ${t.nextCheckAt} is not null))`,
      ),
    index('payment_transactions_order_idx').on(t.orderId, t.createdAt),
    index('payment_transactions_pending_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('payment_transactions_status_order_idx').on(t.status, t.orderId),
    // The sales report's M-Pesa rounding: the few payments that have any, not every payment of a range.
    index('payment_transactions_rounding_idx')
      .on(t.pesapalTrackingId)
      .where(sql`${t.rounding} <> 0`),
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
    /** The money given back (a whole refund of an M-Pesa payment in whole shillings: what was collected). */
    amount: money('amount').notNull(),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    remarks: text('remarks').notNull(),
    accepted: boolean('accepted').notNull(),
    message: text('message'),
    /** Where the request stands (migration 0038): Pesapal's reversal, a rejection or the owner's M-Pesa code settles it. */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** When Pesapal's reversal (or the rejection, or the refund by hand) was recorded. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Reconciliation's status checks of a requested refund, for when Pesapal's notice is lost. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Migration 0039: what is left of the payment ('whole') or chosen lines and amounts ('partial'). */
    kind: text('kind', { enum: REFUND_KINDS }).notNull().default('whole'),
    /**
     * Made by Pesapal, by M-Pesa's reversal of an M-Pesa Express payment ('mpesa_reversal', migration
     * 0057), or by the owner by M-Pesa ('manual', with its transaction code).
     */
    method: text('method', { enum: REFUND_METHODS }).notNull().default('pesapal'),
    mpesaCode: text('mpesa_code'),
    /** The reversal's ConversationID, which its result names (kept when it failed and was made by hand). */
    mpesaConversationId: text('mpesa_conversation_id'),
    source: text('source', { enum: REFUND_SOURCES }).notNull().default('cancel'),
    /** Whether the refund puts goods back (a partial refund: its lines' restock quantities). */
    restock: boolean('restock').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_refunds_status_check',
      sql`${t.status} in ('refused', 'requested', 'refunded', 'rejected', 'manual_needed', 'withdrawn')
        and ${t.accepted} = (${t.method} in ('pesapal', 'mpesa_reversal') and ${t.status} in ('requested', 'refunded', 'rejected'))`,
    ),
    check('payment_refunds_kind_check', sql`${t.kind} in ('whole', 'partial')`),
    check('payment_refunds_source_check', sql`${t.source} in ('merchant', 'packing', 'cancel', 'extra_payment')`),
    check(
      'payment_refunds_method_check',
      sql`${t.method} in ('pesapal', 'manual', 'mpesa_reversal') and (${t.method} = 'manual') = (${t.mpesaCode} is not null)
        and (${t.method} <> 'manual' or ${t.status} = 'refunded')`,
    ),
    check('payment_refunds_mpesa_code_check', sql`${t.mpesaCode} ~ '^[A-Z0-9]{10}$'`),
    uniqueIndex('payment_refunds_mpesa_code_idx')
      .on(t.mpesaCode)
      .where(sql`${t.mpesaCode} is not null`),
    uniqueIndex('payment_refunds_mpesa_conversation_id_idx')
      .on(t.mpesaConversationId)
      .where(sql`${t.mpesaConversationId} is not null`),
    // At most one request waits for Pesapal per payment, and one whole refund is live; the live
    // refunds' sum is kept within what the payment collected by the refunds service, under the order's lock.
    uniqueIndex('payment_refunds_waiting_once_idx')
      .on(t.transactionId)
      .where(sql`${t.status} = 'requested'`),
    uniqueIndex('payment_refunds_whole_once_idx')
      .on(t.transactionId)
      .where(sql`${t.kind} = 'whole' and ${t.status} in ('requested', 'refunded', 'manual_needed')`),
    // Packing gives back money once per order (its one paying payment), whatever happens (0043).
    uniqueIndex('payment_refunds_packing_once_idx')
      .on(t.transactionId)
      .where(sql`${t.source} = 'packing'`),
    index('payment_refunds_waiting_idx')
      .on(t.nextCheckAt.asc().nullsFirst())
      .where(sql`${t.status} = 'requested'`),
  ],
);

/**
 * What a refund gives back, line by line (migration 0039): an order line, the delivery fee, or an
 * amount of neither, each in the tax band it was sold in. The amount is gross: what the customer paid
 * for it, VAT included. The refund's credit note credits exactly these lines.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => paymentRefunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REFUND_LINE_KINDS }).notNull(),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    taxBand: text('tax_band', { enum: TAX_BANDS }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** Units put back on the shelf when the refund is made. */
    restockQuantity: integer('restock_quantity').notNull().default(0),
  },
  (t) => [
    check(
      'refund_lines_kind_check',
      sql`${t.kind} in ('item', 'delivery', 'amount') and (${t.kind} = 'item') = (${t.orderItemId} is not null)`,
    ),
    check('refund_lines_amount_check', sql`${t.amount} > 0`),
    check('refund_lines_tax_band_check', sql`${t.taxBand} in ('A', 'B', 'C', 'D', 'E') and ${t.taxRateBp} >= 0`),
    check('refund_lines_restock_check', sql`${t.restockQuantity} >= 0 and (${t.kind} = 'item' or ${t.restockQuantity} = 0)`),
    uniqueIndex('refund_lines_refund_item_idx').on(
      t.refundId,
      t.kind,
      sql`coalesce(${t.orderItemId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('refund_lines_order_item_idx').on(t.orderItemId),
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
    /** paid, out_for_delivery, delivered, cancelled, refunded; sign_in_code; rider_stops and rider_stops_off; owner_paid and morning_summary for the merchant. */
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
