-- Partial refunds (docs/decisions/049-partial-refunds.md): a refund of some lines or amounts of a
-- paid order, through Pesapal or by hand by M-Pesa, each with its own KRA credit note.
--
-- What a refund is: 'whole' (what is left of the payment: 'Cancel and refund', 'Refund this
-- payment') or 'partial' (chosen lines and amounts; the order goes on). How it is made: 'pesapal'
-- (RefundRequest) or 'manual' (the owner sent the money by M-Pesa and typed its code). Why: the
-- merchant's 'Refund part of this order', packing, a cancellation, or a payment the order did not need.
ALTER TABLE "payment_refunds" ADD COLUMN "kind" text DEFAULT 'whole' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "method" text DEFAULT 'pesapal' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "mpesa_code" text;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "source" text DEFAULT 'cancel' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Every refund so far refunded a whole payment: the order's own (a cancellation, which put the goods
-- back unless they had left the shop) or one the order did not need.
UPDATE "payment_refunds" r
SET "source" = CASE WHEN o."pesapal_transaction_id" IS NOT DISTINCT FROM t."pesapal_tracking_id" THEN 'cancel' ELSE 'extra_payment' END,
    "restock" = o."pesapal_transaction_id" IS NOT DISTINCT FROM t."pesapal_tracking_id"
FROM "payment_transactions" t
JOIN "orders" o ON o."id" = t."order_id"
WHERE t."id" = r."transaction_id";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_kind_check" CHECK ("kind" in ('whole', 'partial'));
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_source_check"
  CHECK ("source" in ('merchant', 'packing', 'cancel', 'extra_payment'));
--> statement-breakpoint
-- An M-Pesa transaction code: ten capital letters and digits. Only a refund made by hand has one,
-- and it is made (refunded) by then.
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_method_check"
  CHECK ("method" in ('pesapal', 'manual') AND ("method" = 'manual') = ("mpesa_code" IS NOT NULL)
    AND ("method" = 'pesapal' OR "status" = 'refunded'));
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_mpesa_code_check" CHECK ("mpesa_code" ~ '^[A-Z0-9]{10}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_mpesa_code_idx" ON "payment_refunds" USING btree ("mpesa_code") WHERE "mpesa_code" IS NOT NULL;
--> statement-breakpoint
-- manual_needed: Pesapal would not (or may not) make it; the owner refunds by M-Pesa and records the
-- code. Pesapal accepted the request exactly when it is requested, refunded by Pesapal, or rejected.
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_status_check";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check"
  CHECK ("status" in ('refused', 'requested', 'refunded', 'rejected', 'manual_needed')
    AND "accepted" = ("method" = 'pesapal' AND "status" in ('requested', 'refunded', 'rejected')));
--> statement-breakpoint
-- A payment may now have several live refunds (partial ones, then the rest): at most one waits for
-- Pesapal at a time, and at most one whole refund is live. That the live ones never add up to more
-- than the payment collected is kept by the refunds service under the order's row lock.
DROP INDEX IF EXISTS "payment_refunds_live_once_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_waiting_once_idx" ON "payment_refunds" USING btree ("transaction_id")
  WHERE "status" = 'requested';
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_whole_once_idx" ON "payment_refunds" USING btree ("transaction_id")
  WHERE "kind" = 'whole' AND "status" in ('requested', 'refunded', 'manual_needed');
--> statement-breakpoint
-- What a refund gives back, line by line, in the tax band each line was sold in: an order line, the
-- delivery fee, or an amount of neither. The amount is gross (what the customer paid for it, VAT
-- included); restock_quantity units go back on the shelf when the refund is made.
CREATE TABLE "refund_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "refund_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "order_item_id" uuid,
  "amount" numeric(12, 2) NOT NULL,
  "tax_band" text NOT NULL,
  "tax_rate_bp" integer NOT NULL,
  "restock_quantity" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "refund_lines_kind_check" CHECK ("kind" in ('item', 'delivery', 'amount') AND ("kind" = 'item') = ("order_item_id" IS NOT NULL)),
  CONSTRAINT "refund_lines_amount_check" CHECK ("amount" > 0),
  CONSTRAINT "refund_lines_tax_band_check" CHECK ("tax_band" in ('A', 'B', 'C', 'D', 'E') AND "tax_rate_bp" >= 0),
  CONSTRAINT "refund_lines_restock_check" CHECK ("restock_quantity" >= 0 AND ("kind" = 'item' OR "restock_quantity" = 0))
);
--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One line per order line (or the fee) in a refund.
CREATE UNIQUE INDEX "refund_lines_refund_item_idx" ON "refund_lines" USING btree ("refund_id", "kind", coalesce("order_item_id", '00000000-0000-0000-0000-000000000000'::uuid));
--> statement-breakpoint
CREATE INDEX "refund_lines_order_item_idx" ON "refund_lines" USING btree ("order_item_id");
--> statement-breakpoint
-- A credit note belongs to one refund and credits that refund's lines; an order has one sale and a
-- credit note per refund. Credit notes from before this migration have none: they credit the whole order.
ALTER TABLE "tax_invoices" ADD COLUMN "refund_id" uuid;
--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_refund_check" CHECK ("kind" = 'credit_note' OR "refund_id" IS NULL);
--> statement-breakpoint
DROP INDEX IF EXISTS "tax_invoices_order_kind_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_order_sale_idx" ON "tax_invoices" USING btree ("order_id") WHERE "kind" = 'sale';
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_refund_idx" ON "tax_invoices" USING btree ("refund_id") WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "tax_invoices_order_kind_idx" ON "tax_invoices" USING btree ("order_id", "kind");
--> statement-breakpoint
-- A partial refund's goods go back once per refund and variant; the order's own movements (its
-- reservation, release, sale, and a cancellation's restock) stay once per order, variant and kind.
-- Like order_id, no foreign key: the ledger outlives what it records.
ALTER TABLE "stock_movements" ADD COLUMN "refund_id" uuid;
--> statement-breakpoint
DROP INDEX IF EXISTS "stock_movements_order_once_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_order_once_idx" ON "stock_movements" USING btree ("order_id","variant_id","kind")
  WHERE "order_id" IS NOT NULL AND "refund_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_refund_once_idx" ON "stock_movements" USING btree ("refund_id","variant_id")
  WHERE "refund_id" IS NOT NULL;
