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
$$ LANGUAGE sql STABLE;
