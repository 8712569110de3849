-- Phone numbers are stored in E.164 ('+254722000111'), whichever way the customer typed them. This
-- normalises the numbers stored before, by the same rule as src/domain/phone.ts: Kenyan numbers in
-- local ('0722 000 111', '722000111') or international form, other countries' only with '+'.
-- A number the rule cannot read is left as it was.
CREATE FUNCTION shop_e164_phone(input text) RETURNS text AS $$
DECLARE
  compact text := regexp_replace(input, '[\s\-().\[\]]', '', 'g');
BEGIN
  IF length(input) > 40 THEN RETURN NULL; END IF;
  IF compact LIKE '00%' THEN compact := '+' || substr(compact, 3); END IF;
  IF compact ~ '^\+?2540?[1-9][0-9]{8}$' THEN RETURN '+254' || right(compact, 9); END IF;
  IF compact LIKE '+254%' THEN RETURN NULL; END IF;
  IF compact ~ '^\+[1-9][0-9]{6,14}$' THEN RETURN compact; END IF;
  IF compact ~ '^0[1-9][0-9]{8}$' THEN RETURN '+254' || substr(compact, 2); END IF;
  IF compact ~ '^[17][0-9]{8}$' THEN RETURN '+254' || compact; END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql IMMUTABLE;--> statement-breakpoint
UPDATE "profiles" SET "phone" = shop_e164_phone("phone")
  WHERE shop_e164_phone("phone") IS DISTINCT FROM "phone" AND shop_e164_phone("phone") IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "customer_phone" = shop_e164_phone("customer_phone")
  WHERE shop_e164_phone("customer_phone") IS DISTINCT FROM "customer_phone" AND shop_e164_phone("customer_phone") IS NOT NULL;--> statement-breakpoint
-- The attempt's masked copy is redone from the new number (first three and last three digits shown).
UPDATE "payment_transactions" SET
    "customer_phone" = shop_e164_phone("customer_phone"),
    "customer_phone_display" = left(shop_e164_phone("customer_phone"), 3)
      || repeat('*', length(shop_e164_phone("customer_phone")) - 6) || right(shop_e164_phone("customer_phone"), 3)
  WHERE shop_e164_phone("customer_phone") IS DISTINCT FROM "customer_phone" AND shop_e164_phone("customer_phone") IS NOT NULL;--> statement-breakpoint
UPDATE "app_settings" SET "value" = jsonb_set("value", '{phone}', to_jsonb(shop_e164_phone("value"->>'phone')))
  WHERE "key" = 'shop_details' AND jsonb_typeof("value") = 'object'
    AND shop_e164_phone("value"->>'phone') IS DISTINCT FROM "value"->>'phone' AND shop_e164_phone("value"->>'phone') IS NOT NULL;--> statement-breakpoint
DROP FUNCTION shop_e164_phone(text);--> statement-breakpoint
-- The old placeholders (a made-up number, bare social home pages) saved as if they were the shop's:
-- cleared, so the storefront leaves them out and the back office lists them as missing.
UPDATE "app_settings" SET "value" = "value"
    || CASE WHEN "value"->>'phone' = '+254700000000' THEN '{"phone": ""}'::jsonb ELSE '{}'::jsonb END
    || CASE WHEN "value"->>'facebookUrl' = 'https://www.facebook.com/' THEN '{"facebookUrl": ""}'::jsonb ELSE '{}'::jsonb END
    || CASE WHEN "value"->>'instagramUrl' = 'https://www.instagram.com/' THEN '{"instagramUrl": ""}'::jsonb ELSE '{}'::jsonb END
    || CASE WHEN "value"->>'xUrl' = 'https://x.com/' THEN '{"xUrl": ""}'::jsonb ELSE '{}'::jsonb END
  WHERE "key" = 'shop_details' AND jsonb_typeof("value") = 'object';
--> statement-breakpoint
-- Where the rider must go, beyond the address: the house, apartment or building, and directions.
ALTER TABLE "orders" ADD COLUMN "delivery_building" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_directions" text;
