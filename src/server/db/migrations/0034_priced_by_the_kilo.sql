-- Fish sold by the kilo: a product's price per kg, from which each variant's price follows its
-- nominal weight. Null (every product today): variants are priced one by one, as before.
ALTER TABLE "products" ADD COLUMN "price_per_kg" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_per_kg_check" CHECK ("products"."price_per_kg" is null or "products"."price_per_kg" > 0);
