-- The reports and the bookkeeper's exports (docs/decisions/056-reports-and-vat-figures.md): the paid
-- orders of a range in payment order (the exports page through them by paid_at and id), a customer's
-- earlier paid orders (new against returning), and the tax invoices of a month (the VAT figures).
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at", "id") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_user_paid_idx" ON "orders" USING btree ("user_id", "paid_at") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "tax_invoices_created_idx" ON "tax_invoices" USING btree ("created_at");
