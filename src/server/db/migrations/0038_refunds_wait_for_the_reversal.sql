-- A refund Pesapal accepts is a request until Pesapal reverses the payment or the refund is
-- rejected (docs/decisions/046-refunds-wait-for-the-reversal.md): the order waits in
-- 'refund_requested', and each refund request keeps where it stands.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
  CHECK ("status" in ('pending', 'completed', 'failed', 'cancelled', 'refund_requested'));
--> statement-breakpoint
-- refused: Pesapal said no to the request; requested: accepted, waiting for the reversal;
-- refunded: Pesapal reversed the payment; rejected: the refund was rejected and the money stays.
ALTER TABLE "payment_refunds" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "settled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "next_check_at" timestamp with time zone;
--> statement-breakpoint
-- Before this migration an accepted refund cancelled the order, declared its credit note and told
-- the customer at once: those refunds were settled then.
UPDATE "payment_refunds"
SET "status" = CASE WHEN "accepted" THEN 'refunded' ELSE 'refused' END,
    "settled_at" = CASE WHEN "accepted" THEN "created_at" END;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "status" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check"
  CHECK ("status" in ('refused', 'requested', 'refunded', 'rejected') AND ("status" = 'refused') = (NOT "accepted"));
--> statement-breakpoint
-- One live refund per payment; a rejected one leaves room for a new request.
DROP INDEX IF EXISTS "payment_refunds_accepted_once_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_live_once_idx" ON "payment_refunds" USING btree ("transaction_id")
  WHERE "status" in ('requested', 'refunded');
--> statement-breakpoint
-- The reconciliation job's list of refunds to ask Pesapal about.
CREATE INDEX "payment_refunds_waiting_idx" ON "payment_refunds" USING btree ("next_check_at" ASC NULLS FIRST)
  WHERE "status" = 'requested';
