-- Money in the audit log's details as integer cents, as everywhere else the back office reads money:
-- a product's price (on create, and in the changes of an update) and a refund's amount were written
-- as decimal KES strings ('1200.00'); they become priceCents and amountCents (120000). Only well-formed
-- amounts are converted, so the migration cannot fail on an odd row; it leaves such a row as it was.
UPDATE "audit_logs"
SET "details" = ("details" - 'price') || jsonb_build_object('priceCents', round(("details"->>'price')::numeric * 100)::bigint)
WHERE "action" = 'PRODUCT_CREATE' AND ("details"->>'price') ~ '^[0-9]+(\.[0-9]+)?$';
--> statement-breakpoint
UPDATE "audit_logs"
SET "details" = jsonb_set(
  "details",
  '{changed}',
  (("details"->'changed') - 'price') || jsonb_build_object('priceCents', jsonb_build_object(
    'from', round(("details"->'changed'->'price'->>'from')::numeric * 100)::bigint,
    'to', round(("details"->'changed'->'price'->>'to')::numeric * 100)::bigint
  ))
)
WHERE "action" = 'PRODUCT_UPDATE'
  AND ("details"->'changed'->'price'->>'from') ~ '^[0-9]+(\.[0-9]+)?$'
  AND ("details"->'changed'->'price'->>'to') ~ '^[0-9]+(\.[0-9]+)?$';
--> statement-breakpoint
UPDATE "audit_logs"
SET "details" = ("details" - 'amount') || jsonb_build_object('amountCents', round(("details"->>'amount')::numeric * 100)::bigint)
WHERE "action" IN ('ORDER_REFUND', 'PAYMENT_REFUND') AND ("details"->>'amount') ~ '^[0-9]+(\.[0-9]+)?$';
