ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Orders completed before this column existed: the time their completing payment was last updated.
UPDATE "orders" SET "paid_at" = coalesce(
  (SELECT max(t."updated_at") FROM "payment_transactions" t
    WHERE t."order_id" = "orders"."id" AND t."pesapal_tracking_id" = "orders"."pesapal_transaction_id"),
  "orders"."updated_at")
  WHERE "orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "orders_status_paid_idx" ON "orders" USING btree ("status","paid_at");
