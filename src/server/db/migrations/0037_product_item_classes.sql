-- A product's KRA item class (itemClsCd from KRA's selectItemClsList), chosen in the back office's
-- product form; null: the class of its category (ETIMS_ITEM_CLASSES). KRA's codes are digits, up
-- to 10 (UNSPSC style); the shop checks the code against the list it cached before saving it.
ALTER TABLE "products" ADD COLUMN "etims_item_class" text;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_etims_item_class_check" CHECK ("etims_item_class" ~ '^[0-9]{1,10}$');
