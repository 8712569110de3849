-- Packing (docs/decisions/051-packing-and-the-real-weight.md): each order line keeps the nominal
-- weight it was sold at (a line sold by the kilo; null for the rest), and what packing made of it:
-- packed (weighed, for a line sold by weight), replaced by a substitute, or unavailable; what is
-- owed back for it is worked out once, when packing of the order is finished. Orders placed before
-- keep no weight: they are packed as pieces.
ALTER TABLE "order_items" ADD COLUMN "nominal_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "packed_by" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "packing_outcome" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_unit_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "packing_refund" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_packed_by_user_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_variant_id_fk" FOREIGN KEY ("substitute_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_nominal_grams_check" CHECK ("order_items"."nominal_grams" is null or "order_items"."nominal_grams" > 0);--> statement-breakpoint
-- An outcome comes with when it was recorded, and only with one.
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_packing_outcome_check" CHECK (
  ("order_items"."packing_outcome" is null or "order_items"."packing_outcome" in ('packed', 'substituted', 'unavailable'))
  and ("order_items"."packing_outcome" is null) = ("order_items"."packed_at" is null)
);--> statement-breakpoint
-- The real weight: 1 g to 50 kg, of a line sold by weight and packed, which must have one.
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weighed_grams_check" CHECK (
  ("order_items"."weighed_grams" is null or "order_items"."weighed_grams" between 1 and 50000)
  and (coalesce("order_items"."packing_outcome", '') = 'packed' and "order_items"."nominal_grams" is not null)
    = ("order_items"."weighed_grams" is not null)
);--> statement-breakpoint
-- A substitute has its variant, name and price, and only a substituted line has one.
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_check" CHECK (
  (coalesce("order_items"."packing_outcome", '') = 'substituted') = ("order_items"."substitute_variant_id" is not null)
  and ("order_items"."substitute_variant_id" is null) = ("order_items"."substitute_name" is null)
  and ("order_items"."substitute_variant_id" is null) = ("order_items"."substitute_unit_price" is null)
  and ("order_items"."substitute_unit_price" is null or "order_items"."substitute_unit_price" >= 0)
);--> statement-breakpoint
-- Owed back only for a line packing decided, never negative.
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_packing_refund_check" CHECK (
  "order_items"."packing_refund" is null or ("order_items"."packing_refund" >= 0 and "order_items"."packing_outcome" is not null)
);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packing_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packing_finished_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packing_refund_total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_packing_finished_by_user_id_fk" FOREIGN KEY ("packing_finished_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Finished packing has its total owed back (0 when nothing is), and only finished packing has one.
ALTER TABLE "orders" ADD CONSTRAINT "orders_packing_check" CHECK (
  ("orders"."packing_finished_at" is null) = ("orders"."packing_refund_total" is null)
  and ("orders"."packing_refund_total" is null or "orders"."packing_refund_total" >= 0)
);--> statement-breakpoint
-- A substitute sent in place of an unavailable item leaves the shelf: its own kind in the ledger,
-- once per order and variant (the existing unique index on order, variant and kind).
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check"
  CHECK ("stock_movements"."kind" in ('reservation', 'release', 'sale', 'restock', 'adjustment', 'substitution'));
