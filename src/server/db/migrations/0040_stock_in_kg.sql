-- Stock kept in kg for fish sold by the kilo (docs/decisions/050-stock-in-kg.md). A product counts
-- its stock in pieces (every product so far) or in kg, which only a product with a price per kg
-- may. In kg, each variant's stock, the product's total of them and its low-stock threshold are
-- grams (whole numbers); a sale of n pieces moves n × the variant's weight. Each ledger row and each
-- declaration to KRA says the unit it was written in, so the ledger reads right after a switch.
ALTER TABLE "products" ADD COLUMN "stock_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_unit_check" CHECK ("products"."stock_unit" in ('piece', 'kg'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_in_kg_check" CHECK ("products"."stock_unit" = 'piece' or "products"."price_per_kg" is not null);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_unit_check" CHECK ("stock_movements"."unit" in ('piece', 'kg'));--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD CONSTRAINT "etims_stock_moves_unit_check" CHECK ("etims_stock_moves"."unit" in ('piece', 'kg'));--> statement-breakpoint
COMMENT ON COLUMN "products"."stock_unit" IS 'How stock is counted: piece, or kg (grams in every stock column of the product; only while price_per_kg is set).';--> statement-breakpoint
COMMENT ON COLUMN "product_variants"."stock" IS 'What is left to sell: whole pieces, or grams while the product''s stock_unit is kg.';--> statement-breakpoint
COMMENT ON COLUMN "stock_movements"."unit" IS 'The unit quantity and stock_after are in: piece, or kg (grams).';--> statement-breakpoint
COMMENT ON COLUMN "etims_stock_moves"."unit" IS 'The KRA item declared: the product in pieces, or in kg (quantity and rsd_qty in grams).';
