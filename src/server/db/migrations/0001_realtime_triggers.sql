-- Realtime: every change to a payment transaction or an order is announced on the channel
-- 'shop_events' with the owning user's id, so each server instance forwards it only to that user.
CREATE OR REPLACE FUNCTION notify_payment_transaction_change() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  SELECT user_id INTO owner FROM orders WHERE id = NEW.order_id;
  PERFORM pg_notify('shop_events', json_build_object(
    'kind', 'payment',
    'id', NEW.id,
    'orderId', NEW.order_id,
    'userId', owner,
    'status', NEW.status,
    'oldStatus', CASE WHEN TG_OP = 'UPDATE' THEN OLD.status ELSE NULL END
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_transactions_notify
  AFTER INSERT OR UPDATE ON payment_transactions
  FOR EACH ROW EXECUTE FUNCTION notify_payment_transaction_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_order_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.fulfilment_status IS NOT DISTINCT FROM OLD.fulfilment_status THEN
    RETURN NEW;
  END IF;
  PERFORM pg_notify('shop_events', json_build_object(
    'kind', 'order',
    'id', NEW.id,
    'orderId', NEW.id,
    'userId', NEW.user_id,
    'status', NEW.status,
    'oldStatus', CASE WHEN TG_OP = 'UPDATE' THEN OLD.status ELSE NULL END,
    'fulfilmentStatus', NEW.fulfilment_status
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_notify
  AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_order_change();
