-- The shop's search: a product's own search words (Kiswahili and local names: samaki, ngege,
-- kuku), and one normalised text of name, category and those words that the search reads through
-- a trigram index. Accents are folded with translate() and case with lower() (both immutable, so
-- the column can be generated; unaccent is not shipped with PGlite). Uppercase accented letters
-- are folded first, as lower() only lowercases ASCII under the C locale.
ALTER TABLE "products" ADD COLUMN "search_keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(translate("name" || ' ' || "category" || ' ' || "search_keywords",
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÑñÇçÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy'))
) STORED;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops)
  WHERE "published" AND "archived_at" IS NULL;--> statement-breakpoint
-- The shop's pages in name order, all categories or one.
CREATE INDEX "products_on_sale_name_idx" ON "products" USING btree ("name", "id")
  WHERE "published" AND "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_name_idx" ON "products" USING btree ("category", "name", "id")
  WHERE "published" AND "archived_at" IS NULL;
