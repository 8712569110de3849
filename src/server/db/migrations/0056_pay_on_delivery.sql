-- Pay on delivery: an order confirmed without payment ('confirmed') is packed and sent out, and its
-- rider collects the money at the door (an M-Pesa prompt, the customer's M-Pesa code, or cash).
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
  CHECK ("status" in ('pending', 'confirmed', 'completed', 'failed', 'cancelled', 'refund_requested'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each zone offers it to nobody, to everyone, or only to customers with a paid order before.
ALTER TABLE "delivery_zones" ADD COLUMN "pay_on_delivery" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_pay_on_delivery_check"
  CHECK ("pay_on_delivery" in ('off', 'everyone', 'returning'));--> statement-breakpoint
-- 'door': money the rider took at the door, by cash or by the customer's own M-Pesa payment to the
-- till (its code typed by the rider). collected_by: the rider who took it (or sent the prompt).
ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_provider_check";--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_provider_check"
  CHECK ("provider" in ('pesapal', 'mpesa', 'door'));--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "collected_by" text REFERENCES "user"("id") ON DELETE SET NULL;--> statement-breakpoint
-- An M-Pesa code typed at the door pays one order only.
CREATE UNIQUE INDEX "payment_transactions_door_mpesa_code_key" ON "payment_transactions" ("confirmation_code")
  WHERE "provider" = 'door' AND "confirmation_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_transactions_collected_by_idx" ON "payment_transactions" ("collected_by", "updated_at")
  WHERE "collected_by" IS NOT NULL;--> statement-breakpoint
-- The order's pointer names a door payment by its merchant reference.
CREATE OR REPLACE FUNCTION current_payment_attempt(target uuid, pointer text) RETURNS uuid AS $$
  SELECT pt.id FROM payment_transactions pt
  WHERE pt.order_id = target
  ORDER BY coalesce(coalesce(pt.pesapal_tracking_id, pt.mpesa_checkout_request_id,
    CASE WHEN pt.provider = 'door' THEN pt.merchant_reference END) = pointer, false) DESC, pt.created_at DESC, pt.id DESC
  LIMIT 1
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE VIEW "order_sales_source" AS
SELECT o.id AS order_id,
  o.user_id,
  o.paid_at,
  ((o.paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date AS day,
  coalesce(pt.payment_method, mp.payment_method, dp.payment_method, '') AS method,
  exists (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND e.paid_at < o.paid_at) AS returning_customer,
  (abs(hashtext(o.id::text)) % 8)::smallint AS shard,
  round(o.total_amount * 100)::bigint AS charged,
  round(o.subtotal * 100)::bigint AS goods,
  round(o.vat * 100)::bigint AS vat,
  round(o.delivery_fee * 100)::bigint AS delivery,
  round(o.small_order_fee * 100)::bigint AS small,
  round(o.discount_total * 100)::bigint AS discounts,
  coalesce(pt.rounding, mp.rounding, dp.rounding, 0)::bigint AS rounding,
  coalesce((SELECT round(sum(pr.amount) * 100) FROM payment_refunds pr JOIN payment_transactions t ON t.id = pr.transaction_id
    WHERE t.order_id = o.id AND pr.status = 'refunded' AND pr.source <> 'extra_payment'), 0)::bigint AS refunded
FROM orders o
LEFT JOIN payment_transactions pt ON pt.pesapal_tracking_id = o.pesapal_transaction_id
LEFT JOIN payment_transactions mp ON mp.mpesa_checkout_request_id = o.pesapal_transaction_id
LEFT JOIN payment_transactions dp ON dp.merchant_reference = o.pesapal_transaction_id AND dp.provider = 'door'
WHERE o.paid_at IS NOT NULL;--> statement-breakpoint
-- The end-of-day cash-up: the cash each rider handed in for a day, as the owner counted it.
CREATE TABLE "rider_cash_ups" (
  "rider_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "cash_received" numeric(12, 2) NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "recorded_by" text REFERENCES "user"("id") ON DELETE SET NULL,
  "recorded_at" timestamp with time zone NOT NULL,
  CONSTRAINT "rider_cash_ups_pkey" PRIMARY KEY ("rider_id", "day"),
  CONSTRAINT "rider_cash_ups_cash_check" CHECK ("cash_received" >= 0)
);
