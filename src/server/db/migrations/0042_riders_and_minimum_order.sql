-- A minimum order per delivery zone, or a small-order fee below it, as the owner chooses per zone
-- (docs/decisions/052-riders-messages-and-minimum-order.md). Every zone starts with no minimum, so
-- every order already placed and every checkout keeps its meaning.
ALTER TABLE "delivery_zones" ADD COLUMN "small_order_rule" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "minimum_order" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "small_order_fee" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_small_order_check"
  CHECK ("small_order_rule" in ('none', 'minimum', 'fee') and "minimum_order" >= 0 and "small_order_fee" >= 0);
--> statement-breakpoint
-- The fee an order was charged for being small (in the delivery fee's band, declared to KRA with
-- the delivery service); 0 for every order before it.
ALTER TABLE "orders" ADD COLUMN "small_order_fee" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_small_order_fee_check" CHECK ("small_order_fee" >= 0);
