-- Promotion codes and automatic offers (docs/decisions/057-promotions.md). Each order line keeps
-- its share of the order's discount; the order keeps the discount total and the promotion's code or
-- name. Orders placed before have no discount: every default is 0 or null. A variant may carry a
-- 'was' price shown struck through.
CREATE TABLE "promotions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "value" integer DEFAULT 0 NOT NULL,
  "minimum_spend" numeric(12, 2) DEFAULT '0' NOT NULL,
  "first_order_only" boolean DEFAULT false NOT NULL,
  "per_customer_limit" integer,
  "total_limit" integer,
  "starts_at" timestamp with time zone,
  "ends_at" timestamp with time zone,
  "weekdays" integer[] DEFAULT '{}' NOT NULL,
  "scope" text DEFAULT 'all' NOT NULL,
  "scope_ids" text[] DEFAULT '{}' NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'fixed', 'free_delivery')),
  CONSTRAINT "promotions_scope_check" CHECK ("promotions"."scope" in ('all', 'products', 'variants', 'categories')),
  CONSTRAINT "promotions_value_check" CHECK (("promotions"."kind" = 'percent' and "promotions"."value" between 1 and 100) or ("promotions"."kind" = 'fixed' and "promotions"."value" > 0) or ("promotions"."kind" = 'free_delivery' and "promotions"."value" = 0)),
  CONSTRAINT "promotions_limits_check" CHECK ("promotions"."minimum_spend" >= 0 and ("promotions"."per_customer_limit" is null or "promotions"."per_customer_limit" > 0) and ("promotions"."total_limit" is null or "promotions"."total_limit" > 0)),
  CONSTRAINT "promotions_window_check" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."starts_at" < "promotions"."ends_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code") WHERE "promotions"."code" is not null;
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "promotion_id" uuid NOT NULL,
  "order_id" uuid NOT NULL,
  "user_id" text NOT NULL,
  "amount" numeric(12, 2) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotion_redemptions_amount_check" CHECK ("promotion_redemptions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_idx" ON "promotion_redemptions" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_user_idx" ON "promotion_redemptions" USING btree ("promotion_id", "user_id");
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount" >= 0 and "order_items"."discount" <= "order_items"."line_total");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_total_check" CHECK ("orders"."discount_total" >= 0);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "compare_at_price" numeric(12, 2);
