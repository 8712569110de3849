-- Product options and variants. A product has up to three option kinds (Size, Preparation), each
-- with ordered values; every combination the merchant sells is a variant with its own SKU, price,
-- stock and weight. A product without options has one implicit variant (no option values), so
-- every product is sold through a variant and stock lives on the variant. products.stock stays the
-- sum of the enabled variants' stock and products.price the lowest enabled price ("from"), kept by
-- the triggers below, so listings and low-stock read one row per product as before.
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_options_position_check" CHECK ("product_options"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id","position");
--> statement-breakpoint
CREATE TABLE "product_option_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"option_id" uuid NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_option_values_position_check" CHECK ("product_option_values"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" USING btree ("option_id","position");
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_value_ids" uuid[] DEFAULT '{}' NOT NULL,
	"sku" text,
	"price" numeric(12, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"image_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0),
	CONSTRAINT "product_variants_weight_check" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_values_idx" ON "product_variants" USING btree ("product_id","option_value_ids");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null;
--> statement-breakpoint
-- Every product so far becomes its one implicit variant, with its price and stock.
INSERT INTO "product_variants" ("product_id", "price", "stock", "image_url", "created_at", "updated_at")
SELECT "id", "price", "stock", NULL, "created_at", "updated_at" FROM "products";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE "stock_movements" m SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = m."product_id";
--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "stock_movements_order_once_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_order_once_idx" ON "stock_movements" USING btree ("order_id","variant_id","kind") WHERE "stock_movements"."order_id" is not null;
--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at");
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "order_items" i SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = i."product_id";
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "order_items_order_product_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_variant_idx" ON "order_items" USING btree ("order_id","variant_id");
--> statement-breakpoint
-- A new product gets its implicit variant; a direct change of an option-less product's price or
-- stock goes to that variant. Changes made by the variant trigger (depth > 1) are not sent back.
CREATE OR REPLACE FUNCTION product_to_variants() RETURNS trigger AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_variants (product_id, price, stock, created_at, updated_at)
    VALUES (NEW.id, NEW.price, NEW.stock, NEW.created_at, NEW.updated_at);
  ELSIF (NEW.price IS DISTINCT FROM OLD.price OR NEW.stock IS DISTINCT FROM OLD.stock)
        AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = NEW.id) THEN
    UPDATE product_variants SET price = NEW.price, stock = NEW.stock, updated_at = NEW.updated_at
    WHERE product_id = NEW.id AND option_value_ids = '{}';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_to_variants
  AFTER INSERT OR UPDATE OF price, stock ON products
  FOR EACH ROW EXECUTE FUNCTION product_to_variants();
--> statement-breakpoint
-- products.stock moves by the change of the enabled stock (a delta, so concurrent sales of two
-- variants of one product both count); products.price is the lowest enabled variant price.
CREATE OR REPLACE FUNCTION variant_to_product() RETURNS trigger AS $$
DECLARE
  pid uuid;
  delta integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  pid := COALESCE(NEW.product_id, OLD.product_id);
  delta := (CASE WHEN TG_OP <> 'DELETE' AND NEW.enabled THEN NEW.stock ELSE 0 END)
         - (CASE WHEN TG_OP <> 'INSERT' AND OLD.enabled THEN OLD.stock ELSE 0 END);
  IF delta <> 0 THEN
    UPDATE products SET stock = stock + delta WHERE id = pid;
  END IF;
  IF TG_OP <> 'UPDATE' OR NEW.price IS DISTINCT FROM OLD.price OR NEW.enabled IS DISTINCT FROM OLD.enabled THEN
    UPDATE products p SET price = m.price
    FROM (SELECT min(price) AS price FROM product_variants WHERE product_id = pid AND enabled) m
    WHERE p.id = pid AND m.price IS NOT NULL AND p.price IS DISTINCT FROM m.price;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_to_product
  AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_to_product();
