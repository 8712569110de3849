-- Explicit back-office roles: the one 'admin' role becomes 'owner' (everything, as before), beside
-- 'staff' and 'rider'. Orders get the rider who carries them and a failed delivery attempt.
ALTER TABLE "profiles" DROP CONSTRAINT IF EXISTS "profiles_role_check";
--> statement-breakpoint
UPDATE "profiles" SET "role" = 'owner' WHERE "role" = 'admin';
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role_check" CHECK ("role" in ('customer', 'owner', 'staff', 'rider'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_id" text REFERENCES "user"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_assigned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_failed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_failed_reason" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_rider_idx" ON "orders" ("rider_id") WHERE "rider_id" is not null;
