-- A business customer's KRA PIN and business name for a tax invoice in the business's name: kept
-- on the profile and copied onto each order at checkout (null: an ordinary consumer sale).
ALTER TABLE "profiles" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_kra_pin_check" CHECK ("kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_kra_pin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_kra_pin_check" CHECK ("buyer_kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$');
