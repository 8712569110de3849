-- Refunds of M-Pesa Express payments by Daraja's Reversal API (docs/decisions/067-mpesa-reversal-refunds.md).
-- 'mpesa_reversal': the shop asked M-Pesa to reverse the payment. Accepted exactly as Pesapal's
-- requests are (requested, then refunded); a failed reversal is left to be made by hand
-- (manual_needed, not accepted), and recording its code makes it 'manual' as before.
ALTER TABLE "payment_refunds" ADD COLUMN "mpesa_conversation_id" text;
--> statement-breakpoint
-- The reversal's result names its request by the ConversationID Daraja gave it.
CREATE UNIQUE INDEX "payment_refunds_mpesa_conversation_id_idx" ON "payment_refunds" USING btree ("mpesa_conversation_id")
  WHERE "mpesa_conversation_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_method_check";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_method_check"
  CHECK ("method" in ('pesapal', 'manual', 'mpesa_reversal') AND ("method" = 'manual') = ("mpesa_code" IS NOT NULL)
    AND ("method" <> 'manual' OR "status" = 'refunded'));
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_status_check";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check"
  CHECK ("status" in ('refused', 'requested', 'refunded', 'rejected', 'manual_needed', 'withdrawn')
    AND "accepted" = ("method" in ('pesapal', 'mpesa_reversal') AND "status" in ('requested', 'refunded', 'rejected')));
