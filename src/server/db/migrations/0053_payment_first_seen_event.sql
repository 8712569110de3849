-- A payment Pesapal has just told the shop about (an IPN or the customer's return) makes its order
-- 'waiting for Pesapal' even while the payment's own status stays PENDING, so no payment or order
-- trigger fires. Announce it as a payment event whose status did not change: open tabs refetch (the
-- header's pending count) and nothing is announced as an outcome.
CREATE OR REPLACE FUNCTION notify_payment_seen() RETURNS trigger AS $$
DECLARE
  seen record;
BEGIN
  IF NEW.tracking_id IS NULL THEN
    RETURN NEW;
  END IF;
  FOR seen IN
    SELECT pt.id, pt.order_id, pt.status, o.user_id
    FROM payment_transactions pt JOIN orders o ON o.id = pt.order_id
    WHERE pt.pesapal_tracking_id = NEW.tracking_id
  LOOP
    PERFORM pg_notify('shop_events', json_build_object(
      'kind', 'payment',
      'id', seen.id,
      'orderId', seen.order_id,
      'userId', seen.user_id,
      'status', seen.status,
      'oldStatus', seen.status
    )::text);
  END LOOP;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_notifications_seen_notify
  AFTER INSERT ON payment_notifications
  FOR EACH ROW EXECUTE FUNCTION notify_payment_seen();
