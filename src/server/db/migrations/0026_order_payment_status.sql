-- The status of each order's current payment attempt, kept on the order, so the back office can
-- filter a year of orders by it through an index instead of working it out for every attempt ever
-- left in that status. The current attempt is the one orders.pesapal_transaction_id names, else the
-- newest (src/server/features/orders/current-attempt.ts states the rule; the function below is the
-- same rule in SQL, and tests/integration/checkout-support.ts checks, as every checkout test ends, that the stored status matches it).
ALTER TABLE "orders" ADD COLUMN "payment_status" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION current_payment_status(target uuid, pointer text) RETURNS text AS $$
  SELECT pt.status FROM payment_transactions pt
  WHERE pt.order_id = target
  ORDER BY coalesce(pt.pesapal_tracking_id = pointer, false) DESC, pt.created_at DESC, pt.id DESC
  LIMIT 1
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- The order's lock first, then the status read afresh: every change to an order's attempts is made
-- under that lock (the payment code takes it before touching an attempt), so the last one to commit
-- stores what all of them left.
CREATE OR REPLACE FUNCTION refresh_order_payment_status(target uuid) RETURNS void AS $$
DECLARE
  pointer text;
BEGIN
  SELECT pesapal_transaction_id INTO pointer FROM orders WHERE id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE orders SET payment_status = current_payment_status(target, pointer)
  WHERE id = target AND payment_status IS DISTINCT FROM current_payment_status(target, pointer);
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_transactions_refresh_order() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_order_payment_status(OLD.order_id);
    RETURN OLD;
  END IF;
  PERFORM refresh_order_payment_status(NEW.order_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER payment_transactions_order_status
  AFTER INSERT OR DELETE ON payment_transactions
  FOR EACH ROW EXECUTE FUNCTION payment_transactions_refresh_order();--> statement-breakpoint
-- A tracking id arriving on an attempt changes nothing by itself: the order's pointer is only ever
-- set to a tracking id its attempt already holds, and that update of the order recomputes the status.
CREATE TRIGGER payment_transactions_order_status_change
  AFTER UPDATE OF status ON payment_transactions
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION payment_transactions_refresh_order();--> statement-breakpoint
-- A new pointer (an attempt reached Pesapal, or paid the order) changes which attempt is current.
CREATE OR REPLACE FUNCTION orders_payment_status_on_pointer() RETURNS trigger AS $$
BEGIN
  NEW.payment_status := current_payment_status(NEW.id, NEW.pesapal_transaction_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER orders_payment_status_pointer
  BEFORE UPDATE OF pesapal_transaction_id ON orders
  FOR EACH ROW
  WHEN (OLD.pesapal_transaction_id IS DISTINCT FROM NEW.pesapal_transaction_id)
  EXECUTE FUNCTION orders_payment_status_on_pointer();--> statement-breakpoint
UPDATE orders SET payment_status = current_payment_status(id, pesapal_transaction_id);--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status", "created_at" DESC, "id" DESC);
