-- The back office and the background jobs stay fast as the shop grows (2,000 products, 300,000
-- orders): every list, filter, search and job query is answered through an index.
--
-- Order search finds text anywhere in the customer's name, email and phone, and phone digits
-- however the number was stored: trigram indexes (pg_trgm, shipped with PostgreSQL and with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The order list, newest first, and its pages.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- One index over the customer's name, email and phone together: the search looks in all three at
-- once, and one index scan is what the planner prefers to reading the table (three were not).
CREATE INDEX "orders_search_trgm_idx" ON "orders"
  USING gin (("customer_name" || ' ' || "customer_email" || ' ' || "customer_phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin ((regexp_replace("customer_phone", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
-- 'Order #41ee8510': the start of the id as text.
CREATE INDEX "orders_id_text_idx" ON "orders" USING btree (("id"::text) text_pattern_ops);--> statement-breakpoint
-- The dashboard's to-do lists: paid orders still to deliver, and orders flagged for the merchant.
CREATE INDEX "orders_to_fulfil_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC)
  WHERE "status" = 'completed' AND "fulfilment_status" <> 'delivered';--> statement-breakpoint
CREATE INDEX "orders_attention_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) WHERE "needs_attention";--> statement-breakpoint
-- Revenue is counted on the day the payment completed (paid_at; created_at for older orders).
CREATE INDEX "orders_paid_day_idx" ON "orders" USING btree ((coalesce("paid_at", "created_at"))) WHERE "status" = 'completed';--> statement-breakpoint
-- Reservation expiry looks at pending and failed orders whose hold has ended.
DROP INDEX IF EXISTS "orders_reservation_expiry_idx";--> statement-breakpoint
CREATE INDEX "orders_reservation_expiry_idx" ON "orders" USING btree ("reservation_expires_at")
  WHERE "status" IN ('pending', 'failed') AND "reservation_expires_at" IS NOT NULL;--> statement-breakpoint
-- The payment-status filter starts from the few attempts in that status.
CREATE INDEX "payment_transactions_status_order_idx" ON "payment_transactions" USING btree ("status", "order_id");--> statement-breakpoint
-- Reconciliation's watch list: pending attempts, and failed ones whose page is not closed yet.
CREATE INDEX "payment_transactions_watched_idx" ON "payment_transactions" USING btree ("next_check_at" NULLS FIRST)
  WHERE ("status" = 'PENDING' OR ("status" = 'FAILED' AND "next_check_at" IS NOT NULL))
    AND "amount_mismatch" = false AND "pesapal_tracking_id" IS NOT NULL;--> statement-breakpoint
-- An order's page lists the notices about its attempts by merchant reference.
CREATE INDEX "payment_notifications_merchant_reference_idx" ON "payment_notifications" USING btree ("merchant_reference");--> statement-breakpoint
-- Pruning notices that were not about the shop's payments.
CREATE INDEX "payment_notifications_stranger_idx" ON "payment_notifications" USING btree ("last_seen_at")
  WHERE "outcome" = 'unknown' OR "outcome" LIKE 'invalid:%';
