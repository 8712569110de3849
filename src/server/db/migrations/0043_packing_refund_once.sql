-- Packing settles what it owes through the partial-refund engine
-- (docs/decisions/053-packing-settles-through-the-refund-engine.md). An order's packing gives back
-- money once, whoever finishes it, retries it or reconciles it after a crash: one packing refund per
-- payment (an order is paid for by one payment), whatever its status, a withdrawn one included.
CREATE UNIQUE INDEX "payment_refunds_packing_once_idx" ON "payment_refunds" USING btree ("transaction_id")
  WHERE "source" = 'packing';
--> statement-breakpoint
-- 'withdrawn': a refund left to be made by hand that the owner decided not to pay (no money moved).
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_status_check";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check"
  CHECK ("status" in ('refused', 'requested', 'refunded', 'rejected', 'manual_needed', 'withdrawn')
    AND "accepted" = ("method" = 'pesapal' AND "status" in ('requested', 'refunded', 'rejected')));
