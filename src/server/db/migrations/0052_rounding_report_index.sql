-- The sales report's M-Pesa rounding reads the few payments that have any, not every payment of a range
-- (docs/decisions/056-reports-and-vat-figures.md).
CREATE INDEX "payment_transactions_rounding_idx" ON "payment_transactions" USING btree ("pesapal_tracking_id") WHERE "payment_transactions"."rounding" <> 0;
