-- 'Prices include VAT': each order keeps the mode it was priced in, so its receipt and tax invoice
-- read its amounts the same way whatever the setting says later.
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- M-Pesa moves whole shillings: what Pesapal collected short of the attempt's amount (negative when
-- more), kept as rounding; less than one shilling either way, else it is a mismatch.
ALTER TABLE "payment_transactions" ADD COLUMN "rounding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_rounding_check" CHECK ("payment_transactions"."rounding" > -100 and "payment_transactions"."rounding" < 100);
