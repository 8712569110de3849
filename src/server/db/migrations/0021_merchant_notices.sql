-- The merchant hears every order. The morning summary's SMS is about no one order, so an SMS may
-- name none; one row per Nairobi day records that day's summary, so it is queued once whichever
-- instance runs the job.
ALTER TABLE "outbound_sms" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "morning_summaries" (
  "day" date PRIMARY KEY NOT NULL,
  "order_count" integer NOT NULL,
  "total" numeric(12, 2) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Order events carry needs_attention, and an order newly flagged for the merchant is announced even
-- when its status stays ('staffOnly': the back office's stream only, never the customer's).
CREATE OR REPLACE FUNCTION notify_order_change() RETURNS trigger AS $$
DECLARE
  moved boolean := true;
  flagged boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    moved := NEW.status IS DISTINCT FROM OLD.status OR NEW.fulfilment_status IS DISTINCT FROM OLD.fulfilment_status;
    flagged := NEW.needs_attention AND NOT OLD.needs_attention;
  END IF;
  IF NOT moved AND NOT flagged THEN
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
    'reason', NEW.cancelled_reason,
    'needsAttention', NEW.needs_attention,
    'staffOnly', NOT moved
  )::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
