-- A signed-in customer's cart kept by the server (docs/decisions/059-saved-carts-and-reminders.md):
-- one row per customer, its lines as product, variant and quantity, the value at the last save, and
-- whether the cart's reminder SMS went. Customers opt in to those reminders; nobody is opted in.
CREATE TABLE "saved_carts" (
  "user_id" text PRIMARY KEY NOT NULL,
  "lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "value" numeric(12, 2) DEFAULT '0' NOT NULL,
  "started_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "reminder_sent_at" timestamp with time zone,
  CONSTRAINT "saved_carts_value_check" CHECK ("saved_carts"."value" >= 0),
  CONSTRAINT "saved_carts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "saved_carts_waiting_idx" ON "saved_carts" USING btree ("updated_at") WHERE "saved_carts"."started_at" is not null;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cart_reminders" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cart_reminders_at" timestamp with time zone;
