-- Variants are the only writable source of price and stock. The product-to-variant trigger of
-- migration 0019 goes: products.price and products.stock stay as read models for listings, kept
-- from the enabled variants by variant_to_product, and a statement that writes them is refused.
DROP TRIGGER IF EXISTS "products_to_variants" ON "products";
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_to_variants();
--> statement-breakpoint
-- The read models start exact: a product with options whose stock or price was written directly
-- (which never reached its variants) now shows what its variants hold. A product whose variants
-- are all disabled keeps its last price, as the trigger does.
UPDATE "products" p SET "stock" = a.stock, "price" = COALESCE(a.price, p."price")
FROM (
  SELECT pr."id",
         COALESCE(sum(v."stock") FILTER (WHERE v."enabled"), 0)::integer AS stock,
         min(v."price") FILTER (WHERE v."enabled") AS price
  FROM "products" pr LEFT JOIN "product_variants" v ON v."product_id" = pr."id"
  GROUP BY pr."id"
) a
WHERE a."id" = p."id" AND (p."stock" <> a.stock OR p."price" <> COALESCE(a.price, p."price"));
--> statement-breakpoint
-- As in 0019, less the depth guard: nothing writes back to the variants any more, so a variant
-- changed by any trigger must move its product too.
CREATE OR REPLACE FUNCTION variant_to_product() RETURNS trigger AS $$
DECLARE
  pid uuid;
  delta integer;
BEGIN
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
-- A statement of its own (trigger depth 1) may not change products.price or products.stock; the
-- variant trigger's updates run deeper. A new product starts at stock 0 (its variants bring their
-- stock); its price stands until its first enabled variant sets it. Refused rather than silently
-- replaced, so a writer that still targets the product learns it at once and nothing is half-done.
CREATE OR REPLACE FUNCTION products_aggregates_read_only() RETURNS trigger AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.stock <> 0 THEN
      RAISE EXCEPTION 'A new product''s stock is its variants'': insert it with stock 0 and give the stock to its variant'
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.price IS DISTINCT FROM OLD.price OR NEW.stock IS DISTINCT FROM OLD.stock THEN
    RAISE EXCEPTION 'products.price and products.stock follow the product''s variants: change the variant (product_variants)'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "products_aggregates_read_only"
  BEFORE INSERT OR UPDATE OF "price", "stock" ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_aggregates_read_only();
--> statement-breakpoint
-- Every product is sold through a variant: at commit, a new product has one, and deleting a
-- variant (retiring an implicit one for options) leaves its product at least one.
CREATE OR REPLACE FUNCTION product_has_a_variant() RETURNS trigger AS $$
DECLARE
  pid uuid;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    pid := NEW.id;
  ELSE
    pid := OLD.product_id;
  END IF;
  IF EXISTS (SELECT 1 FROM products WHERE id = pid)
     AND NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = pid) THEN
    RAISE EXCEPTION 'Product % has no variant: a product is written with its variant in one transaction', pid
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_have_a_variant"
  AFTER INSERT ON "products" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION product_has_a_variant();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_leave_one"
  AFTER DELETE ON "product_variants" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION product_has_a_variant();
