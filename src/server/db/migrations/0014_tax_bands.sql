-- VAT bands (KRA eTIMS tax types A exempt, B 16%, C zero-rated, D non-VAT, E 8%). Products are in
-- band B and the delivery fee in band D (no VAT) unless the merchant chooses otherwise, which is
-- what every order was charged so far. An order keeps each line's band and rate, the fee's band and
-- rate, and what it was charged per band, so a later change of band never rewrites an old order.
ALTER TABLE "products" ADD COLUMN "tax_band" text DEFAULT 'B' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_band_check" CHECK ("products"."tax_band" in ('A', 'B', 'C', 'D', 'E'));
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_band" text DEFAULT 'B' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_bp" integer DEFAULT 1600 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tax_band_check" CHECK ("order_items"."tax_band" in ('A', 'B', 'C', 'D', 'E') and "order_items"."tax_rate_bp" >= 0);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_tax_band" text DEFAULT 'D' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_tax_rate_bp" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_tax_band_check" CHECK ("orders"."delivery_fee_tax_band" in ('A', 'B', 'C', 'D', 'E') and "orders"."delivery_fee_tax_rate_bp" >= 0);
--> statement-breakpoint
CREATE TABLE "order_tax_bands" (
	"order_id" uuid NOT NULL,
	"band" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"taxable_amount" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_tax_bands_order_id_band_pk" PRIMARY KEY("order_id","band"),
	CONSTRAINT "order_tax_bands_band_check" CHECK ("order_tax_bands"."band" in ('A', 'B', 'C', 'D', 'E') and "order_tax_bands"."rate_bp" >= 0),
	CONSTRAINT "order_tax_bands_money_check" CHECK ("order_tax_bands"."taxable_amount" >= 0 and "order_tax_bands"."tax_amount" >= 0 and "order_tax_bands"."taxable_amount" + "order_tax_bands"."tax_amount" = "order_tax_bands"."total_amount")
);
--> statement-breakpoint
ALTER TABLE "order_tax_bands" ADD CONSTRAINT "order_tax_bands_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Orders placed before bands: the lines were charged 16% on the subtotal (band B), the fee no VAT.
INSERT INTO "order_tax_bands" ("order_id", "band", "rate_bp", "taxable_amount", "tax_amount", "total_amount")
SELECT "id", 'B', 1600, "subtotal", "vat", "subtotal" + "vat" FROM "orders" WHERE "subtotal" > 0 OR "vat" > 0;
--> statement-breakpoint
INSERT INTO "order_tax_bands" ("order_id", "band", "rate_bp", "taxable_amount", "tax_amount", "total_amount")
SELECT "id", 'D', 0, "delivery_fee", 0, "delivery_fee" FROM "orders" WHERE "delivery_fee" > 0;
