-- The order's current payment attempt, defined once, here: the attempt orders.pesapal_transaction_id
-- names, else the newest. The stored orders.payment_status and the server's reads of the current
-- attempt (src/server/features/orders/current-attempt.ts) both go through this function.
CREATE OR REPLACE FUNCTION current_payment_attempt(target uuid, pointer text) RETURNS uuid AS $$
  SELECT pt.id FROM payment_transactions pt
  WHERE pt.order_id = target
  ORDER BY coalesce(pt.pesapal_tracking_id = pointer, false) DESC, pt.created_at DESC, pt.id DESC
  LIMIT 1
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION current_payment_status(target uuid, pointer text) RETURNS text AS $$
  SELECT pt.status FROM payment_transactions pt WHERE pt.id = current_payment_attempt(target, pointer)
$$ LANGUAGE sql STABLE;
