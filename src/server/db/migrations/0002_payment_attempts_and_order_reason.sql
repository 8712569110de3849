-- Payment attempts are numbered from a counter on the order that only goes up, so a merchant
-- reference is never sent to Pesapal twice. Existing orders start from the attempts they have: their
-- count, or the highest number in their references when deleted claims left gaps (ORD-<id>-<n>).
ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "payment_attempts" = counted.n
  FROM (
    SELECT "order_id",
      GREATEST(count(*)::integer, max(substring("merchant_reference" from '-([0-9]{1,9})$')::integer)) AS n
    FROM "payment_transactions" GROUP BY "order_id"
  ) AS counted
  WHERE counted."order_id" = "orders"."id";--> statement-breakpoint
-- Order events carry orders.cancelled_reason, so the browser can tell an order the customer left
-- unpaid (no 'Payment failed' notice) from one whose payment failed.
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
    'fulfilmentStatus', NEW.fulfilment_status,
    'reason', NEW.cancelled_reason
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
