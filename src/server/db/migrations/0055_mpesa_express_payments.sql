-- M-Pesa Express payments join Pesapal's attempts in payment_transactions: the provider of each
-- attempt, and for M-Pesa the CheckoutRequestID that its callback and its query name. An M-Pesa
-- receipt pays one attempt only: a receipt seen before never pays a second order.
ALTER TABLE "payment_transactions" ADD COLUMN "provider" text DEFAULT 'pesapal' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_provider_check" CHECK ("provider" in ('pesapal', 'mpesa'));--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "mpesa_checkout_request_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "mpesa_phone" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_mpesa_checkout_request_id_unique" UNIQUE ("mpesa_checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_mpesa_receipt_key" ON "payment_transactions" ("confirmation_code")
  WHERE "provider" = 'mpesa' AND "confirmation_code" IS NOT NULL;--> statement-breakpoint
-- The M-Pesa attempts the reconciliation job asks about: waiting for the customer's PIN, or given up
-- on but still watched (a late payment is still found).
CREATE INDEX "payment_transactions_mpesa_watched_idx" ON "payment_transactions" ("next_check_at")
  WHERE "provider" = 'mpesa' AND "mpesa_checkout_request_id" IS NOT NULL
    AND ("status" = 'PENDING' OR ("status" = 'FAILED' AND "next_check_at" IS NOT NULL));--> statement-breakpoint
-- The order's pointer (orders.pesapal_transaction_id) names its current attempt by the provider's
-- own id: Pesapal's tracking id, or M-Pesa's CheckoutRequestID.
CREATE OR REPLACE FUNCTION current_payment_attempt(target uuid, pointer text) RETURNS uuid AS $$
  SELECT pt.id FROM payment_transactions pt
  WHERE pt.order_id = target
  ORDER BY coalesce(coalesce(pt.pesapal_tracking_id, pt.mpesa_checkout_request_id) = pointer, false) DESC, pt.created_at DESC, pt.id DESC
  LIMIT 1
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- The sales sums read the method and rounding of the payment the pointer names, M-Pesa's too (a
-- join per provider, each on its unique index).
CREATE OR REPLACE VIEW "order_sales_source" AS
SELECT o.id AS order_id,
  o.user_id,
  o.paid_at,
  ((o.paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date AS day,
  coalesce(pt.payment_method, mp.payment_method, '') AS method,
  exists (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND e.paid_at < o.paid_at) AS returning_customer,
  (abs(hashtext(o.id::text)) % 8)::smallint AS shard,
  round(o.total_amount * 100)::bigint AS charged,
  round(o.subtotal * 100)::bigint AS goods,
  round(o.vat * 100)::bigint AS vat,
  round(o.delivery_fee * 100)::bigint AS delivery,
  round(o.small_order_fee * 100)::bigint AS small,
  round(o.discount_total * 100)::bigint AS discounts,
  coalesce(pt.rounding, mp.rounding, 0)::bigint AS rounding,
  coalesce((SELECT round(sum(pr.amount) * 100) FROM payment_refunds pr JOIN payment_transactions t ON t.id = pr.transaction_id
    WHERE t.order_id = o.id AND pr.status = 'refunded' AND pr.source <> 'extra_payment'), 0)::bigint AS refunded
FROM orders o
LEFT JOIN payment_transactions pt ON pt.pesapal_tracking_id = o.pesapal_transaction_id
LEFT JOIN payment_transactions mp ON mp.mpesa_checkout_request_id = o.pesapal_transaction_id
WHERE o.paid_at IS NOT NULL;
